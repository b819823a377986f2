import { characterCount, FIELD_MESSAGES } from '../shared/field-messages';

/**
 * DRF's messages for a text field that breaks its rule. The HTTP layer checks
 * shape first; the contact entities repeat the check so that a value that would
 * not fit its column never reaches storage.
 */
export interface TextRule {
  max: number;
  /** Required fields refuse null and blank; optional ones accept both. */
  required?: boolean;
}

export function textFieldErrors(value: string | null | undefined, rule: TextRule): string[] {
  if (value === undefined) return rule.required ? [FIELD_MESSAGES.required] : [];
  if (value === null) return rule.required ? [FIELD_MESSAGES.notNull] : [];
  if (rule.required && value.trim() === '') return [FIELD_MESSAGES.notBlank];
  if (characterCount(value) > rule.max) return [FIELD_MESSAGES.maxLength(rule.max)];
  return [];
}

/** Trims a name as DRF's CharField does; null stays null. */
export function trimmed<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.trim() : value) as T;
}
