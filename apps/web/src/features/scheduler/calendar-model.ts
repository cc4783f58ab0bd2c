import type { AppointmentItem, AppointmentStatus, CalendarSettings, VacationItem } from '@dental/contract';
import type { EventInput } from '@fullcalendar/react';
import { addDays, clinicDateOf, fromClinicWall, toClinicWall } from '../../lib/clinic-time';
import { STATUS_COLORS, contrastText } from './status-colors';

/** The calendar's views (spec §2) and the FullCalendar view each one is. */
export const CALENDAR_VIEWS = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  workWeek: 'timeGridWorkWeek',
  month: 'dayGridMonth',
  year: 'multiMonthYear',
  agenda: 'listWeek',
  monthAgenda: 'listMonth',
} as const;
export type CalendarView = keyof typeof CALENDAR_VIEWS;
export const isCalendarView = (v: unknown): v is CalendarView =>
  typeof v === 'string' && Object.hasOwn(CALENDAR_VIEWS, v);

export type ColorBy = 'room' | 'status';
type Doctor = CalendarSettings['doctors'][number];

/** Finished (checked out) and rescheduled appointments are history: the server refuses to change or delete them. */
export const LOCKED_STATUSES: readonly AppointmentStatus[] = ['AS7', 'AS10'];
/** The patient came: the visit happened, so the server never deletes it. */
export const ATTENDED_STATUSES: readonly AppointmentStatus[] = ['AS3', 'AS4', 'AS5', 'AS6', 'AS7'];
export const canEditAppointment = (s: AppointmentStatus) => !LOCKED_STATUSES.includes(s);
export const canDeleteAppointment = (s: AppointmentStatus) =>
  !LOCKED_STATUSES.includes(s) && !ATTENDED_STATUSES.includes(s);

/** Weekdays (0 Sunday .. 6 Saturday) on which at least one of the doctors works. */
export function workingDays(doctors: readonly Doctor[]): number[] {
  const days = new Set<number>();
  for (const d of doctors) for (const w of d.workingDays) if (w.shifts.length > 0) days.add(w.dayOfWeek);
  return [...days].sort((a, b) => a - b);
}

/** The work week hides the days nobody works; with no working hours at all, it shows the whole week. */
export function workWeekHiddenDays(doctors: readonly Doctor[]): number[] {
  const days = workingDays(doctors);
  if (days.length === 0) return [];
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => !days.includes(d));
}

/**
 * FullCalendar business hours: the chosen doctor's shifts, or every doctor's (the calendar shades what no shift
 * covers), merged into as few entries as the union allows (one per distinct span, with the days it holds on): the
 * calendar slices every entry on every render. False when there are no shifts at all, so nothing is shaded rather
 * than everything.
 */
export function businessHoursFor(doctors: readonly Doctor[], doctorId?: number | null): EventInput[] | false {
  const chosen = doctorId ? doctors.filter((d) => d.id === doctorId) : doctors;
  const byDay = new Map<number, Array<[string, string]>>();
  for (const d of chosen)
    for (const w of d.workingDays)
      for (const s of w.shifts) {
        const spans = byDay.get(w.dayOfWeek) ?? [];
        spans.push([s.start, s.end]);
        byDay.set(w.dayOfWeek, spans);
      }
  // 'HH:MM' (up to '24:00') compares as text; touching or overlapping spans join
  const daysBySpan = new Map<string, number[]>();
  for (const [day, spans] of [...byDay].sort((a, b) => a[0] - b[0])) {
    spans.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const merged: Array<[string, string]> = [];
    for (const [start, end] of spans) {
      const last = merged.at(-1);
      if (last && start <= last[1]) last[1] = end > last[1] ? end : last[1];
      else merged.push([start, end]);
    }
    for (const [start, end] of merged) {
      const key = `${start}-${end}`;
      daysBySpan.set(key, [...(daysBySpan.get(key) ?? []), day]);
    }
  }
  const hours = [...daysBySpan].map(([key, daysOfWeek]) => {
    const [startTime, endTime] = key.split('-') as [string, string];
    return { daysOfWeek, startTime, endTime };
  });
  return hours.length > 0 ? hours : false;
}

export interface AppointmentEventOptions {
  colorBy: ColorBy;
  timeZone: string;
  /** The clinic allows dragging and the user may change appointments. */
  draggable: boolean;
  resizable: boolean;
}

const rangeFormatters = new Map<string, Intl.DateTimeFormat>();
const timeTexts = new WeakMap<AppointmentItem, { key: string; text: string }>();

/**
 * "9:30 – 10:30 AM" in the clinic's zone and the app's language (Latin digits, as the rest of the app). Kept per
 * appointment object (the query cache keeps them): formatting ranges is the costliest part of drawing a busy
 * week, and moving back to a week already read then formats nothing.
 */
export function appointmentTimeText(a: AppointmentItem, timeZone: string, language: string): string {
  const key = `${timeZone}|${language}`;
  const hit = timeTexts.get(a);
  if (hit?.key === key) return hit.text;
  let formatter = rangeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { timeZone, hour: 'numeric', minute: '2-digit' });
    rangeFormatters.set(key, formatter);
  }
  const text = formatter.formatRange(new Date(a.start), new Date(a.end));
  timeTexts.set(a, { key, text });
  return text;
}

const startFormatters = new Map<string, Intl.DateTimeFormat>();

/** The start time alone ("9:30 ص", "09:30"), for the one-line rows of the month and year views, where a range is cut. */
export function appointmentStartText(a: AppointmentItem, timeZone: string, language: string): string {
  const key = `${timeZone}|${language}`;
  let formatter = startFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { timeZone, hour: 'numeric', minute: '2-digit' });
    startFormatters.set(key, formatter);
  }
  return formatter.format(new Date(a.start));
}

/**
 * What an event shows under the patient's name, one per line: the time, then 'doctor · room'. Plain text in one
 * element: a busy week draws hundreds of events, and every extra element, isolate mark or ::first-line style
 * shows in its layout time (bench/calendar-render.ts).
 */
export function appointmentDetails(a: AppointmentItem, timeText: string): string {
  const where = [a.doctorName, a.roomName].filter((n): n is string => !!n).join(' · ');
  return [timeText, where].filter(Boolean).join('\n');
}

/**
 * FullCalendar runs in UTC on the clinic's wall clock: its dates are the clinic's dates and times read as UTC, and
 * these convert at the edges. With the clinic's named time zone it converted every event's start and end through
 * Temporal on every render, about a tenth of drawing a busy week (bench/calendar-render.ts). The clinic's day, today
 * and the now line come from `calendarNow`; a wall time skipped by a daylight-saving change moves forward.
 */
export const CALENDAR_TIME_ZONE = 'UTC';

/** An instant as the calendar's wall time, 'YYYY-MM-DDTHH:mm'. */
export function calendarWall(instant: string | number, timeZone: string): string {
  const w = toClinicWall(instant, timeZone);
  return `${w.date}T${w.time}`;
}

/** The instant (ISO) of one of the calendar's dates. */
export function calendarInstant(date: Date, timeZone: string): string {
  const wall = toClinicWall(date, CALENDAR_TIME_ZONE);
  return fromClinicWall(wall.date, wall.time, timeZone);
}

/** The clinic date ('YYYY-MM-DD') of one of the calendar's dates. */
export const calendarDay = (date: Date | number): string => clinicDateOf(date, CALENDAR_TIME_ZONE);

const STRONG = /[A-Za-z\u00C0-\u024F\u0370-\u04FF]|[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The direction of a text by its first strong letter (Arabic or Hebrew: rtl), as dir="auto" would find it; `fallback`
 * when it has none. Computed here: hundreds of dir="auto" elements cost the calendar layout time when drawn.
 */
export function textDirection(text: string, fallback: 'rtl' | 'ltr'): 'rtl' | 'ltr' {
  const m = STRONG.exec(text);
  if (!m) return fallback;
  return m[0] >= '\u0590' ? 'rtl' : 'ltr';
}

/** An appointment as a calendar event at its wall times; all-day ones become the clinic's calendar days. */
export function appointmentEvent(a: AppointmentItem, o: AppointmentEventOptions): EventInput {
  const color = o.colorBy === 'room' && a.roomColor ? a.roomColor : STATUS_COLORS[a.status];
  const movable = canEditAppointment(a.status) && a.doctorId != null && a.roomId != null;
  const start = a.allDay ? clinicDateOf(a.start, o.timeZone) : calendarWall(a.start, o.timeZone);
  let end = a.allDay ? clinicDateOf(a.end, o.timeZone) : calendarWall(a.end, o.timeZone);
  if (a.allDay && end <= start) end = addDays(start, 1);
  return {
    id: String(a.id),
    title: a.patientName,
    start,
    end,
    allDay: a.allDay,
    color,
    contrastColor: contrastText(color),
    startEditable: o.draggable && movable,
    durationEditable: o.resizable && movable && !a.allDay,
    className: `appointment-event status-${a.status}`,
    extendedProps: { appointment: a },
  };
}

/**
 * Vacations as background events over whole clinic days: clinic holidays always, a user's leave only on the
 * calendar filtered to that doctor (on the shared calendar it would shade the day for everyone).
 */
export function vacationEvents(vacations: readonly VacationItem[], doctorId?: number | null): EventInput[] {
  return vacations
    .filter((v) => v.userId == null || (doctorId != null && v.userId === doctorId))
    .map((v) => ({
      id: `vacation-${v.id}`,
      title: v.userName ? `${v.name} · ${v.userName}` : v.name,
      start: v.startDate,
      end: addDays(v.endDate, 1),
      allDay: true,
      display: 'background',
      className: v.userId == null ? 'vacation-event clinic-holiday' : 'vacation-event user-leave',
      extendedProps: { vacation: v },
    }));
}

/**
 * The read period of a view: FullCalendar's visible range (instants, end exclusive); the vacation read uses the
 * clinic days it covers.
 */
export function vacationRange(from: string, to: string, timeZone: string): { from: string; to: string } {
  return { from: clinicDateOf(from, timeZone), to: clinicDateOf(Date.parse(to) - 1, timeZone) };
}
