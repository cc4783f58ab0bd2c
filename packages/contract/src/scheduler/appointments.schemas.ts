import { z } from 'zod';
import { id, idsInput, instantInDateRange, optionalId, optionalText } from '../common/schemas.js';
import { APPOINTMENT_STATUSES } from '../enums.js';
import { isoDate } from '../patients/patient.schemas.js';
import { NEW_APPOINTMENT_STATUSES } from './appointment-status.js';

const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined ? 'field_required' : 'field_invalid');

/** An instant with its offset, e.g. '2026-11-22T09:30:00+02:00' or '...Z', within DATE_RANGE (year 0 is a 500 in PostgreSQL). */
export const instant = z.iso
  .datetime({ offset: true, error: requiredOrInvalid })
  .refine(instantInDateRange, 'field_invalid');

/** Spec §9: the calendar's time step. Staff may still pick any minute. */
export const CALENDAR_SLOT_MINUTES = 30;
/** An appointment lasts at most one day (an all-day appointment is one day of the clinic's calendar). */
export const APPOINTMENT_MAX_MINUTES = 24 * 60;
/** The largest view is a year: a read spans at most this many days. */
export const APPOINTMENT_RANGE_MAX_DAYS = 372;
/** A recurrence makes at most this many occurrences. */
export const RECURRENCE_MAX_OCCURRENCES = 200;

const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

/** A period of the calendar; `to` after `from`, at most APPOINTMENT_RANGE_MAX_DAYS. */
export const getAppointmentsInput = z
  .object({
    from: instant,
    to: instant,
    /** Default: the request's branch (Bid). */
    branchId: optionalId,
    doctorId: optionalId,
    roomId: optionalId,
  })
  .superRefine((v, ctx) => {
    const minutes = minutesBetween(v.from, v.to);
    if (!(minutes > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'time_start_before_end' });
    else if (minutes > APPOINTMENT_RANGE_MAX_DAYS * 24 * 60)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'appointment_range_too_long' });
  });

export const appointmentItem = z.object({
  id: z.number(),
  branchId: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  patientCode: z.string(),
  patientMobile: z.string().nullable(),
  /** PT3 shows the blacklist warning. */
  patientType: z.string().nullable(),
  doctorId: z.number().nullable(),
  doctorName: z.string().nullable(),
  roomId: z.number().nullable(),
  roomName: z.string().nullable(),
  roomColor: z.string().nullable(),
  seriesId: z.number().nullable(),
  /** ISO instants (UTC). */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string().nullable(),
  source: z.enum(['clinic', 'website']),
  turnNumber: z.number().nullable(),
  checkInAt: z.string().nullable(),
  /** Who checked the patient in (the doctor calls them to send the patient in). */
  checkInBy: z.number().nullable(),
  checkInByName: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  checkOutByName: z.string().nullable(),
  version: z.number(),
});
export const appointmentsOutput = z.object({ items: z.array(appointmentItem) });

/** Which of a patient's appointments: from now on, before now, or every one. */
export const PATIENT_APPOINTMENTS_WHEN = ['upcoming', 'past', 'all'] as const;
/**
 * A patient's appointments (the patient file's tab), one page: upcoming (ending after now) soonest first, past
 * (ended) newest first, all newest first.
 */
export const patientAppointmentsInput = z.object({
  patientId: id,
  when: z.enum(PATIENT_APPOINTMENTS_WHEN, { error: 'field_invalid' }).default('upcoming'),
  page: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1),
  pageSize: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').max(100, 'field_invalid').default(10),
});
export const patientAppointmentItem = appointmentItem
  .pick({ id: true, start: true, end: true, allDay: true, status: true, doctorId: true, doctorName: true, roomId: true, roomName: true, roomColor: true, branchId: true, notes: true, seriesId: true })
  .extend({ branchName: z.string() });
export const patientAppointmentsOutput = z.object({
  items: z.array(patientAppointmentItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** What an appointment is: shared by SaveAppointment and SaveAppointmentRecurrence. */
const appointmentFields = {
  branchId: id,
  patientId: id,
  doctorId: id,
  roomId: id,
  start: instant,
  end: instant,
  allDay: z.boolean({ error: 'field_invalid' }).default(false),
  notes: optionalText(1000),
  /** The user saw 'appointment is outside working hours' and confirmed. */
  confirmOutsideWorkingHours: z.boolean({ error: 'field_invalid' }).optional(),
  /** The user saw that the doctor or room is busy and confirmed (only where the clinic allows overlaps). */
  confirmOverlap: z.boolean({ error: 'field_invalid' }).optional(),
};

const checkRange = (v: { start: string; end: string; allDay?: boolean }, ctx: z.RefinementCtx) => {
  const minutes = minutesBetween(v.start, v.end);
  if (!(minutes > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'time_start_before_end' });
  // an all-day appointment may be 23-25 hours around a daylight-saving change; the server fixes its bounds
  else if (minutes > APPOINTMENT_MAX_MINUTES + (v.allDay ? 60 : 0))
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'appointment_too_long' });
};

/**
 * Creates an appointment (no id) or changes one. A change sends the `version` it read: an older version is
 * refused with 409 'appointment_changed'. A change of an occurrence with `scope` 'series' moves every later
 * occurrence of its series by the same shift and applies the same doctor, room and notes.
 */
export const saveAppointmentInput = z
  .object({
    id: optionalId,
    version: z.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid').optional(),
    scope: z.enum(['one', 'series'], { error: 'field_invalid' }).default('one'),
    /** Only when creating; default AS1 (unconfirmed). */
    status: z.enum(NEW_APPOINTMENT_STATUSES, { error: 'field_invalid' }).optional(),
    ...appointmentFields,
  })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    if (v.id && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'field_required' });
  });

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const recurrenceRule = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { error: requiredOrInvalid }),
    interval: z.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').max(12, 'field_invalid').default(1),
    /** Weekly: 0 Sunday .. 6 Saturday, at least one. */
    weekdays: z.array(z.number().int().min(0).max(6), { error: 'field_invalid' }).max(7, 'field_invalid').optional(),
    /** The series ends on this day (inclusive, the clinic's calendar) ... */
    untilDate: isoDate.optional(),
    /** ... or after this many occurrences. */
    count: z.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').max(RECURRENCE_MAX_OCCURRENCES, 'recurrence_too_many').optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.untilDate === undefined) === (v.count === undefined))
      ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'recurrence_end_required' });
    if (v.frequency === 'weekly' && !v.weekdays?.length)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'recurrence_weekdays_required' });
  });

/** Creates a series: the first occurrence at start/end, the rest by the rule. Returns every occurrence's id. */
export const saveAppointmentRecurrenceInput = z
  .object({ ...appointmentFields, status: z.enum(NEW_APPOINTMENT_STATUSES, { error: 'field_invalid' }).optional(), recurrence: recurrenceRule })
  .superRefine(checkRange);
export const savedAppointmentOutput = z.object({ id: z.number(), version: z.number() });
export const savedSeriesOutput = z.object({ seriesId: z.number(), ids: z.array(z.number()) });

/** Spec: DeleteAppointment (deleteWithRecurrence, ids in body). With recurrence, each id's later occurrences go too. */
export const deleteAppointmentInput = idsInput.extend({
  deleteWithRecurrence: z.boolean({ error: 'field_invalid' }).default(false),
});
export const deletedAppointmentsOutput = z.object({ deleted: z.number() });

export const updateAppointmentStatusInput = z.object({
  id,
  status: z.enum(APPOINTMENT_STATUSES, { error: requiredOrInvalid }),
  version: z.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid').optional(),
});
export const checkInOutInput = z.object({
  id,
  version: z.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid').optional(),
});

/** The calendar's setup: the branch's doctors with their working week, the rooms, the clinic's calendar flags. */
export const calendarSettingsInput = z.object({ branchId: optionalId });
export const calendarSettingsOutput = z.object({
  timeZone: z.string(),
  branchId: z.number(),
  allowDragAndDrop: z.boolean(),
  allowResizing: z.boolean(),
  allowOverlapping: z.boolean(),
  /** Whether the caller sees every appointment or only their own (scheduler_view_mine). */
  viewAll: z.boolean(),
  doctors: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** Shifts per weekday, 'HH:mm' in the clinic's time zone; end may be '24:00'. */
      workingDays: z.array(z.object({ dayOfWeek: z.number(), shifts: z.array(z.object({ start: z.string(), end: z.string() })) })),
    }),
  ),
  rooms: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
});

/** 'call user' (spec §1): the secretary calls the doctor, or the doctor calls the next patient. */
export const callUserInput = z.object({ userId: id, appointmentId: optionalId, message: optionalText(200) });

/** The waiting display: today's appointments of the branch (clinic's day); `patientName` is `waitingRoomName()`. */
export const todayAppointmentsInput = z.object({ branchId: optionalId });
export const todayAppointmentsOutput = z.object({
  date: z.string(),
  items: z.array(
    appointmentItem.pick({ id: true, patientName: true, doctorName: true, roomName: true, roomColor: true, start: true, end: true, status: true, checkInAt: true, turnNumber: true }),
  ),
});

/** Dashboard/GetDailySummary: one day of the branch (default today), per doctor. */
export const dailySummaryInput = z.object({ date: isoDate.optional(), branchId: optionalId });
const summaryCounts = {
  total: z.number(),
  arrived: z.number(),
  noShows: z.number(),
  completed: z.number(),
  canceled: z.number(),
};
export const dailySummaryOutput = z.object({
  date: z.string(),
  totals: z.object(summaryCounts),
  doctors: z.array(z.object({ doctorId: z.number().nullable(), doctorName: z.string().nullable(), ...summaryCounts })),
});

export type AppointmentItem = z.infer<typeof appointmentItem>;
export type GetAppointmentsInput = z.output<typeof getAppointmentsInput>;
export type PatientAppointmentsInput = z.output<typeof patientAppointmentsInput>;
export type PatientAppointmentItem = z.infer<typeof patientAppointmentItem>;
export type SaveAppointmentInput = z.output<typeof saveAppointmentInput>;
export type RecurrenceRule = z.output<typeof recurrenceRule>;
export type SaveAppointmentRecurrenceInput = z.output<typeof saveAppointmentRecurrenceInput>;
export type DeleteAppointmentInput = z.output<typeof deleteAppointmentInput>;
export type UpdateAppointmentStatusInput = z.output<typeof updateAppointmentStatusInput>;
export type CalendarSettings = z.infer<typeof calendarSettingsOutput>;
export type DailySummary = z.infer<typeof dailySummaryOutput>;
export type TodayAppointments = z.infer<typeof todayAppointmentsOutput>;
