import { offsetOf, Page, PageRequest } from '../../../application/shared/page';

export type Comparison = -1 | 0 | 1;

export const compareValues = <T extends string | number>(a: T, b: T): Comparison => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One page of `rows` sorted as the SQL adapters sort: by the ordering, then by
 * the internal id in the same direction.
 */
export function pageOf<R extends { id: string }>(
  rows: R[],
  compare: (a: R, b: R) => Comparison,
  descending: boolean,
  page: PageRequest,
): Page<R> {
  const sign = descending ? -1 : 1;
  const sorted = [...rows].sort((a, b) => sign * (compare(a, b) || compareValues(a.id, b.id)));
  const start = offsetOf(page);
  return { items: sorted.slice(start, start + page.pageSize), total: rows.length };
}
