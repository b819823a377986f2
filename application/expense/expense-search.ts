/**
 * Search is case-insensitive on every engine alike because both sides are
 * lowered here, in one place: storage keeps `searchKeyOf` beside the expense
 * and matches it with a plain substring test. The separator cannot occur in a
 * term, so a match never spans the number and the title.
 */
const SEPARATOR = '\u001f';

export function searchKeyOf(expenseNumber: string, title: string): string {
  return `${expenseNumber.toLowerCase()}${SEPARATOR}${title.toLowerCase()}`;
}

/** The term to look for in search keys, or null when there is nothing to look for. */
export function searchTermOf(search: string | undefined): string | null {
  const term = (search ?? '').split(SEPARATOR).join('').trim().toLowerCase();
  return term === '' ? null : term;
}
