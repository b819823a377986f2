/**
 * Reads RFC 4180 text (quoted fields with doubled quotes, CR LF or LF
 * between records) into rows of cells: csv-parse is not a dependency, and
 * a reader of its own keeps the test independent of the writer.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    rows.push([...row, cell]);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"' && (quoted || cell === '')) {
      quoted = !quoted;
    } else if (quoted) {
      cell += char;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      endRow();
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new Error('The CSV ends inside a quoted field');
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * What the CSV export should hold for list items as the JSON list answers
 * them, under `header`: each dotted name read down the item (empty under a
 * null object), null as an empty cell, booleans and numbers as JSON writes
 * them, arrays and objects as their JSON, and text that a spreadsheet would
 * run as a formula prefixed with `'`.
 */
export function expectedCsvRows(header: string[], items: Record<string, unknown>[]): string[][] {
  return items.map((item) =>
    header.map((name) => {
      const value = name.split('.').reduce<unknown>((at, key) => (at === null || at === undefined ? null : (at as Record<string, unknown>)[key]), item);
      if (value === null || value === undefined) return '';
      if (typeof value === 'string') return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
    }),
  );
}
