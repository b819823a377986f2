import { digitsAt } from '../../../../domain/shared/text-digits';

/**
 * Date-time columns read from the text the engines send, by their digits,
 * not through TypeORM's conversion (two regular expressions, a `replace` and
 * the engine's date parser on SQLite) or node-postgres's (`postgres-date`'s
 * regular expressions, then TypeORM's), which a list page pays twice a row. Only the one form each engine writes for the service is
 * read here; any other text, or anything that is not text, is `otherwise`'s
 * (the library's own conversion), so no value reads differently.
 */

/** SQLite, as TypeORM writes it: `YYYY-MM-DD HH:MM:SS.SSS`, UTC. */
export function sqliteDateTimeReader(otherwise: (value: unknown) => unknown): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'string' || value.length !== 23 || value.charCodeAt(19) !== DOT) return otherwise(value);
    return utcDateTime(value, digitsAt(value, 20, 23)) ?? otherwise(value);
  };
}

/**
 * Postgres `timestamptz` in a session whose time zone is UTC (`YYYY-MM-DD
 * HH:MM:SS+00`, with a fraction of one to six digits when it has one). Other
 * zones' offsets, BC years and infinities are `otherwise`'s.
 */
export function postgresDateTimeReader(otherwise: (value: unknown) => unknown): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'string') return otherwise(value);
    const end = value.length - 3;
    if (end < 19 || value.charCodeAt(end) !== PLUS || value.charCodeAt(end + 1) !== ZERO || value.charCodeAt(end + 2) !== ZERO) {
      return otherwise(value);
    }
    let millisecond = 0;
    if (end > 19) {
      // A fraction of one to six digits: its first three are the milliseconds (a Date holds no finer).
      if (value.charCodeAt(19) !== DOT || end - 20 > 6 || end === 20 || Number.isNaN(digitsAt(value, 20, end))) return otherwise(value);
      millisecond = digitsAt(value, 20, Math.min(end, 23)) * 10 ** Math.max(0, 23 - end);
    }
    return utcDateTime(value, millisecond) ?? otherwise(value);
  };
}

const DOT = 0x2e;
const PLUS = 0x2b;
const ZERO = 0x30;

const SEPARATORS: [number, number][] = [
  [4, 0x2d], // -
  [7, 0x2d],
  [10, 0x20], // space
  [13, 0x3a], // :
  [16, 0x3a],
];

/** The instant of `YYYY-MM-DD HH:MM:SS` at the start of `text` in UTC, or null if it is not exactly one. */
function utcDateTime(text: string, millisecond: number): Date | null {
  for (const [at, code] of SEPARATORS) if (text.charCodeAt(at) !== code) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  // NaN: a character that is no digit. Date.UTC reads years 0 to 99 as 1900 to 1999.
  if (Number.isNaN(year + month + day + hour + minute + second + millisecond) || year < 100) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  // Out-of-range fields (a 31 June, a 13th month) roll over in Date.UTC: the library's conversion decides those.
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return exact ? date : null;
}
