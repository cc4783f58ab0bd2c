import {
  type Language,
  type MessageChannel,
  type MessagePlaceholder,
  type MessageType,
  MESSAGE_TYPE_INFO,
  currencyDecimals,
  fillPlaceholders,
} from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { branches, type clinics, users } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { createFeedbackLinkFor } from '../feedback/links.js';
import { patientBalance } from '../payments/index.js';
import { type PatientScope, e164Mobile, findPatient, patients } from '../patients/index.js';
import { appointments } from '../scheduler/index.js';
import { getMessageType } from './templates.service.js';

type Clinic = typeof clinics.$inferSelect;
type Patient = typeof patients.$inferSelect;

/** A mobile number in international format (+201001234567) if it is a mobile, read as patients' mobiles are. */
export function internationalMobile(value: string | null | undefined, clinicCountry: string): string | null {
  if (!value) return null;
  const read = e164Mobile(value, clinicCountry);
  return 'number' in read ? read.number : null;
}

/** The wa.me chat link with the text (digits of the number only, as WhatsApp asks). */
export const whatsappLink = (mobile: string, text: string) => `https://wa.me/${mobile.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

const LOCALE: Record<Language, string> = { ar: 'ar-EG-u-ca-gregory-nu-latn', en: 'en-GB', fr: 'fr-FR' };
export const formatDate = (instant: Date, lang: Language, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE[lang], { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
export const formatTime = (instant: Date, lang: Language, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE[lang], { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);

/** What a message is about: a patient, and the appointment for appointment types. */
export interface MessageSubject {
  patient: Patient;
  /** The parent's (house head's) mobile, used when the patient has none. */
  parentMobile: string | null;
  appointment: { id: number; startsAt: Date; branchId: number; doctorName: string | null; status: string } | null;
  branch: { name: string; mobile: string | null; latitude: number | null; longitude: number | null } | null;
}

async function branchOf(tx: Tx, clinicId: number, branchId: number | null) {
  if (!branchId) return null;
  const [row] = await tx
    .select({ name: branches.name, mobile: branches.mobile, latitude: branches.latitude, longitude: branches.longitude })
    .from(branches)
    .where(and(eq(branches.clinicId, clinicId), eq(branches.id, branchId)));
  return row ?? null;
}

async function parentMobileOf(tx: Tx, clinicId: number, patient: Patient) {
  if (patient.mobile || !patient.parentId) return null;
  const [row] = await tx
    .select({ mobile: patients.mobile })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patient.parentId)));
  return row?.mobile ?? null;
}

/**
 * The subject of a message: an appointment of the clinic (404 appointment_not_found otherwise; its patient within
 * the caller's branches, else 403 BS15) or a patient (findPatient). `branchId` is the branch a patient-only message
 * names (the request's branch).
 */
export async function loadSubject(
  tx: Tx,
  scope: PatientScope,
  ref: { appointmentId?: number | null; patientId?: number | null; branchId?: number | null },
): Promise<MessageSubject> {
  if (ref.appointmentId) {
    const [row] = await tx
      .select({
        id: appointments.id, patientId: appointments.patientId, startsAt: appointments.startsAt, branchId: appointments.branchId,
        doctorName: users.fullName, status: appointments.status,
      })
      .from(appointments)
      .leftJoin(users, and(eq(users.clinicId, appointments.clinicId), eq(users.id, appointments.doctorId)))
      .where(and(eq(appointments.clinicId, scope.clinicId), eq(appointments.id, ref.appointmentId)));
    if (!row) throw new AppError('appointment_not_found');
    const patient = await findPatient(tx, scope, row.patientId);
    return {
      patient,
      parentMobile: await parentMobileOf(tx, scope.clinicId, patient),
      appointment: { id: row.id, startsAt: row.startsAt, branchId: row.branchId, doctorName: row.doctorName, status: row.status },
      branch: await branchOf(tx, scope.clinicId, row.branchId),
    };
  }
  const patient = await findPatient(tx, scope, ref.patientId!);
  return { patient, parentMobile: await parentMobileOf(tx, scope.clinicId, patient), appointment: null, branch: await branchOf(tx, scope.clinicId, ref.branchId ?? null) };
}

/** Where a message's links point: the app's public address; with the token secret a visit's feedback link can be made. */
export interface MessageLinks {
  publicUrl: string;
  tokenSecret?: string;
}

export interface BuiltMessage {
  /** International format, or null when the patient has no valid mobile. */
  mobile: string | null;
  message: string;
  lang: Language;
  link: string | null;
}

/**
 * Fills a type's template for a subject: the text of the patient's SMS language (or `lang`), else of the type's
 * default language; date and time of the appointment in the clinic's zone and the text's language. Refuses
 * (message_subject_mismatch) an appointment type without an appointment.
 */
export async function buildMessage(
  tx: Tx,
  clinic: Clinic,
  subject: MessageSubject,
  type: MessageType,
  channel: MessageChannel,
  options: MessageLinks & { lang?: Language },
): Promise<BuiltMessage> {
  if (MESSAGE_TYPE_INFO[type].subject === 'appointment' && !subject.appointment) throw new AppError('message_subject_mismatch');
  const template = await getMessageType(tx, clinic.id, type);
  let lang: Language = options.lang ?? (subject.patient.smsLanguage as Language);
  if (!template.texts[channel][lang]) lang = template.defaultLang;
  const { appointment, branch, patient } = subject;
  const values: Partial<Record<MessagePlaceholder, string | null>> = {
    patientName: patient.name,
    clinicName: clinic.displayName,
    clinicPhone: branch?.mobile ?? clinic.mobile,
    branch: branch?.name ?? null,
    address: [clinic.address, clinic.city].filter(Boolean).join('، '),
    mapLink: branch?.latitude != null && branch.longitude != null ? `https://www.google.com/maps?q=${branch.latitude},${branch.longitude}` : null,
    bookingLink: `${options.publicUrl.replace(/\/$/, '')}/book/${encodeURIComponent(clinic.clinicName)}`,
  };
  if (appointment) {
    values.date = formatDate(appointment.startsAt, lang, clinic.timeZone);
    values.time = formatTime(appointment.startsAt, lang, clinic.timeZone);
    values.doctor = appointment.doctorName;
  }
  // {feedbackLink}: a new link to the feedback form of a checked-out visit (AS7), made only when the text asks for it
  if (appointment?.status === 'AS7' && options.tokenSecret && template.texts[channel][lang].includes('{feedbackLink}'))
    values.feedbackLink = (await createFeedbackLinkFor(tx, clinic.id, appointment.id, null, options.tokenSecret, options.publicUrl)).url;
  if (type === 'MT5') {
    const balance = await patientBalance(tx, clinic.id, patient.id, clinic.currency, currencyDecimals(clinic.currency));
    values.amountDue = `${balance.remaining} ${clinic.currency}`;
  }
  const message = fillPlaceholders(template.texts[channel][lang], values).replace(/[ \t]+\n/g, '\n').trim();
  const mobile = internationalMobile(patient.mobile ?? subject.parentMobile, clinic.countryId);
  return { mobile, message, lang, link: channel === 'whatsapp' && mobile ? whatsappLink(mobile, message) : null };
}

/** A message someone asked for by hand: refused when the patient is marked not to be messaged or has no valid mobile. */
export function assertSendable(subject: MessageSubject, built: BuiltMessage): asserts built is BuiltMessage & { mobile: string } {
  if (subject.patient.doNotMessage) throw new AppError('message_do_not_message');
  if (!built.mobile) throw new AppError('message_mobile_invalid');
}
