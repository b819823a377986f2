import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Field, JsonSchema, reject } from './field';

export class DateField extends Field<CalendarDate> {
  protected convert(raw: unknown): CalendarDate {
    const date = typeof raw === 'string' ? CalendarDate.parse(raw.trim()) : null;
    if (!date) reject('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    return date;
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'date' };
  }
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export class DateTimeField extends Field<Date> {
  protected convert(raw: unknown): Date {
    const wrong = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
    const match = typeof raw === 'string' ? DATETIME.exec(raw.trim()) : null;
    if (!match) reject(wrong);
    const [, y, mo, d, h, mi, s = '0', fraction = '0', zone = 'Z'] = match;
    if (!CalendarDate.fromParts(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
      reject(wrong);
    }
    const offset = zone.toUpperCase() === 'Z' ? 0 : offsetMinutes(zone);
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offset * 60_000;
    return new Date(utc);
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'date-time' };
  }
}

function offsetMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}
