import { Clock } from '../../application/shared/ports';
import { CalendarDate } from '../../domain/shared/calendar-date';

export class SystemClock implements Clock {
  constructor(private readonly timeZone = 'UTC') {}

  now(): Date {
    return new Date();
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.now(), this.timeZone);
  }
}
