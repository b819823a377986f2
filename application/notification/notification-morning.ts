/** The hour of an instant (0–23) on the clocks of a time zone. */
export function hourIn(instant: Date, timeZone: string): number {
  if (timeZone === 'UTC') return instant.getUTCHours();
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).formatToParts(instant).find((part) => part.type === 'hour');
  return Number(hour?.value ?? 0);
}

/**
 * When a day's e-mails of the morning (the vendors' follow-up reminders, the
 * daily digests) may go out: from `NOTIFICATION_HOUR` on the clocks of
 * `TIME_ZONE` (the zone whose day the clock's `today` is); before it, nothing
 * of that day is released.
 */
export class NotificationMorning {
  constructor(
    readonly hour: number,
    private readonly timeZone: string,
  ) {}

  hasBegun(now: Date): boolean {
    return hourIn(now, this.timeZone) >= this.hour;
  }
}
