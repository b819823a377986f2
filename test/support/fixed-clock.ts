import { Clock } from '../../application/shared/ports';
import { CalendarDate } from '../../domain/shared/calendar-date';

/** A clock that stands still until a test moves it: deterministic "now" and "today". */
export class FixedClock implements Clock {
  private instant: Date;

  constructor(
    iso: string,
    private readonly timeZone = 'UTC',
  ) {
    this.instant = new Date(iso);
  }

  now(): Date {
    return new Date(this.instant);
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.instant, this.timeZone);
  }

  set(iso: string): void {
    this.instant = new Date(iso);
  }

  advance(milliseconds: number): void {
    this.instant = new Date(this.instant.getTime() + milliseconds);
  }
}
