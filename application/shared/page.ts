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

/** The requested page of a list already in order, with the list's length as its total. */
export function slicePage<T>(items: readonly T[], request: PageRequest): Page<T> {
  const start = offsetOf(request);
  return { items: items.slice(start, start + request.pageSize), total: items.length };
}
