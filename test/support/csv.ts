/**
 * Reads RFC 4180 text strictly, as csv-parse does with its defaults (it is
 * not a dependency, and a reader of its own keeps the test independent of
 * the writer): quoted fields with doubled quotes, CR LF between records, and
 * every record as long as the first. A CR or LF outside quotes that is not a
 * record's end, a quote inside an unquoted field, text after a closing quote
 * or an unclosed quote throws: each is a file that some reader splits or
 * misreads.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const fail = (problem: string): never => {
    throw new Error(`Invalid CSV at character ${i} (record ${rows.length + 1}): ${problem}`);
  };
  const readField = (): string => {
    if (text[i] !== '"') {
      const start = i;
      while (i < text.length && !',\r\n"'.includes(text[i])) i += 1;
      if (text[i] === '"') fail('a quote inside an unquoted field');
      return text.slice(start, i);
    }
    let cell = '';
    for (i += 1; ; i += 1) {
      if (i >= text.length) fail('the text ends inside a quoted field');
      if (text[i] === '"' && text[i + 1] !== '"') break;
      cell += text[i];
      if (text[i] === '"') i += 1;
    }
    i += 1;
    return cell;
  };
  while (i < text.length) {
    row.push(readField());
    if (text[i] === ',') {
      i += 1;
      if (i < text.length) continue;
      row.push('');
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
    } else if (i < text.length) {
      fail(`${JSON.stringify(text[i])} where a field should end`);
    }
    if (rows.length > 0 && row.length !== rows[0].length) fail(`${row.length} fields where the first record has ${rows[0].length}`);
    rows.push(row);
    row = [];
  }
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
