import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { offsetOf, PageRequest } from '../../../application/shared/page';

export interface ColumnOrdering {
  /** A column of the query's main alias. */
  column: string;
  descending: boolean;
}

/**
 * One page of a filtered query and the count of all its rows. The internal id
 * breaks ties in the same direction, so that pages never overlap or skip rows.
 */
export async function fetchPage<Row extends ObjectLiteral>(
  query: SelectQueryBuilder<Row>,
  ordering: ColumnOrdering,
  page: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const alias = query.alias;
  const direction = ordering.descending ? 'DESC' : 'ASC';
  const counted = await query.clone().select('COUNT(*)', 'count').getRawOne<{ count: string | number | bigint }>();
  const rows = await query
    .clone()
    .orderBy(`${alias}.${ordering.column}`, direction)
    .addOrderBy(`${alias}.id`, direction)
    .offset(offsetOf(page))
    .limit(page.pageSize)
    .getMany();
  return { rows, total: Number(counted?.count ?? 0) };
}
