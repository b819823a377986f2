import { offsetOf, Page, PageRequest, PageWindow, pastEveryList } from '../../../application/shared/page';
import { NamedParameters, ResultTable, SqlQuery, TypeOrmDatabase } from './engine';

/** How every list's statement ends: its window over the list's order, with `windowOf`'s values. */
export const PAGE_WINDOW = 'LIMIT :limit OFFSET :offset';

/** The values of `PAGE_WINDOW` for a page, or for one window of it (see `windowsOver`). */
export function windowOf(request: PageRequest | PageWindow): NamedParameters {
  return 'offset' in request ? { limit: request.limit, offset: request.offset } : { limit: request.pageSize, offset: offsetOf(request) };
}

/**
 * One page of a list, as every SQL list reads it: the list's total and the
 * page's rows read together, as one snapshot. A page past the end of every
 * list (`pastEveryList`) reads the total alone and has no rows: its offset is
 * no number either engine would take.
 */
export async function readPage(db: TypeOrmDatabase, request: PageRequest, count: SqlQuery, page: () => SqlQuery): Promise<{ total: number; rows: ResultTable | null }> {
  if (pastEveryList(request)) {
    const [counted] = await db.read([count]);
    return { total: totalOf(counted), rows: null };
  }
  const [counted, rows] = await db.read([count, page()]);
  return { total: totalOf(counted), rows };
}

/** The list's total, the first column of the first row of its count. */
export function totalOf(counted: ResultTable): number {
  return Number(counted.rows[0]?.[0] ?? 0);
}

/** A list read with one statement: `SELECT <columns> FROM <from> WHERE <where> ORDER BY <orderBy>`. */
export interface SqlList {
  columns: string;
  from: string;
  where: string;
  /** A total order (it ends with a unique column), so that pages neither repeat nor skip a row. */
  orderBy: string;
  parameters: NamedParameters;
}

/** One page of `list`, each row an object keyed by its column names. */
export async function readListPage(db: TypeOrmDatabase, list: SqlList, request: PageRequest): Promise<Page<Record<string, unknown>>> {
  const { total, rows } = await readPage(db, request, db.sql(`SELECT COUNT(*) AS count FROM ${list.from} WHERE ${list.where}`, list.parameters), () =>
    db.sql(
      `SELECT ${list.columns} FROM ${list.from} WHERE ${list.where} ORDER BY ${list.orderBy} ${PAGE_WINDOW}`,
      Object.assign({}, list.parameters, windowOf(request)),
    ),
  );
  return { total, items: rows ? objectsOf(rows) : [] };
}

function objectsOf(table: ResultTable): Record<string, unknown>[] {
  return table.rows.map((values) => {
    const object: Record<string, unknown> = {};
    table.columns.forEach((column, index) => (object[column] = values[index]));
    return object;
  });
}
