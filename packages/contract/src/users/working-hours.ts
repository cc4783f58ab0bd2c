/*
 * Working days and hours of a user (spec §5 time ranges): per weekday (0 Sunday .. 6 Saturday) a list of shifts
 * 'HH:mm'-'HH:mm'; a start is before its end, an end may be '24:00' (the end of the day), and the shifts of one
 * day do not overlap (one may start when another ends). Pure rules shared by the form and the server.
 */

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const MAX_SHIFTS_PER_DAY = 8;

/** 00:00 .. 23:59 */
export const START_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 00:00 .. 23:59, or 24:00 */
export const END_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const END_OF_DAY = '24:00';

export interface Shift {
  start: string;
  end: string;
}
export interface WorkingDay {
  dayOfWeek: number;
  shifts: Shift[];
}

/** Minutes since midnight of 'HH:mm' ('24:00' is 1440). */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

export interface WorkingHoursIssue {
  /** Path inside the `days` list, e.g. [2, 'shifts', 1, 'end']. */
  path: (string | number)[];
  code: 'invalid_working_hours' | 'field_invalid';
}

/**
 * Every broken rule of a week, each with the path of the field to mark: a start after (or equal to) its end,
 * a shift overlapping an earlier one of the same day, a day listed twice. Formats are the schema's job.
 */
export function workingHoursIssues(days: readonly WorkingDay[]): WorkingHoursIssue[] {
  const issues: WorkingHoursIssue[] = [];
  const seen = new Set<number>();
  days.forEach((day, d) => {
    if (seen.has(day.dayOfWeek)) issues.push({ path: [d, 'dayOfWeek'], code: 'field_invalid' });
    seen.add(day.dayOfWeek);
    const valid: { index: number; start: number; end: number }[] = [];
    day.shifts.forEach((shift, s) => {
      if (!START_TIME_PATTERN.test(shift.start) || !END_TIME_PATTERN.test(shift.end)) return;
      const start = minutesOf(shift.start);
      const end = minutesOf(shift.end);
      if (start >= end) {
        issues.push({ path: [d, 'shifts', s, 'end'], code: 'invalid_working_hours' });
        return;
      }
      valid.push({ index: s, start, end });
    });
    // each shift that starts before an earlier-starting shift ends overlaps it
    const sorted = [...valid].sort((a, b) => a.start - b.start || a.index - b.index);
    let latestEnd = -1;
    for (const shift of sorted) {
      if (shift.start < latestEnd)
        issues.push({ path: [d, 'shifts', shift.index, 'start'], code: 'invalid_working_hours' });
      latestEnd = Math.max(latestEnd, shift.end);
    }
  });
  return issues;
}

/** The shifts of every day, sorted by day then start. */
export function sortedWeek(days: readonly WorkingDay[]): WorkingDay[] {
  return [...days]
    .map((d) => ({
      dayOfWeek: d.dayOfWeek,
      shifts: [...d.shifts].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)),
    }))
    .filter((d) => d.shifts.length > 0)
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}

/**
 * The active user's `workingHours` of spec §3: "start,end" as comma text — the earliest start and the latest end
 * over the week (end may be 24:00); null when the user has no shifts.
 */
export function workingHoursSummary(days: readonly WorkingDay[]): string | null {
  const shifts = days.flatMap((d) => d.shifts);
  if (!shifts.length) return null;
  const start = shifts.reduce((a, s) => (minutesOf(s.start) < minutesOf(a) ? s.start : a), shifts[0]!.start);
  const end = shifts.reduce((a, s) => (minutesOf(s.end) > minutesOf(a) ? s.end : a), shifts[0]!.end);
  return `${start},${end}`;
}

/** Whether a time 'HH:mm' falls within one of the day's shifts (the helper of spec §5; an end is exclusive). */
export function isWithinWorkingHours(days: readonly WorkingDay[], dayOfWeek: number, time: string): boolean {
  const t = minutesOf(time);
  return days
    .filter((d) => d.dayOfWeek === dayOfWeek)
    .some((d) => d.shifts.some((s) => minutesOf(s.start) <= t && t < minutesOf(s.end)));
}
