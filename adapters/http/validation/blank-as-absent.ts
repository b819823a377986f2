import { Transform } from 'class-transformer';

/** django-filter skips a filter given an empty value (`?status=`) instead of refusing it. */
export function BlankAsAbsent(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value));
}
