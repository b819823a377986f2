/**
 * A date-time column's text as TypeORM writes it to SQLite (`YYYY-MM-DD
 * HH:MM:SS.SSS`, UTC) read as a Date by reading its digits, not through
 * TypeORM's two regular expressions and the engine's date parser (a third of
 * the time; a list page reads two per row). Any other text, or anything that is
 * not text, is `otherwise`'s (TypeORM's own conversion).
 */
export function sqliteDateTimeReader(otherwise: (value: unknown) => unknown): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'string' || value.length !== 23 || !separated(value)) {
      return otherwise(value);
    }
    const year = digits(value, 0, 4);
    const month = digits(value, 5, 7);
    const day = digits(value, 8, 10);
    const hour = digits(value, 11, 13);
    const minute = digits(value, 14, 16);
    const second = digits(value, 17, 19);
    const millisecond = digits(value, 20, 23);
    // NaN: a character that is no digit. Date.UTC reads years 0 to 99 as 1900 to 1999.
    if (Number.isNaN(year + month + day + hour + minute + second + millisecond) || year < 100) return otherwise(value);
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
    // Out-of-range fields (a 31 June, a 13th month) roll over in Date.UTC: TypeORM's conversion decides those.
    const exact =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      date.getUTCHours() === hour &&
      date.getUTCMinutes() === minute &&
      date.getUTCSeconds() === second;
    return exact ? date : otherwise(value);
  };
}

const SEPARATORS: [number, number][] = [
  [4, 0x2d], // -
  [7, 0x2d],
  [10, 0x20], // space
  [13, 0x3a], // :
  [16, 0x3a],
  [19, 0x2e], // .
];

function separated(text: string): boolean {
  for (const [at, code] of SEPARATORS) if (text.charCodeAt(at) !== code) return false;
  return true;
}

function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}
