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
  nullCharacters: 'Null characters are not allowed.',
  surrogate: (codePoint: number) => `Surrogate characters are not allowed: U+${codePoint.toString(16).toUpperCase()}.`,
} as const;

/**
 * The most characters a text field holds where the spec gives no maximum
 * (`description`, notes, …): enough for any prose, and a bound on what a
 * record, its history and its search keys keep. DRF's `max_length`, refused
 * with its message.
 */
export const DEFAULT_TEXT_MAX_LENGTH = 10_000;

// A lone surrogate, which UTF-8 (and so neither database) cannot hold; a valid pair is one astral character.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * DRF's CharField validators after the lengths (`ProhibitNullCharactersValidator`,
 * `ProhibitSurrogateCharactersValidator`): text no database can store whole.
 */
export function unstorableTextProblems(value: string): string[] {
  const errors: string[] = [];
  if (value.includes('\u0000')) errors.push(FIELD_MESSAGES.nullCharacters);
  const surrogate = LONE_SURROGATE.exec(value);
  if (surrogate) errors.push(FIELD_MESSAGES.surrogate(surrogate[0].charCodeAt(0)));
  return errors;
}

/** Characters as DRF (Python's `len`) and the databases count them: code points, not UTF-16 units. */
export function characterCount(value: string): number {
  return [...value].length;
}
