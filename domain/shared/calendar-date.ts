/** A date without a time of day, `YYYY-MM-DD`, always a real calendar date. */
const FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export class CalendarDate {
  private constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}

  /** Strict ISO date; `2025-02-30` and `2025-1-5` are not dates. */
  static parse(text: string): CalendarDate | null {
    const match = FORMAT.exec(text);
    if (!match) return null;
    return CalendarDate.fromParts(Number(match[1]), Number(match[2]), Number(match[3]));
  }

  static of(text: string): CalendarDate {
    const date = CalendarDate.parse(text);
    if (!date) throw new RangeError(`Not a calendar date: ${text}`);
    return date;
  }

  static fromParts(year: number, month: number, day: number): CalendarDate | null {
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
    return new CalendarDate(year, month, day);
  }

  /** The date an instant falls on in the given IANA time zone. */
  static ofInstant(instant: Date, timeZone = 'UTC'): CalendarDate {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
    return CalendarDate.of(`${parts.year}-${parts.month}-${parts.day}`);
  }

  private get epochDay(): number {
    const utc = new Date(0);
    utc.setUTCFullYear(this.year, this.month - 1, this.day);
    return Math.round(utc.getTime() / MS_PER_DAY);
  }

  /** Whole days from `this` to `later` (negative when `later` is earlier). */
  daysUntil(later: CalendarDate): number {
    return later.epochDay - this.epochDay;
  }

  compare(other: CalendarDate): -1 | 0 | 1 {
    const diff = this.epochDay - other.epochDay;
    return diff < 0 ? -1 : diff > 0 ? 1 : 0;
  }

  isBefore(other: CalendarDate): boolean {
    return this.compare(other) < 0;
  }

  isAfter(other: CalendarDate): boolean {
    return this.compare(other) > 0;
  }

  equals(other: CalendarDate): boolean {
    return this.compare(other) === 0;
  }

  toString(): string {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    return `${pad(this.year, 4)}-${pad(this.month, 2)}-${pad(this.day, 2)}`;
  }
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}
