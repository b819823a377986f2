/**
 * DRF's default messages for a field that is missing, null, blank, too long or
 * outside its choices. The HTTP serializer fields and the entities that re-check
 * their fields share them, so that both layers answer the same words.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  notBlank: 'This field may not be blank.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  minLength: (min: number) => `Ensure this field has at least ${min} characters.`,
  invalidChoice: (value: string) => `"${value}" is not a valid choice.`,
} as const;

/** Characters as DRF (Python's `len`) and the databases count them: code points, not UTF-16 units. */
export function characterCount(value: string): number {
  return [...value].length;
}
