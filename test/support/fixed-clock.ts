import { Clock } from '../../application/shared/ports';
import { CalendarDate } from '../../domain/shared/calendar-date';

export type Duration = number | { days?: number; hours?: number; minutes?: number; seconds?: number; milliseconds?: number };

/** A clock that stands still until a test moves it: deterministic "now" and "today". */
export class FixedClock implements Clock {
  private instant: Date;

  constructor(
    start: Date | string = '2026-03-15T09:00:00.000Z',
    private readonly timeZone = 'UTC',
  ) {
    this.instant = new Date(start);
  }

  now(): Date {
    return new Date(this.instant.getTime());
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.instant, this.timeZone);
  }

  set(instant: Date | string): void {
    this.instant = new Date(instant);
  }

  /** Moves on by milliseconds, or by days, hours, minutes, seconds. */
  advance(by: Duration): void {
    const ms =
      typeof by === 'number'
        ? by
        : (by.days ?? 0) * 86_400_000 + (by.hours ?? 0) * 3_600_000 + (by.minutes ?? 0) * 60_000 + (by.seconds ?? 0) * 1000 + (by.milliseconds ?? 0);
    this.instant = new Date(this.instant.getTime() + ms);
  }
}
