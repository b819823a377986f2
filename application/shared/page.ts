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

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.pageSize;
}
