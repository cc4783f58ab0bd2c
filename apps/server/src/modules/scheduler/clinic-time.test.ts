import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayBounds, localDate, localDateTime, offsetMinutes, todayIn, weekdayOf, zonedInstant } from './clinic-time.js';

const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe('clinic time', () => {
  it('reads an instant on the clinic’s wall clock', () => {
    const at = new Date('2026-11-22T22:30:00Z');
    expect(localDateTime(at, 'Africa/Cairo')).toEqual({ date: '2026-11-23', minutes: 30 });
    expect(localDateTime(at, 'America/Los_Angeles')).toEqual({ date: '2026-11-22', minutes: 14 * 60 + 30 });
    expect(offsetMinutes(at, 'Asia/Riyadh')).toBe(180);
  });

  it('turns a local time back into an instant, on both sides of a clock change', () => {
    expect(zonedInstant('2026-07-01', 9 * 60, 'Europe/Paris').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant('2026-12-01', 9 * 60, 'Europe/Paris').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    // 02:30 does not exist in Paris on 2026-03-29: the clock already reads 03:30
    expect(zonedInstant('2026-03-29', 2 * 60 + 30, 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 24:00 is the next day's midnight
    expect(zonedInstant('2026-07-01', 24 * 60, 'Asia/Riyadh').toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });

  it('gives a day’s bounds and today in the clinic’s zone, whatever the process zone', () => {
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      process.env.TZ = tz;
      expect(dayBounds('2026-10-25', 'Europe/London')).toEqual({
        start: new Date('2026-10-24T23:00:00Z'),
        end: new Date('2026-10-26T00:00:00Z'),
      });
      expect(todayIn('Africa/Cairo', new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
      expect(localDate(new Date('2026-11-22T23:30:00Z'), 'America/New_York')).toBe('2026-11-22');
    }
  });

  it('adds days and names weekdays on the calendar (0 Sunday)', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });
});
