import type { AppointmentItem, RecurrenceRule } from '@dental/contract';
import { CALENDAR_SLOT_MINUTES } from '@dental/contract';
import { addDays, clinicDayStart, fromClinicWall, toClinicWall } from '../../lib/clinic-time';

/** What the appointment form starts from: a chosen slot, the "new" button, or an appointment to edit. */
export interface AppointmentDraft {
  appointment?: AppointmentItem;
  /** Clinic wall date and times ('YYYY-MM-DD', 'HH:mm'). */
  date: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  doctorId?: number | null;
  roomId?: number | null;
  /** A new appointment for this patient (e.g. the next sitting offered after a procedure is added). */
  patient?: NewAppointmentPatient | null;
}

export interface NewAppointmentPatient {
  id: number;
  name: string;
  code: string;
}

/** What another page hands the scheduler (router state at '/') to open a new appointment already filled in. */
export interface NewAppointmentRequest {
  patient: NewAppointmentPatient;
  doctorId?: number | null;
}

/** The request in router state, when it is one (anything else is ignored). */
export function newAppointmentRequest(state: unknown): NewAppointmentRequest | null {
  const r = (state as { newAppointment?: Partial<NewAppointmentRequest> } | null)?.newAppointment;
  const p = r?.patient;
  if (!p || typeof p.id !== 'number' || typeof p.name !== 'string' || typeof p.code !== 'string') return null;
  return {
    patient: { id: p.id, name: p.name, code: p.code },
    doctorId: typeof r.doctorId === 'number' ? r.doctorId : null,
  };
}

/** The form's values, kept as clinic wall strings (the pickers convert at their edges). */
export interface DraftValues {
  patientId?: number | null;
  doctorId?: number | null;
  roomId?: number | null;
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  allDay: boolean;
  status: 'AS1' | 'AS2';
  notes?: string | null;
  scope: 'one' | 'series';
  repeat: boolean;
  frequency: RecurrenceRule['frequency'];
  interval: number;
  weekdays: number[];
  endKind: 'until' | 'count';
  untilDate?: string | null;
  count?: number | null;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A wall time plus minutes, capped at the end of the day ('24:00'). */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return hhmm(Math.min(h * 60 + m + minutes, 24 * 60));
}

/** The draft of the "new appointment" button: today at the next free half hour when looking at today. */
export function newDraft(
  date: string,
  nowWall: { date: string; time: string } | null,
  filters: { doctorId?: number | null; roomId?: number | null },
): AppointmentDraft {
  let start = '09:00';
  if (nowWall && nowWall.date === date) {
    const [h, m] = nowWall.time.split(':').map(Number) as [number, number];
    const next = Math.ceil((h * 60 + m + 1) / CALENDAR_SLOT_MINUTES) * CALENDAR_SLOT_MINUTES;
    if (next + CALENDAR_SLOT_MINUTES <= 24 * 60) start = hhmm(next);
  }
  return { date, startTime: start, endTime: addMinutes(start, CALENDAR_SLOT_MINUTES), allDay: false, ...filters };
}

/** The draft of a selected period of the calendar (instants), in the clinic's wall time. */
export function slotDraft(
  start: Date,
  end: Date,
  allDay: boolean,
  timeZone: string,
  filters: { doctorId?: number | null; roomId?: number | null },
): AppointmentDraft {
  const s = toClinicWall(start, timeZone);
  if (allDay)
    return {
      date: s.date,
      startTime: '09:00',
      endTime: addMinutes('09:00', CALENDAR_SLOT_MINUTES),
      allDay: false,
      ...filters,
    };
  const e = toClinicWall(end, timeZone);
  const endTime = e.date === s.date ? e.time : '24:00';
  return { date: s.date, startTime: s.time, endTime, allDay: false, ...filters };
}

/** The draft of an appointment being edited. */
export function editDraft(a: AppointmentItem, timeZone: string): AppointmentDraft {
  const s = toClinicWall(a.start, timeZone);
  const e = toClinicWall(a.end, timeZone);
  return {
    appointment: a,
    date: s.date,
    startTime: a.allDay ? '09:00' : s.time,
    endTime: a.allDay ? '09:30' : e.date === s.date ? e.time : '24:00',
    allDay: a.allDay,
    doctorId: a.doctorId,
    roomId: a.roomId,
  };
}

/** The instants of the form's date and times; an all-day appointment is the clinic's whole day. */
export function draftInstants(
  v: Pick<DraftValues, 'date' | 'startTime' | 'endTime' | 'allDay'>,
  timeZone: string,
): { start: string; end: string } {
  const date = v.date!;
  if (v.allDay) return { start: clinicDayStart(date, timeZone), end: clinicDayStart(addDays(date, 1), timeZone) };
  return { start: fromClinicWall(date, v.startTime!, timeZone), end: fromClinicWall(date, v.endTime!, timeZone) };
}

/** The recurrence rule of the form (weekdays only for weekly; either an end date or a count). */
export function draftRule(v: DraftValues): RecurrenceRule {
  return {
    frequency: v.frequency,
    interval: v.interval,
    ...(v.frequency === 'weekly' ? { weekdays: [...v.weekdays].sort((a, b) => a - b) } : {}),
    ...(v.endKind === 'until' ? { untilDate: v.untilDate ?? undefined } : { count: v.count ?? undefined }),
  };
}
