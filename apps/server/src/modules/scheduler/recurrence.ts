import { RECURRENCE_MAX_OCCURRENCES, type RecurrenceRule } from '@dental/contract';
import { addDays, daysBetween, localDateTime, weekdayOf, zonedInstant } from './clinic-time.js';

/*
 * The occurrences of a recurring appointment, computed on the clinic's wall clock: a weekly 10:00 stays 10:00
 * after a daylight-saving change. Pure (no database, no process time zone), so it is unit-tested on its own.
 */

export interface Slot {
  start: Date;
  end: Date;
}

/**
 * The local dates of a series whose first occurrence is on `first`: the first itself, then the rule's dates after
 * it, until `untilDate` (inclusive) or `count` occurrences (the first included). Returns at most `limit` dates;
 * more than RECURRENCE_MAX_OCCURRENCES means the rule makes too many (the caller refuses it).
 */
export function recurrenceDates(first: string, rule: RecurrenceRule, limit = RECURRENCE_MAX_OCCURRENCES + 1): string[] {
  const max = Math.min(limit, rule.count ?? Infinity);
  const dates = [first];
  const push = (date: string) => {
    if (rule.untilDate !== undefined && date > rule.untilDate) return false;
    if (dates.length >= max) return false;
    dates.push(date);
    return true;
  };
  const interval = rule.interval;
  if (rule.frequency === 'daily') {
    for (let k = 1; push(addDays(first, k * interval)); k++);
  } else if (rule.frequency === 'weekly') {
    const days = [...new Set(rule.weekdays ?? [])].sort((a, b) => a - b);
    const weekStart = addDays(first, -weekdayOf(first));
    weeks: for (let w = 0; ; w += interval) {
      for (const day of days) {
        const date = addDays(weekStart, w * 7 + day);
        if (date <= first) continue;
        if (!push(date)) break weeks;
      }
      if (!days.length) break;
    }
  } else {
    const [y, m, d] = first.split('-').map(Number) as [number, number, number];
    // months without that day (the 31st in April, the 30th in February) are skipped, never moved to another day
    for (let k = interval, misses = 0; misses < 48; k += interval) {
      const month = new Date(Date.UTC(y, m - 1 + k, 1));
      const daysInMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
      if (d > daysInMonth) {
        misses++;
        continue;
      }
      misses = 0;
      const date = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      if (!push(date)) break;
    }
  }
  return dates;
}

/**
 * The slots of a series: the first at `first` (already in its final form, all-day bounds applied), the others on
 * the rule's dates at the same local start and end times (an end past midnight stays past midnight).
 */
export function recurrenceSlots(first: Slot, rule: RecurrenceRule, timeZone: string, limit?: number): Slot[] {
  const start = localDateTime(first.start, timeZone);
  const end = localDateTime(first.end, timeZone);
  const endDayOffset = daysBetween(start.date, end.date);
  const duration = first.end.getTime() - first.start.getTime();
  return recurrenceDates(start.date, rule, limit).map((date, i) => {
    if (i === 0) return first;
    const s = zonedInstant(date, start.minutes, timeZone);
    let e = zonedInstant(addDays(date, endDayOffset), end.minutes, timeZone);
    // a local time that does not exist that day (a spring-forward gap) could invert the slot: keep its length
    if (e <= s) e = new Date(s.getTime() + duration);
    return { start: s, end: e };
  });
}
