import {
  type DueMessageItem,
  type dueMessagesInput,
  type messageContentInput,
  type patientMessagingInput,
  POPUP_TIMEOUT_DEFAULT_S,
  type popupMessageContentInput,
  type saveMessagesInput,
  type sendSmsManualInput,
} from '@dental/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { findPatient, patientBranches, patients, visiblePatients } from '../patients/index.js';
import { addDays, dayBounds, localDateTime } from '../scheduler/clinic-time.js';
import { appointments } from '../scheduler/index.js';
import { assertSendable, buildMessage, loadSubject, type MessageLinks } from './content.service.js';
import { messageOutbox } from './messages.table.js';
import { enqueue } from './outbox.service.js';
import { listMessageTypes } from './templates.service.js';

/** MessageType/GetMessageContent: a type's template filled for an appointment or a patient (nothing is recorded). */
export async function messageContent(tx: Tx, session: ClinicSession, input: z.output<typeof messageContentInput>, links: MessageLinks) {
  const subject = await loadSubject(tx, session, { appointmentId: input.appointmentId, patientId: input.patientId, branchId: session.branchId });
  const built = await buildMessage(tx, session.clinic, subject, input.type, input.channel, { lang: input.lang, ...links });
  assertSendable(subject, built);
  return { mobile: built.mobile, message: built.message, lang: built.lang, link: built.link };
}

/**
 * Message/GetMessageContent (the popup): an appointment item sends the reminder (MT2), a birthday item the birthday
 * message (MT3). SMS is queued (403 sms_trial on ST0) for the sender job; WhatsApp is recorded as sent by link.
 * The key names the item and the clinic's day, so a second click returns the same row.
 */
export async function popupMessageContent(
  tx: Tx,
  session: ClinicSession,
  input: z.output<typeof popupMessageContentInput>,
  links: MessageLinks,
  byHand = false,
) {
  if (input.type === 'sms' && session.tier === 'ST0' && !byHand) throw new AppError('sms_trial');
  const appointmentItem = input.groupName === 'appointment';
  const type = appointmentItem ? 'MT2' : 'MT3';
  const subject = await loadSubject(tx, session, appointmentItem ? { appointmentId: input.id } : { patientId: input.id, branchId: session.branchId });
  const built = await buildMessage(tx, session.clinic, subject, type, input.type, links);
  assertSendable(subject, built);
  const today = localDateTime(new Date(), session.clinic.timeZone).date;
  const row = await enqueue(tx, session.clinicId, {
    patientId: subject.patient.id, appointmentId: subject.appointment?.id ?? null, type, channel: input.type, to: built.mobile,
    body: built.message, lang: built.lang, idempotencyKey: `popup:${input.groupName}:${input.id}:${today}:${input.type}`,
    createdBy: session.userId,
    ...(byHand ? { status: 'sent' as const, provider: 'by-hand' } : input.type === 'whatsapp' ? { status: 'sent' as const, provider: 'wa.me' } : {}),
  });
  return { mobile: built.mobile, message: built.message, lang: built.lang, link: built.link, outboxId: row.id };
}

/**
 * Lookups/SaveMessages: popup items messaged outside the app, recorded as sent by hand under the popup's key (so the
 * item is no longer due, and a popup click on it the same day returns this row); nothing is sent.
 */
export async function saveMessages(tx: Tx, session: ClinicSession, input: z.output<typeof saveMessagesInput>, links: MessageLinks) {
  const outboxIds: number[] = [];
  for (const item of input.items) outboxIds.push((await popupMessageContent(tx, session, item, links, true)).outboxId);
  return { outboxIds };
}

/**
 * SMSMessage/SendSMSMessageManual: an appointment's message, or a patient's without an appointment (payment due,
 * birthday; an appointment type is 400 message_subject_mismatch), by SMS now (queued; the sender job is asked to run).
 */
export async function sendSmsManual(tx: Tx, session: ClinicSession, input: z.output<typeof sendSmsManualInput>, links: MessageLinks) {
  if (session.tier === 'ST0') throw new AppError('sms_trial');
  const subject = await loadSubject(tx, session, { appointmentId: input.appointmentId, patientId: input.patientId, branchId: session.branchId });
  const type = input.type ?? 'MT2';
  const built = await buildMessage(tx, session.clinic, subject, type, 'sms', links);
  assertSendable(subject, built);
  const row = await enqueue(tx, session.clinicId, {
    patientId: subject.patient.id, appointmentId: subject.appointment?.id ?? null, type, channel: 'sms', to: built.mobile,
    body: built.message, lang: built.lang, idempotencyKey: `manual:${randomUUID()}`, createdBy: session.userId,
  });
  return { outboxId: row.id, status: row.status };
}

/**
 * The popup stack (spec §1, §4): with showMessagePopup on, from the send hour of MT2 tomorrow's appointments of the
 * branch that still expect the patient, and from the send hour of MT3 today's birthdays of the branch's patients,
 * each unless already messaged (any outbox row of the type for it that is not failed: today's for a birthday) or
 * the patient is marked not to be messaged.
 */
export async function dueMessages(tx: Tx, session: ClinicSession, input: z.output<typeof dueMessagesInput>, now = new Date()) {
  const clinic = session.clinic;
  if (!clinic.showMessagePopup) return { items: [] };
  const branchId = input.branchId ?? session.branchId;
  if (branchId && !session.branchIds.includes(branchId)) throw new AppError(session.clinicBranchIds.includes(branchId) ? 'BS15' : 'not_found');
  const types = await listMessageTypes(tx, session.clinicId);
  const hourSetting = (type: 'MT2' | 'MT3') => types.find((t) => t.type === type)!.sendHour;
  const { date: today, minutes } = localDateTime(now, clinic.timeZone);
  const hour = Math.floor(minutes / 60);
  const items: DueMessageItem[] = [];
  const o = messageOutbox;
  const active = inArray(o.status, ['queued', 'sending', 'sent']);
  if (hour >= hourSetting('MT2')) {
    const { start, end } = dayBounds(addDays(today, 1), clinic.timeZone);
    const a = appointments;
    const rows = await tx
      .select({ id: a.id, patientId: a.patientId, patientName: patients.name, mobile: patients.mobile, startsAt: a.startsAt, doctorName: users.fullName })
      .from(a)
      .innerJoin(patients, and(eq(patients.clinicId, a.clinicId), eq(patients.id, a.patientId)))
      .leftJoin(users, and(eq(users.clinicId, a.clinicId), eq(users.id, a.doctorId)))
      .where(
        and(
          eq(a.clinicId, session.clinicId), branchId ? eq(a.branchId, branchId) : inArray(a.branchId, [...session.branchIds]),
          inArray(a.status, ['AS0', 'AS1', 'AS2']), gte(a.startsAt, start), lt(a.startsAt, end), eq(patients.doNotMessage, false),
          notExists(tx.select({ one: sql`1` }).from(o).where(and(eq(o.clinicId, a.clinicId), eq(o.appointmentId, a.id), eq(o.type, 'MT2'), active))),
        ),
      )
      .orderBy(a.startsAt, a.id);
    for (const r of rows)
      items.push({
        id: r.id, groupName: 'appointment', subGroupName: 'MT2', timeout: POPUP_TIMEOUT_DEFAULT_S, patientId: r.patientId,
        patientName: r.patientName, mobile: r.mobile, startsAt: r.startsAt.toISOString(), doctorName: r.doctorName,
      });
  }
  if (hour >= hourSetting('MT3')) {
    const [, month, day] = today.split('-').map(Number);
    const dayStart = dayBounds(today, clinic.timeZone).start;
    const inBranch = branchId
      ? sql`exists (select 1 from ${patientBranches} pb where pb.clinic_id = ${patients.clinicId} and pb.patient_id = ${patients.id} and pb.branch_id = ${branchId})`
      : visiblePatients(session);
    const rows = await tx
      .select({ id: patients.id, name: patients.name, mobile: patients.mobile })
      .from(patients)
      .where(
        and(
          eq(patients.clinicId, session.clinicId), isNull(patients.deletedAt), eq(patients.approvalStatus, 'approved'),
          eq(patients.doNotMessage, false), inBranch,
          sql`extract(month from ${patients.dateOfBirth}) = ${month} and extract(day from ${patients.dateOfBirth}) = ${day}`,
          notExists(
            tx.select({ one: sql`1` }).from(o)
              .where(and(eq(o.clinicId, patients.clinicId), eq(o.patientId, patients.id), eq(o.type, 'MT3'), active, gte(o.createdAt, dayStart))),
          ),
        ),
      )
      .orderBy(patients.name, patients.id);
    for (const r of rows)
      items.push({
        id: r.id, groupName: 'birthday', subGroupName: 'MT3', timeout: POPUP_TIMEOUT_DEFAULT_S, patientId: r.id, patientName: r.name,
        mobile: r.mobile, startsAt: null, doctorName: null,
      });
  }
  return { items };
}

export async function getPatientMessaging(tx: Tx, session: ClinicSession, patientId: number) {
  const patient = await findPatient(tx, session, patientId);
  return { patientId, doNotMessage: patient.doNotMessage };
}

export async function setPatientMessaging(tx: Tx, session: ClinicSession, input: z.output<typeof patientMessagingInput>) {
  await findPatient(tx, session, input.patientId, true);
  await tx
    .update(patients)
    .set({ doNotMessage: input.doNotMessage, updatedAt: sql`now()` })
    .where(and(eq(patients.clinicId, session.clinicId), eq(patients.id, input.patientId)));
  return { patientId: input.patientId, doNotMessage: input.doNotMessage };
}
