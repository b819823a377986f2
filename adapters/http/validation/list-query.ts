import { ClassConstructor, Expose, plainToInstance, Transform } from 'class-transformer';
import { getMetadataStorage, IsIn, IsInt, IsOptional, IsString, Min, registerDecorator, ValidationError, validateSync } from 'class-validator';
import { Context } from 'koa';
import { Ordering, Page, PageRequest } from '../../../application/shared/page';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Choices } from '../../../domain/shared/choices';
import { FieldErrors, ValidationFailed } from '../../../domain/shared/errors';
import { JsonSchema } from './fields';

/**
 * Query-string DTOs of the list endpoints: flat strings, so class-transformer
 * picks the declared parameters and class-validator checks them with DRF's
 * filter messages. A malformed parameter is a 400 on that parameter.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value === undefined ? undefined : NaN;

const INVALID_INTEGER = { message: 'A valid integer is required.' };
const AT_LEAST_ONE = { message: 'Ensure this value is greater than or equal to 1.' };

// Decorators apply bottom-up and class-validator checks (and, stopping at the first error, reports) in
// that order: the integer check must come last in the source so that "x" reads as not an integer.
export class ListQuery {
  @Expose() @IsOptional() @Transform(toInteger) @Min(1, AT_LEAST_ONE) @IsInt(INVALID_INTEGER)
  page?: number;

  @Expose() @IsOptional() @Transform(toInteger) @Min(1, AT_LEAST_ONE) @IsInt(INVALID_INTEGER)
  page_size?: number;

  @Expose() @IsOptional() @IsString()
  ordering?: string;
}

/** A filter that takes one value of an enumeration. */
export function IsChoiceOf(choices: Choices<string> | readonly string[]): PropertyDecorator {
  const values = Array.isArray(choices) ? choices : (choices as Choices<string>).values;
  return IsIn(values, {
    message: ({ value }) => `Select a valid choice. ${String(value)} is not one of the available choices.`,
  });
}

/** A filter that takes a `YYYY-MM-DD` calendar date. */
export function IsCalendarDate(): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: String(property),
      options: { message: 'Enter a valid date.' },
      validator: { validate: (value: unknown) => typeof value === 'string' && CalendarDate.parse(value) !== null },
    });
}

export function readQuery<T extends ListQuery>(dto: ClassConstructor<T>, query: Record<string, unknown>): T {
  const lastValues = Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[value.length - 1] : value]),
  );
  const instance = plainToInstance(dto, lastValues, { excludeExtraneousValues: true, exposeUnsetFields: false });
  const errors = validateSync(instance, { stopAtFirstError: true });
  if (errors.length > 0) throw new ValidationFailed(toFieldErrors(errors));
  return instance;
}

function toFieldErrors(errors: ValidationError[]): FieldErrors {
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})]));
}

export function pageRequestOf(query: ListQuery): PageRequest {
  return { page: query.page ?? 1, pageSize: Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
}

/** `ordering=field` or `ordering=-field` among the resource's allowed fields. */
export function orderingOf<F extends string>(
  query: ListQuery,
  allowed: Readonly<Record<string, F>>,
  fallback: Ordering<F>,
): Ordering<F> {
  if (!query.ordering) return fallback;
  const descending = query.ordering.startsWith('-');
  const name = descending ? query.ordering.slice(1) : query.ordering;
  const field = Object.prototype.hasOwnProperty.call(allowed, name) ? allowed[name] : undefined;
  if (!field) {
    throw ValidationFailed.field(
      'ordering',
      `Select a valid choice. ${query.ordering} is not one of the available choices.`,
    );
  }
  return { field, descending };
}

/** Writes one page: the JSON array, `X-Total-Count` and an RFC 8288 `Link` header. */
export function sendPage<T, R>(ctx: Context, page: Page<T>, request: PageRequest, present: (item: T) => R): void {
  const last = Math.max(1, Math.ceil(page.total / request.pageSize));
  const link = (number: number, rel: string) => {
    const url = new URL(ctx.href);
    url.searchParams.set('page', String(number));
    url.searchParams.set('page_size', String(request.pageSize));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (request.page > 1) links.push(link(Math.min(request.page - 1, last), 'prev'));
  if (request.page < last) links.push(link(request.page + 1, 'next'));
  links.push(link(last, 'last'));
  ctx.set('X-Total-Count', String(page.total));
  ctx.set('Link', links.join(', '));
  ctx.body = page.items.map(present);
}

/** One page of a list that is already in memory (short lists: members, invitations). */
export function pageOfList<T>(items: T[], request: PageRequest): Page<T> {
  const start = (request.page - 1) * request.pageSize;
  return { items: items.slice(start, start + request.pageSize), total: items.length };
}

/**
 * A filter left empty (`?status=`) filters nothing, as with django-filter;
 * text filters are also trimmed, as Django's form fields do.
 */
export function BlankAsAbsent(): PropertyDecorator {
  return Transform(({ value }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return text === '' ? undefined : text;
  });
}

/** A list endpoint's query string: its DTO and, when it can be ordered, the `ordering` choices. */
export interface ListParameters {
  query: ClassConstructor<ListQuery>;
  orderings?: Readonly<Record<string, string>>;
}

/**
 * The OpenAPI query parameters of a list, read from the class-validator rules
 * of its DTO (the same rules `readQuery` applies), so they cannot drift.
 */
export function queryParameters(list: ListParameters): JsonSchema[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(list.query, '', true, false);
  const names = [...new Set(['page', 'page_size', 'ordering', ...rules.map((rule) => rule.propertyName)])];
  return names.flatMap((name) => {
    if (name === 'ordering' && !list.orderings) return [];
    const schema: JsonSchema = { type: 'string' };
    for (const rule of rules.filter((r) => r.propertyName === name)) {
      if (rule.name === 'isIn') schema.enum = rule.constraints[0];
      if (rule.name === 'isCalendarDate') schema.format = 'date';
      if (rule.name === 'isInt') schema.type = 'integer';
      if (rule.name === 'min') schema.minimum = rule.constraints[0];
    }
    if (name === 'ordering' && list.orderings) {
      schema.enum = Object.keys(list.orderings).flatMap((field) => [field, `-${field}`]);
    }
    return [{ name, in: 'query', required: false, schema, ...(name in QUERY_DESCRIPTIONS && { description: QUERY_DESCRIPTIONS[name] }) }];
  });
}

const QUERY_DESCRIPTIONS: Record<string, string> = {
  page: 'The page to answer, from 1.',
  page_size: `Items per page: ${DEFAULT_PAGE_SIZE} when absent, at most ${MAX_PAGE_SIZE} (a larger size is cut to it).`,
  ordering: 'The field to sort by; a leading `-` sorts descending.',
  search: 'Text the record contains, in any case.',
};
