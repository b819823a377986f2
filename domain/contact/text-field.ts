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
  if (value === undefined) return rule.required ? ['This field is required.'] : [];
  if (value === null) return rule.required ? ['This field may not be null.'] : [];
  if (rule.required && value.trim() === '') return ['This field may not be blank.'];
  // Code points, not UTF-16 units: as DRF and the database count characters.
  if ([...value].length > rule.max) return [`Ensure this field has no more than ${rule.max} characters.`];
  return [];
}

/** Trims a name as DRF's CharField does; null stays null. */
export function trimmed<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.trim() : value) as T;
}
