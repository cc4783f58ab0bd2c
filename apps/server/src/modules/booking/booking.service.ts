import {
  type BookInput,
  type BookResult,
  BOOKING_RULES,
  distanceMetres,
  geoPoint,
  INACTIVE_STATUSES,
  type Language,
} from '@dental/contract';
import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notifyRefreshTodayAppointments } from '../../platform/realtime/hub-events.js';
import { notify } from '../notifications/index.js';
import { insertPatient, patientBranches, patients } from '../patients/index.js';
import { appointments } from '../scheduler/scheduler.table.js';
import { timePlus } from './booking-capacity.js';
import { bookingHours, findBranch, nextTurnNumber } from './booking-calendar.js';
import { type ClinicRow, settingsOf } from './booking-clinic.js';
import { assertInWindow, dayStates } from './booking-days.service.js';
import { markAttemptBooked } from './booking-limits.js';

export interface BookContext {
  now: Date;
  lang: Language;
  attemptId: number;
  hub: Hub;
  jobs?: Jobs;
}

/**
 * The clinic's patients with this mobile, found through the quick-search words (the mobile's digits are a word),
 * which are indexed, rather than by reading every patient.
 */
const withMobile = (clinicId: number, mobile: string) =>
  and(
    sql`${patients.id} = any(array(select patient_id from patient_search_words where clinic_id = ${clinicId} and word = ${mobile.replace(/\D/g, '')}))`,
    eq(patients.clinicId, clinicId),
    eq(patients.mobile, mobile),
    isNull(patients.deletedAt),
  );

/** Refuses a mobile that already holds a booking that day, or the most future bookings allowed. */
async function checkMobileLimits(tx: Tx, clinicId: number, mobile: string, timeZone: string, date: string, now: Date) {
  const days = await tx
    .select({ day: sql<string>`to_char(${appointments.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD')` })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.clinicId, appointments.clinicId), eq(patients.id, appointments.patientId)))
    .where(
      and(
        withMobile(clinicId, mobile),
        eq(appointments.clinicId, clinicId),
        eq(appointments.source, 'website'),
        notInArray(appointments.status, [...INACTIVE_STATUSES]),
        gt(appointments.endsAt, now),
      ),
    );
  if (days.filter((d) => d.day === date).length >= BOOKING_RULES.maxBookingsPerMobilePerDay) throw new AppError('booking_mobile_day_taken');
  if (days.length >= BOOKING_RULES.maxFutureBookingsPerMobile) throw new AppError('booking_mobile_limit');
}

/**
 * Maximum attendance distance (spec §3 Clinic): a patient who shared where they are must be within the clinic's
 * maximum of the branch, when both are set (0 or a branch without a location: no check).
 */
function checkDistance(clinic: ClinicRow, branch: { latitude: number | null; longitude: number | null }, input: BookInput) {
  const from = geoPoint(input.latitude, input.longitude);
  const to = geoPoint(branch.latitude, branch.longitude);
  if (clinic.maxAttendanceDistance > 0 && from && to && distanceMetres(from, to) > clinic.maxAttendanceDistance)
    throw new AppError('booking_too_far');
}

/**
 * The patient the booking is for: the clinic's patient with this mobile (approved first, then the oldest), or a
 * new one from the website, waiting for approval unless the clinic approves website patients automatically.
 */
async function patientFor(tx: Tx, clinic: ClinicRow, input: BookInput, branchId: number, lang: Language) {
  const [existing] = await tx
    .select({ id: patients.id, approvalStatus: patients.approvalStatus })
    .from(patients)
    .where(withMobile(clinic.id, input.mobile))
    .orderBy(sql`${patients.approvalStatus} = 'approved' desc`, asc(patients.id))
    .limit(1);
  if (existing) {
    await tx.insert(patientBranches).values({ clinicId: clinic.id, patientId: existing.id, branchId }).onConflictDoNothing();
    return { id: existing.id, approved: existing.approvalStatus === 'approved' };
  }
  const approvalStatus = clinic.autoApprovePatient ? 'approved' : 'waiting';
  const created = await insertPatient(
    tx,
    clinic.id,
    {
      name: input.name,
      mobile: input.mobile,
      latitude: input.latitude == null ? null : String(input.latitude),
      longitude: input.longitude == null ? null : String(input.longitude),
      smsLanguage: lang,
      source: 'website',
      approvalStatus,
    },
    [branchId],
  );
  return { id: created.id, approved: approvalStatus === 'approved' };
}

/**
 * Book: a pending (AS0) website appointment without doctor or room, for the patient with this mobile or a new
 * one. The day's and the mobile's checks run under advisory locks (`lockKeys`: the mobile's and the branch-day's),
 * so two requests for the last slot, or for the same mobile, cannot both pass.
 */
export async function book(tx: Tx, clinic: ClinicRow, input: BookInput, ctx: BookContext): Promise<BookResult> {
  const s = settingsOf(clinic);
  const time = input.time ?? null;
  if (s.type === 'time' && !time) throw new AppError('validation', { time: 'field_required' });
  const branch = await findBranch(tx, clinic.id, input.branchId);
  assertInWindow(s, input.date, ctx.now);
  checkDistance(clinic, branch, input);

  await lockKeys(tx, [`booking:mobile:${input.mobile}`, `booking:day:${branch.id}:${input.date}`]);
  const [day] = await dayStates(tx, clinic.id, branch.id, s, input.date, input.date, ctx.now);
  if (day!.status === 'holiday') throw new AppError('appointment_on_vacation');
  if (day!.status === 'closed') throw new AppError('booking_day_unavailable');
  const slot = s.type === 'time' ? day!.grid.find((g) => g.time === time) : undefined;
  if (s.type === 'time' && !slot) throw new AppError('validation', { time: 'booking_time_invalid' });
  await checkMobileLimits(tx, clinic.id, input.mobile, s.timeZone, input.date, ctx.now);
  if (day!.status === 'full') throw new AppError('booking_day_full');
  if (slot && !day!.freeSlots.some((g) => g.time === slot.time)) throw new AppError('booking_slot_taken');

  const span = slot ?? (await bookingHours(tx, s, input.date));
  const turnNumber = s.type === 'turn' ? await nextTurnNumber(tx, clinic.id, branch.id, s.timeZone, input.date) : null;
  const patient = await patientFor(tx, clinic, input, branch.id, ctx.lang);
  const [created] = await tx
    .insert(appointments)
    .values({
      clinicId: clinic.id,
      branchId: branch.id,
      patientId: patient.id,
      startsAt: span.start,
      endsAt: span.end,
      status: 'AS0',
      source: 'website',
      turnNumber,
    })
    .returning({ id: appointments.id });
  await markAttemptBooked(tx, clinic.id, ctx.attemptId);
  await notifyRefreshTodayAppointments(ctx.hub, clinic.id, branch.id, tx);
  // whoever works this branch's whole calendar (a website appointment has no doctor yet): docs/notifications.md
  await notify(tx, ctx, {
    clinicId: clinic.id,
    permissionKeys: ['scheduler_view_all'],
    branchId: branch.id,
    kind: 'appointment_booked_online',
    params: { patient: input.name, date: input.date, time: slot?.time ?? (turnNumber != null ? `#${turnNumber}` : s.timeStart), branch: branch.name },
    route: `/?date=${input.date}&appointment=${created!.id}`,
  });
  return {
    date: input.date,
    time: slot?.time ?? s.timeStart,
    endTime: slot ? timePlus(slot.time, s.interval) : s.timeEnd,
    turnNumber,
    start: span.start.toISOString(),
    end: span.end.toISOString(),
    branch,
    clinicDisplayName: clinic.displayName,
    patientApproved: patient.approved,
  };
}
