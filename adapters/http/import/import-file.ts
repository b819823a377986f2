import { pipeline, Readable, Transform } from 'node:stream';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { ValidationFailed } from '../../../domain/shared/errors';

/** The most rows a file may hold (its header aside). */
export const IMPORT_MAX_ROWS = 100_000;
/** The largest file taken, in bytes (30 MiB). */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;

/** The most columns a header may name: every list's export has far fewer (vendors, the widest, about 50). */
export const IMPORT_MAX_COLUMNS = 500;

/** A file that cannot be imported at all: a 400 on `file`, before any row is written. */
export const badFile = (message: string) => ValidationFailed.field('file', message);

/** How much of the file's start is read to find its separator. */
const HEAD_BYTES = 64 * 1024;

/** `;` when the header line holds more semicolons than commas (a spreadsheet in a comma-decimal locale), else `,`. */
async function delimiterOf(file: IncomingFile): Promise<',' | ';'> {
  const head = Buffer.from(await file.head(HEAD_BYTES)).toString('utf8');
  const line = head.split('\n', 1)[0];
  const count = (character: string) => line.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The bytes as UTF-8 text, a BOM dropped; anything that is not UTF-8 fails the stream with a 400 on `file`. */
function utf8Text(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      throw badFile('The file is not UTF-8 text.');
    }
  };
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decode(chunk));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

type CsvParse = typeof import('csv-parse').parse;
let loadedParse: CsvParse | undefined;

/** csv-parse, loaded by the first import: most servers never take one. */
function csvParse(): CsvParse {
  return (loadedParse ??= (require('csv-parse') as typeof import('csv-parse')).parse);
}

/**
 * The file's records, header first, read as a stream (memory holds a chunk
 * and a record, whatever the file's size): UTF-8 with or without a BOM, `,`
 * or `;` between cells, CR LF or LF between records, RFC 4180 quoting. A
 * file that is not UTF-8, or not CSV (an unclosed quote, a record with more
 * or fewer cells than the header), fails with a 400 on `file`.
 */
export async function* csvRecords(file: IncomingFile): AsyncGenerator<string[]> {
  const delimiter = await delimiterOf(file);
  const parser = csvParse()({ delimiter, bom: true, skip_empty_lines: true, relax_quotes: false });
  const records = pipeline(Readable.from(file.content()), utf8Text(), parser, () => undefined);
  try {
    for await (const record of records) yield record as string[];
  } catch (error) {
    if (error instanceof ValidationFailed) throw error;
    const { code, message } = error as { code?: string; message?: string };
    if (typeof code === 'string' && code.startsWith('CSV_')) throw badFile(`The file is not valid CSV: ${(message ?? '').split('\n')[0]}`);
    throw error;
  }
}

/**
 * Reads the whole file once before anything is written, so that a bad file
 * is refused with nothing written: it must be CSV in UTF-8, with a header and
 * at most `IMPORT_MAX_ROWS` rows. Answers the header and the number of rows.
 */
export async function checkFile(file: IncomingFile): Promise<{ header: string[]; rows: number }> {
  if (file.size > IMPORT_MAX_BYTES) throw badFile(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB.`);
  let header: string[] | undefined;
  let rows = 0;
  for await (const record of csvRecords(file)) {
    if (header === undefined) {
      header = record.map((name) => name.trim());
      // Unknown names are answered and kept: never a megabyte of them.
      if (header.length > IMPORT_MAX_COLUMNS) throw badFile(`The header names more than ${IMPORT_MAX_COLUMNS} columns.`);
      continue;
    }
    rows += 1;
    if (rows > IMPORT_MAX_ROWS) throw badFile(`The file holds more than ${IMPORT_MAX_ROWS} rows.`);
  }
  if (header === undefined) throw badFile('The file is empty: it needs a header row naming its columns.');
  return { header, rows };
}
