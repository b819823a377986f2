/** One page of a list, as every list port answers it. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Ordering<F extends string> {
  field: F;
  descending: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * What every list port takes after the organisation: the resource's filters
 * (declared once, in its ports), the ordering among its fields and the page.
 */
export interface ListQuery<F, O extends string> {
  filters: F;
  ordering: Ordering<O>;
  page: PageRequest;
}

/** The filters of a list that has none. */
export type NoFilters = Record<string, never>;

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.pageSize;
}

/**
 * Whether the page lies past the end of every list: its offset is no exact
 * integer (`?page=99999999999999999`), which no engine takes as an OFFSET.
 * Such a page is empty, and its list still answers its total.
 */
export function pastEveryList(request: PageRequest): boolean {
  return !Number.isSafeInteger(offsetOf(request));
}

/** The requested page of a list already in order, with the list's length as its total. */
export function slicePage<T>(items: readonly T[], request: PageRequest): Page<T> {
  if (pastEveryList(request)) return { items: [], total: items.length };
  const start = offsetOf(request);
  return { items: items.slice(start, start + request.pageSize), total: items.length };
}

/** The rows of one list that a page covers: `limit` rows from `offset`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * A page of lists read one after the other as one list (a report's two
 * lists of vendors): the window it covers on each of them, whose lengths are
 * `lengths`, or null where it covers none of that list.
 */
export function windowsOver(request: PageRequest, lengths: readonly number[]): (PageWindow | null)[] {
  if (pastEveryList(request)) return lengths.map(() => null);
  let start = offsetOf(request);
  let wanted = request.pageSize;
  return lengths.map((length) => {
    const offset = Math.min(start, length);
    const limit = Math.min(wanted, length - offset);
    start -= offset;
    wanted -= limit;
    return limit > 0 ? { offset, limit } : null;
  });
}
