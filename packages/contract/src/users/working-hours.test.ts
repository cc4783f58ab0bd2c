import { describe, expect, it } from 'vitest';
import { updateWorkingDaysInput } from './users.schemas.js';
import {
  isWithinWorkingHours,
  minutesOf,
  sortedWeek,
  workingHoursIssues,
  workingHoursSummary,
} from './working-hours.js';

const day = (dayOfWeek: number, ...shifts: [string, string][]) => ({
  dayOfWeek,
  shifts: shifts.map(([start, end]) => ({ start, end })),
});

describe('working hours rules (spec §5 time ranges)', () => {
  it('reads times as minutes, 24:00 as the end of the day', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it('accepts shifts that start before they end, touch but do not overlap, and may end at 24:00', () => {
    expect(workingHoursIssues([day(0, ['09:00', '13:00'], ['13:00', '17:00']), day(5, ['18:00', '24:00'])])).toEqual(
      [],
    );
    expect(workingHoursIssues([])).toEqual([]);
    expect(workingHoursIssues([day(1)])).toEqual([]);
  });

  it('refuses a start not before its end, on the end field', () => {
    expect(workingHoursIssues([day(2, ['10:00', '10:00'])])).toEqual([
      { path: [0, 'shifts', 0, 'end'], code: 'invalid_working_hours' },
    ]);
    expect(workingHoursIssues([day(2, ['09:00', '12:00'], ['17:00', '08:00'])])).toEqual([
      { path: [0, 'shifts', 1, 'end'], code: 'invalid_working_hours' },
    ]);
  });

  it('refuses overlapping shifts of one day, on the later-starting one, whatever their order', () => {
    expect(workingHoursIssues([day(3, ['12:00', '18:00'], ['09:00', '13:00'])])).toEqual([
      { path: [0, 'shifts', 0, 'start'], code: 'invalid_working_hours' },
    ]);
    // a shift inside a long one overlaps it
    expect(workingHoursIssues([day(3, ['08:00', '20:00'], ['10:00', '11:00'], ['12:00', '13:00'])])).toEqual([
      { path: [0, 'shifts', 1, 'start'], code: 'invalid_working_hours' },
      { path: [0, 'shifts', 2, 'start'], code: 'invalid_working_hours' },
    ]);
    // the same hours on two days are fine
    expect(workingHoursIssues([day(3, ['09:00', '17:00']), day(4, ['09:00', '17:00'])])).toEqual([]);
  });

  it('refuses a day listed twice', () => {
    expect(workingHoursIssues([day(1, ['09:00', '10:00']), day(1, ['11:00', '12:00'])])).toEqual([
      { path: [1, 'dayOfWeek'], code: 'field_invalid' },
    ]);
  });

  it('summarises the week as "start,end" (earliest start, latest end), null without shifts', () => {
    expect(workingHoursSummary([day(0, ['10:00', '14:00']), day(2, ['08:30', '12:00'], ['16:00', '24:00'])])).toBe(
      '08:30,24:00',
    );
    expect(workingHoursSummary([day(0)])).toBeNull();
  });

  it('sorts a week and drops empty days; tells whether a time is within the shifts', () => {
    const week = [day(4, ['16:00', '20:00'], ['09:00', '12:00']), day(1), day(0, ['09:00', '24:00'])];
    expect(sortedWeek(week)).toEqual([day(0, ['09:00', '24:00']), day(4, ['09:00', '12:00'], ['16:00', '20:00'])]);
    expect(isWithinWorkingHours(week, 4, '09:00')).toBe(true);
    expect(isWithinWorkingHours(week, 4, '12:00')).toBe(false);
    expect(isWithinWorkingHours(week, 0, '23:59')).toBe(true);
    expect(isWithinWorkingHours(week, 1, '10:00')).toBe(false);
  });
});

describe('UpdateUserWorkingDays input', () => {
  const issues = (days: unknown) => {
    const r = updateWorkingDaysInput.safeParse({ userId: 1, days });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('puts each broken rule on its field path', () => {
    expect(issues([day(0, ['09:00', '24:00'])])).toEqual({});
    expect(issues([day(0, ['9:00', '25:00'])])).toEqual({
      'days.0.shifts.0.start': 'invalid_working_hours',
      'days.0.shifts.0.end': 'invalid_working_hours',
    });
    expect(issues([day(0, ['24:00', '24:00'])])).toEqual({ 'days.0.shifts.0.start': 'invalid_working_hours' });
    expect(issues([day(6, ['09:00', '13:00'], ['12:00', '15:00'])])).toEqual({
      'days.0.shifts.1.start': 'invalid_working_hours',
    });
    expect(issues([day(7, ['09:00', '10:00'])])).toEqual({ 'days.0.dayOfWeek': 'field_invalid' });
    expect(issues(undefined)).toEqual({ days: 'field_required' });
  });
});
