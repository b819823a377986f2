import { Clock } from '../../application/shared/ports';
import { CalendarDate } from '../../domain/shared/calendar-date';

/**
 * A clock that never answers the same instant twice, so that records created
 * one after the other sort by `date_created` deterministically. Given a start,
 * it answers that instant and then one second more on each call (use-case
 * tests); without one it follows real time (end-to-end tests).
 */
export class SteppingClock implements Clock {
  private last: number;

  constructor(private readonly start?: Date) {
    this.last = start ? start.getTime() - 1000 : 0;
  }

  now(): Date {
    this.last = this.start ? this.last + 1000 : Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.now());
  }
}
