/**
 * The one rule by which every storage adapter searches and sorts text
 * case-insensitively: both sides are lower-cased here, in JavaScript, never by
 * an engine's LOWER() (which folds only ASCII on SQLite). The TypeORM adapters
 * keep the key in a `…_key` column beside the text and compare it byte by
 * byte (Postgres in the "C" collation), the in-memory adapters compute it on
 * the fly: all of them then match and order alike.
 */

// Several texts searched as one (an expense's number and title) are joined by a
// character that a search term cannot contain, so a match never spans two.
const SEPARATOR = '\u001f';

/** The key of a text, or of several texts searched together; null stays null. */
export function searchKey(...texts: string[]): string;
export function searchKey(...texts: (string | null)[]): string | null;
export function searchKey(...texts: (string | null)[]): string | null {
  if (texts.length === 1 && texts[0] === null) return null;
  return texts.map((text) => (text ?? '').toLowerCase()).join(SEPARATOR);
}

/** The key to look for inside search keys: lower-cased, without the separator. */
export function searchTerm(term: string): string {
  return term.split(SEPARATOR).join('').toLowerCase();
}

/** Whether `key` (a `searchKey`) contains `term`, as `LIKE '%term%'` finds it. */
export function keyContains(key: string | null, term: string): boolean {
  return key !== null && key.includes(searchTerm(term));
}
