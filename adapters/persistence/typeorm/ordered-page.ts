import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { offsetOf, Ordering, Page, PageRequest } from '../../../application/shared/page';

/** How a list's ordering field sorts: a column of the query's alias, text or not. */
export interface SortColumn {
  column: string;
  /** Case-insensitive, null as empty: the same order on SQLite and Postgres, whatever the collation. */
  text?: boolean;
}

/**
 * One page of `query` (aliased `alias`) in the requested order, with the total
 * count. The row id breaks ties, so that consecutive pages neither repeat nor
 * skip a row.
 */
export async function orderedPage<R extends ObjectLiteral, F extends string>(
  query: SelectQueryBuilder<R>,
  alias: string,
  columns: Record<F, SortColumn>,
  ordering: Ordering<F>,
  page: PageRequest,
): Promise<Page<R>> {
  const direction = ordering.descending ? 'DESC' : 'ASC';
  const { column, text } = columns[ordering.field];
  const key = text ? `LOWER(COALESCE(${alias}.${column}, ''))` : `${alias}.${column}`;
  const [items, total] = await query
    .orderBy(key, direction)
    .addOrderBy(`${alias}.id`, direction)
    .offset(offsetOf(page))
    .limit(page.pageSize)
    .getManyAndCount();
  return { items, total };
}
