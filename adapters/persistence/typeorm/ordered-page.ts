import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { offsetOf, Page, PageRequest } from '../../../application/shared/page';

/** How a list's ordering field sorts: a column of the query's main alias, text or not. */
export interface SortColumn {
  column: string;
  /** Case-insensitive, null as empty: the same order on SQLite and Postgres, whatever the collation. */
  text?: boolean;
}

/**
 * One page of a filtered query in the requested order, and the count of all
 * its rows (a plain COUNT(*), which an index can answer). The internal id
 * breaks ties in the same direction, so that pages never repeat or skip a row.
 */
export async function orderedPage<R extends ObjectLiteral>(
  query: SelectQueryBuilder<R>,
  sort: SortColumn,
  descending: boolean,
  page: PageRequest,
): Promise<Page<R>> {
  const alias = query.alias;
  const direction = descending ? 'DESC' : 'ASC';
  const key = sort.text ? `LOWER(COALESCE(${alias}.${sort.column}, ''))` : `${alias}.${sort.column}`;
  const counted = await query.clone().select('COUNT(*)', 'count').getRawOne<{ count: string | number | bigint }>();
  const items = await query
    .clone()
    .orderBy(key, direction)
    .addOrderBy(`${alias}.id`, direction)
    .offset(offsetOf(page))
    .limit(page.pageSize)
    .getMany();
  return { items, total: Number(counted?.count ?? 0) };
}
