/** Rows as engines send them in array mode: the column names once, then one array of values per row. */
export interface ResultTable {
  columns: string[];
  rows: unknown[][];
}

export function tableOfObjects(objects: Record<string, unknown>[]): ResultTable {
  const columns = objects.length === 0 ? [] : Object.keys(objects[0]);
  return { columns, rows: objects.map((object) => columns.map((column) => object[column])) };
}

export function objectsOfTable(table: ResultTable): Record<string, unknown>[] {
  return table.rows.map((values) => {
    const object: Record<string, unknown> = {};
    table.columns.forEach((column, index) => (object[column] = values[index]));
    return object;
  });
}
