import { RECURRENCE_MAX_OCCURRENCES, type RecurrenceRule } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { dayBounds, localDateTime, zonedInstant } from './clinic-time.js';
import { recurrenceDates, recurrenceSlots } from './recurrence.js';

const rule = (r: Partial<RecurrenceRule> & Pick<RecurrenceRule, 'frequency'>): RecurrenceRule => ({ interval: 1, ...r });
const local = (d: Date, tz: string) => {
  const { date, minutes } = localDateTime(d, tz);
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

describe('recurrenceDates', () => {
  it('daily with an interval, until a date (inclusive)', () => {
    expect(recurrenceDates('2026-03-30', rule({ frequency: 'daily', interval: 2, untilDate: '2026-04-05' }))).toEqual([
      '2026-03-30', '2026-04-01', '2026-04-03', '2026-04-05',
    ]);
  });

  it('daily by count (the first occurrence counts)', () => {
    expect(recurrenceDates('2026-12-30', rule({ frequency: 'daily', count: 3 }))).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(recurrenceDates('2026-12-30', rule({ frequency: 'daily', count: 1 }))).toEqual(['2026-12-30']);
  });

  it('weekly on chosen weekdays, from the first date on, every other week', () => {
    // 2026-11-03 is a Tuesday; Sunday 0, Tuesday 2, Thursday 4
    expect(recurrenceDates('2026-11-03', rule({ frequency: 'weekly', weekdays: [4, 0, 2], count: 6 }))).toEqual([
      '2026-11-03', '2026-11-05', '2026-11-08', '2026-11-10', '2026-11-12', '2026-11-15',
    ]);
    expect(recurrenceDates('2026-11-03', rule({ frequency: 'weekly', weekdays: [2, 4], interval: 2, untilDate: '2026-11-30' }))).toEqual([
      '2026-11-03', '2026-11-05', '2026-11-17', '2026-11-19',
    ]);
  });

  it('weekly keeps the first occurrence even when its weekday is not chosen', () => {
    expect(recurrenceDates('2026-11-03', rule({ frequency: 'weekly', weekdays: [1], count: 3 }))).toEqual([
      '2026-11-03', '2026-11-09', '2026-11-16',
    ]);
  });

  it('monthly on the same day, skipping months without it', () => {
    expect(recurrenceDates('2026-01-31', rule({ frequency: 'monthly', count: 5 }))).toEqual([
      '2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31',
    ]);
    expect(recurrenceDates('2026-01-15', rule({ frequency: 'monthly', interval: 3, untilDate: '2026-12-31' }))).toEqual([
      '2026-01-15', '2026-04-15', '2026-07-15', '2026-10-15',
    ]);
    expect(recurrenceDates('2028-02-29', rule({ frequency: 'monthly', interval: 12, count: 2 }))).toEqual(['2028-02-29', '2032-02-29']);
  });

  it('stops one past the maximum, so the caller can refuse a rule that makes too many', () => {
    const dates = recurrenceDates('2026-01-01', rule({ frequency: 'daily', untilDate: '2030-01-01' }));
    expect(dates).toHaveLength(RECURRENCE_MAX_OCCURRENCES + 1);
    expect(recurrenceDates('2026-01-01', rule({ frequency: 'daily', count: RECURRENCE_MAX_OCCURRENCES }))).toHaveLength(
      RECURRENCE_MAX_OCCURRENCES,
    );
  });

  it('an until date before the next occurrence gives only the first', () => {
    expect(recurrenceDates('2026-05-10', rule({ frequency: 'monthly', untilDate: '2026-05-20' }))).toEqual(['2026-05-10']);
  });
});

describe('recurrenceSlots', () => {
  it('keeps the wall-clock time across a daylight-saving change (New York, March 2026)', () => {
    const tz = 'America/New_York';
    const first = { start: zonedInstant('2026-03-02', 10 * 60, tz), end: zonedInstant('2026-03-02', 10 * 60 + 30, tz) };
    const slots = recurrenceSlots(first, rule({ frequency: 'weekly', weekdays: [1], count: 3 }), tz);
    expect(slots.map((s) => local(s.start, tz))).toEqual(['2026-03-02 10:00', '2026-03-09 10:00', '2026-03-16 10:00']);
    expect(slots.map((s) => local(s.end, tz))).toEqual(['2026-03-02 10:30', '2026-03-09 10:30', '2026-03-16 10:30']);
    // 15:00 UTC before the change, 14:00 UTC after it
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      '2026-03-02T15:00:00.000Z', '2026-03-09T14:00:00.000Z', '2026-03-16T14:00:00.000Z',
    ]);
  });

  it('all-day occurrences run from local midnight to the next, 23 hours on the short day', () => {
    const tz = 'Europe/Paris';
    const first = dayBounds('2026-03-28', tz);
    const slots = recurrenceSlots(first, rule({ frequency: 'daily', count: 3 }), tz);
    expect(slots.map((s) => [local(s.start, tz), local(s.end, tz)])).toEqual([
      ['2026-03-28 00:00', '2026-03-29 00:00'],
      ['2026-03-29 00:00', '2026-03-30 00:00'],
      ['2026-03-30 00:00', '2026-03-31 00:00'],
    ]);
    expect((slots[1]!.end.getTime() - slots[1]!.start.getTime()) / 3_600_000).toBe(23);
  });

  it('an appointment past midnight keeps its end on the next day', () => {
    const tz = 'Asia/Riyadh';
    const first = { start: zonedInstant('2026-06-01', 23 * 60, tz), end: zonedInstant('2026-06-02', 30, tz) };
    const slots = recurrenceSlots(first, rule({ frequency: 'daily', count: 2 }), tz);
    expect(slots.map((s) => [local(s.start, tz), local(s.end, tz)])).toEqual([
      ['2026-06-01 23:00', '2026-06-02 00:30'],
      ['2026-06-02 23:00', '2026-06-03 00:30'],
    ]);
  });
});
