import { hourIn, NotificationMorning } from '../../../../application/notification/notification-morning';

describe('the morning hour of notifications', () => {
  it('has not begun before the hour, and has from it on, on the clocks of the time zone', () => {
    const morning = new NotificationMorning(8, 'UTC');
    expect(morning.hasBegun(new Date('2026-03-15T07:59:59Z'))).toBe(false);
    expect(morning.hasBegun(new Date('2026-03-15T08:00:00Z'))).toBe(true);
    expect(morning.hasBegun(new Date('2026-03-15T23:30:00Z'))).toBe(true);
    expect(morning.hasBegun(new Date('2026-03-16T00:00:00Z'))).toBe(false);
  });

  it('reads the hour in TIME_ZONE, not in UTC', () => {
    // Nairobi is UTC+3: 05:00 UTC is 08:00 there; Los Angeles (UTC-7 in summer): 15:00 UTC is 08:00.
    expect(hourIn(new Date('2026-07-01T05:00:00Z'), 'Africa/Nairobi')).toBe(8);
    expect(new NotificationMorning(8, 'Africa/Nairobi').hasBegun(new Date('2026-07-01T04:59:00Z'))).toBe(false);
    expect(new NotificationMorning(8, 'Africa/Nairobi').hasBegun(new Date('2026-07-01T05:00:00Z'))).toBe(true);
    expect(new NotificationMorning(8, 'America/Los_Angeles').hasBegun(new Date('2026-07-01T14:59:00Z'))).toBe(false);
    expect(hourIn(new Date('2026-07-01T07:00:00Z'), 'America/Los_Angeles')).toBe(0);
  });

  it('at hour 0, the day begins at midnight', () => {
    expect(new NotificationMorning(0, 'Africa/Nairobi').hasBegun(new Date('2026-07-01T21:00:00Z'))).toBe(true);
  });
});
