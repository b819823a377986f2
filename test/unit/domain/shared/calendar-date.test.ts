import { CalendarDate, daysInMonth, isLeapYear } from '../../../../domain/shared/calendar-date';

const date = CalendarDate.of;

describe('CalendarDate.parse', () => {
  it.each(['2024-02-29', '2000-02-29', '2025-12-31', '0001-01-01', '9999-12-31'])('accepts the real date %s', (text) => {
    expect(CalendarDate.parse(text)?.toString()).toBe(text);
  });

  it.each([
    ['2025-02-30', 'no 30 February'],
    ['2023-02-29', 'not a leap year'],
    ['1900-02-29', 'a century that is not a leap year'],
    ['2025-04-31', 'April has 30 days'],
    ['2025-13-01', 'no month 13'],
    ['2025-00-10', 'no month 0'],
    ['2025-01-00', 'no day 0'],
    ['0000-01-01', 'no year 0'],
    ['2025-1-5', 'single-digit month and day'],
    ['25-01-05', 'two-digit year'],
    ['2025/01/05', 'slashes'],
    ['2025-01-05T00:00', 'a time of day'],
    [' 2025-01-05', 'leading space'],
    ['2025-01-05 ', 'trailing space'],
    ['2025-0a-05', 'a letter in the month'],
    ['+025-01-05', 'a sign in the year'],
    ['2025-01-0.', 'a dot in the day'],
    ['２０２５-01-05', 'digits that are not ASCII'],
    ['2025-01--5', 'a dash for a digit'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (text) => {
    expect(CalendarDate.parse(text)).toBeNull();
  });

  it('throws from CalendarDate.of on a non-date', () => {
    expect(() => date('2025-02-30')).toThrow(RangeError);
  });

  it('reads as equal to the same date built any other way', () => {
    expect(date('2024-02-29')).toEqual(CalendarDate.fromParts(2024, 2, 29));
    expect(date('2024-02-28').plusDays(1)).toEqual(date('2024-02-29'));
    expect(CalendarDate.ofInstant(new Date('2024-02-29T23:59:59.999Z'))).toEqual(date('2024-02-29'));
  });

  it('builds from parts with the same rules', () => {
    expect(CalendarDate.fromParts(2024, 2, 29)?.toString()).toBe('2024-02-29');
    expect(CalendarDate.fromParts(2025, 2, 29)).toBeNull();
    expect(CalendarDate.fromParts(Number.NaN, 1, 1)).toBeNull();
    expect(CalendarDate.fromParts(2025, Number.NaN, 1)).toBeNull();
  });
});

describe('leap years and month lengths', () => {
  it.each([
    [2024, true],
    [2000, true],
    [1900, false],
    [2100, false],
    [2025, false],
  ])('%i is a leap year: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it('knows the length of February and of 30-day months', () => {
    expect([daysInMonth(2024, 2), daysInMonth(2025, 2), daysInMonth(2025, 4), daysInMonth(2025, 12)]).toEqual([29, 28, 30, 31]);
  });
});

describe('daysUntil', () => {
  it.each([
    ['2025-01-31', '2025-02-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-02-28', '2025-03-01', 1],
    ['2023-12-31', '2024-12-31', 366],
    ['2025-01-01', '2026-01-01', 365],
    ['2025-03-01', '2025-02-01', -28],
    ['2025-05-05', '2025-05-05', 0],
    ['2000-01-01', '2100-01-01', 36525],
    ['1900-02-28', '1900-03-01', 1],
    ['0001-01-01', '1970-01-01', 719162],
    ['0099-12-31', '0100-01-01', 1],
    ['1969-12-31', '1970-01-01', 1],
    ['9999-12-31', '0001-01-01', -3652058],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(date(from).daysUntil(date(to))).toBe(days);
  });

  it('is not thrown off by daylight-saving changes in the local zone', () => {
    // 2025-03-30 is the EU clock change; a date has no time of day.
    expect(date('2025-03-29').daysUntil(date('2025-03-31'))).toBe(2);
    expect(date('2025-10-25').daysUntil(date('2025-10-27'))).toBe(2);
  });
});

describe('ordering', () => {
  it('compares by calendar position', () => {
    expect(date('2025-01-31').compare(date('2025-02-01'))).toBe(-1);
    expect(date('2025-02-01').isAfter(date('2025-01-31'))).toBe(true);
    expect(date('2025-02-01').isBefore(date('2025-02-01'))).toBe(false);
    expect(date('2025-02-01').equals(date('2025-02-01'))).toBe(true);
    expect(date('2024-12-31').isBefore(date('2025-01-01'))).toBe(true);
  });
});

describe('CalendarDate.ofInstant', () => {
  const instant = new Date('2026-01-01T02:00:00Z');

  it('is the UTC date by default', () => {
    expect(CalendarDate.ofInstant(instant).toString()).toBe('2026-01-01');
  });

  it('is the previous day in New York, still 2025', () => {
    expect(CalendarDate.ofInstant(instant, 'America/New_York').toString()).toBe('2025-12-31');
  });

  it('is already the next day east of UTC', () => {
    expect(CalendarDate.ofInstant(new Date('2025-12-31T16:00:00Z'), 'Asia/Tokyo').toString()).toBe('2026-01-01');
    expect(CalendarDate.ofInstant(new Date('2025-12-31T14:59:59Z'), 'Asia/Tokyo').toString()).toBe('2025-12-31');
  });

  it('gives in UTC the date the time-zone formatter gives, across the day and the centuries', () => {
    const utc = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    const instants = ['0001-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z', '2024-02-29T12:00:00Z', '9999-12-31T23:59:59Z']
      .map((text) => new Date(text))
      .concat(Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(1900, 0, 1) + i * 997 * 3_600_000 + i * 61_000)));
    for (const instant of instants) {
      const parts = Object.fromEntries(utc.formatToParts(instant).map((part) => [part.type, part.value]));
      const { year, month, day } = CalendarDate.ofInstant(instant);
      expect([year, month, day]).toEqual([Number(parts.year), Number(parts.month), Number(parts.day)]);
    }
  });

  it('refuses an invalid instant in UTC as in any other zone', () => {
    expect(() => CalendarDate.ofInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => CalendarDate.ofInstant(new Date(Number.NaN), 'Asia/Tokyo')).toThrow(RangeError);
  });

  it('handles half-hour zones and leap days', () => {
    expect(CalendarDate.ofInstant(new Date('2024-02-28T18:30:00Z'), 'Asia/Kolkata').toString()).toBe('2024-02-29');
    expect(CalendarDate.ofInstant(new Date('2024-02-28T18:29:59Z'), 'Asia/Kolkata').toString()).toBe('2024-02-28');
  });
});
