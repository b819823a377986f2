import { digitsAt } from './text-digits';

/** One formatter per time zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A date without a time of day, `YYYY-MM-DD`, always a real calendar date. */
export class CalendarDate {
  /** Days since 1970-01-01: dates are compared and subtracted often, and never change. */
  private readonly epochDay: number;
  /** `YYYY-MM-DD`: a list page prints six dates per row. */
  private readonly text: string;

  private constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    text?: string,
  ) {
    this.epochDay = daysFromCivil(year, month, day);
    this.text = text ?? `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  }

  /**
   * Strict ISO date; `2025-02-30` and `2025-1-5` are not dates. Read by its
   * digits (a list page reads six per row), and a date so read keeps its text,
   * already the one `toString` would make.
   */
  static parse(text: string): CalendarDate | null {
    if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return null;
    const year = digitsAt(text, 0, 4);
    const month = digitsAt(text, 5, 7);
    const day = digitsAt(text, 8, 10);
    return isCalendarDay(year, month, day) ? new CalendarDate(year, month, day, text) : null;
  }

  static of(text: string): CalendarDate {
    const date = CalendarDate.parse(text);
    if (!date) throw new RangeError(`Not a calendar date: ${text}`);
    return date;
  }

  static fromParts(year: number, month: number, day: number): CalendarDate | null {
    return isCalendarDay(year, month, day) ? new CalendarDate(year, month, day) : null;
  }

  /** The date an instant falls on in the given IANA time zone. */
  static ofInstant(instant: Date, timeZone = 'UTC'): CalendarDate {
    // UTC needs no formatter (whose formatToParts costs more than a whole date parse): the Date's own fields.
    if (timeZone === 'UTC') {
      // As the formatter would: an invalid Date is no day.
      if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
      return new CalendarDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
    }
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
    return new CalendarDate(parts.year!, parts.month!, parts.day!);
  }

  /** Whole days from `this` to `later` (negative when `later` is earlier). */
  daysUntil(later: CalendarDate): number {
    return later.epochDay - this.epochDay;
  }

  /** The date `days` later (earlier when negative). */
  plusDays(days: number): CalendarDate {
    const instant = new Date(0);
    // setUTCFullYear, unlike Date.UTC, takes years below 100 as they are; a day past the month's end rolls over.
    instant.setUTCFullYear(this.year, this.month - 1, this.day + days);
    return CalendarDate.ofInstant(instant);
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
    return this.text;
  }
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil), in integer arithmetic. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether the parts name a real day; NaN in any part (a character that was no digit) fails every comparison, so it is none. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const DASH = 0x2d;
