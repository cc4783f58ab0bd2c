/**
 * The pure part of the booking page's rules: which slots of a day are free, given what already holds the branch's
 * time. No database here, so the rules are unit-tested with any "now".
 */

export interface Span {
  start: Date;
  end: Date;
}

/** A bookable slot: the clinic's local date and time, and the instants it covers. */
export interface Slot extends Span {
  date: string;
  time: string;
}

/** How many of `busy` overlap the span (touching ends do not overlap). */
export const overlapCount = (span: Span, busy: readonly Span[]) =>
  busy.reduce((n, b) => (b.start < span.end && b.end > span.start ? n + 1 : n), 0);

/**
 * The slots still free: not started yet (`now`), and held by fewer active appointments of the branch than the
 * clinic has rooms (`capacity`, at least 1).
 */
export function freeSlots(slots: readonly Slot[], busy: readonly Span[], capacity: number, now: Date): Slot[] {
  const cap = Math.max(1, capacity);
  if (!slots.length) return [];
  const first = slots[0]!.start;
  const last = slots.reduce((m, s) => (s.end > m ? s.end : m), slots[0]!.end);
  const near = busy.filter((b) => b.start < last && b.end > first);
  return slots.filter((s) => s.start > now && overlapCount(s, near) < cap);
}

/** Turns left on a day, or null when the clinic sets no daily maximum (0). */
export const remainingOf = (maxPerDay: number, booked: number) => (maxPerDay > 0 ? Math.max(0, maxPerDay - booked) : null);

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The calendar date at `now` in a time zone, 'YYYY-MM-DD'. */
export function dateIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The bookable dates: from the clinic's today plus the gap days to today plus the booking days (both included);
 * null when the gap reaches past the last day.
 */
export function bookingWindow(today: string, gapDays: number, bookingDays: number): { first: string; last: string } | null {
  const first = addDays(today, gapDays);
  const last = addDays(today, bookingDays);
  return first <= last ? { first, last } : null;
}

/** 'HH:mm' plus minutes, on a 24-hour clock. */
export function timePlus(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
