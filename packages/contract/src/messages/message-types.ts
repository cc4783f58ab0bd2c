import { type Language, MESSAGE_TYPES } from '../enums.js';

/**
 * The message types (spec §4 "message types MT1-5"), one template each per clinic (docs/messaging.md):
 * - MT1 booking confirmation: an appointment was booked (auto: within minutes of the booking);
 * - MT2 appointment reminder: the day before at the send hour (tomorrow's appointments), and optionally one hour before;
 * - MT3 birthday: the patient's birthday, at the send hour;
 * - MT4 missed appointment: the appointment became Missed (AS9), inviting to book again;
 * - MT5 payment due: the patient's outstanding amount (sent by hand only).
 */
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What each type is about and which of its settings apply (the editor shows only those). */
export const MESSAGE_TYPE_INFO = {
  MT1: { purpose: 'booking_confirmation', subject: 'appointment', autoSend: true, sendHour: false, hourBefore: false },
  MT2: { purpose: 'reminder', subject: 'appointment', autoSend: true, sendHour: true, hourBefore: true },
  MT3: { purpose: 'birthday', subject: 'patient', autoSend: true, sendHour: true, hourBefore: false },
  MT4: { purpose: 'missed_appointment', subject: 'appointment', autoSend: true, sendHour: false, hourBefore: false },
  MT5: { purpose: 'payment_due', subject: 'patient', autoSend: false, sendHour: false, hourBefore: false },
} as const satisfies Record<
  MessageType,
  { purpose: string; subject: 'appointment' | 'patient'; autoSend: boolean; sendHour: boolean; hourBefore: boolean }
>;
export type MessagePurpose = (typeof MESSAGE_TYPE_INFO)[MessageType]['purpose'];

/**
 * The placeholders a template may hold, written `{name}`. Date and time are the appointment's, in the clinic's time
 * zone and the message's language; links are full URLs; amountDue is the patient's outstanding balance with its
 * currency.
 */
export const MESSAGE_PLACEHOLDERS = [
  'patientName', 'date', 'time', 'doctor', 'branch', 'address', 'mapLink', 'bookingLink', 'clinicName', 'clinicPhone',
  'amountDue', 'feedbackLink',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

/** Appointment types take every placeholder but the patient's balance; `{feedbackLink}` is filled for a checked-out visit. */
const APPOINTMENT_PLACEHOLDERS = MESSAGE_PLACEHOLDERS.filter((p) => p !== 'amountDue');
const PATIENT_PLACEHOLDERS: MessagePlaceholder[] = ['patientName', 'clinicName', 'clinicPhone', 'branch', 'address', 'mapLink', 'bookingLink'];

/** The placeholders each type may use; any other `{word}` is refused on save (message_placeholder_unknown). */
export const MESSAGE_TYPE_PLACEHOLDERS: Record<MessageType, readonly MessagePlaceholder[]> = {
  MT1: APPOINTMENT_PLACEHOLDERS,
  MT2: APPOINTMENT_PLACEHOLDERS,
  MT3: PATIENT_PLACEHOLDERS,
  MT4: APPOINTMENT_PLACEHOLDERS,
  MT5: [...PATIENT_PLACEHOLDERS, 'amountDue'],
};

const PLACEHOLDER_PATTERN = /\{([^{}\s]{1,40})\}/g;

/** The `{word}`s of a text that the type does not know, each once, in the order they appear. */
export function unknownPlaceholders(type: MessageType, text: string): string[] {
  const allowed = new Set<string>(MESSAGE_TYPE_PLACEHOLDERS[type]);
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_PATTERN)) if (!allowed.has(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

/** Puts the values in; a placeholder without a value becomes empty, an unknown `{word}` stays as written. */
export function fillPlaceholders(text: string, values: Partial<Record<MessagePlaceholder, string | null>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    (MESSAGE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as MessagePlaceholder] ?? '') : whole,
  );
}

export type MessageTexts = Record<MessageChannel, Record<Language, string>>;

/** The longest template text (WhatsApp allows long messages; an SMS this long is 15 UCS-2 parts). */
export const MESSAGE_TEXT_MAX = 1000;
/** Hour of the day (clinic's time zone) at which daily messages go when a type has none saved. */
export const DEFAULT_SEND_HOUR = 10;

/** The built-in texts of each type: what a clinic starts with, and what "reset to default" brings back. */
export const DEFAULT_MESSAGE_TEXTS: Record<MessageType, MessageTexts> = {
  MT1: {
    sms: {
      ar: '{patientName}، تم حجز موعدك في {clinicName} يوم {date} الساعة {time} مع {doctor}.',
      en: '{patientName}, your appointment at {clinicName} is booked for {date} at {time} with {doctor}.',
      fr: '{patientName}, votre rendez-vous chez {clinicName} est fixé au {date} à {time} avec {doctor}.',
    },
    whatsapp: {
      ar: 'مرحبًا {patientName}،\nتم حجز موعدك في {clinicName} - {branch}.\nاليوم: {date}\nالساعة: {time}\nالطبيب: {doctor}\nالعنوان: {address}\nالموقع على الخريطة: {mapLink}',
      en: 'Hello {patientName},\nyour appointment at {clinicName} - {branch} is booked.\nDate: {date}\nTime: {time}\nDoctor: {doctor}\nAddress: {address}\nMap: {mapLink}',
      fr: 'Bonjour {patientName},\nvotre rendez-vous chez {clinicName} - {branch} est confirmé.\nDate : {date}\nHeure : {time}\nMédecin : {doctor}\nAdresse : {address}\nPlan : {mapLink}',
    },
  },
  MT2: {
    sms: {
      ar: 'تذكير: موعدك في {clinicName} يوم {date} الساعة {time}. للاستفسار: {clinicPhone}',
      en: 'Reminder: your appointment at {clinicName} is on {date} at {time}. Questions: {clinicPhone}',
      fr: 'Rappel : votre rendez-vous chez {clinicName} est le {date} à {time}. Questions : {clinicPhone}',
    },
    whatsapp: {
      ar: 'مرحبًا {patientName}،\nنذكّرك بموعدك في {clinicName} يوم {date} الساعة {time} مع {doctor}.\nالعنوان: {address}\nالموقع على الخريطة: {mapLink}\nنرجو الحضور قبل الموعد بعشر دقائق.',
      en: 'Hello {patientName},\na reminder of your appointment at {clinicName} on {date} at {time} with {doctor}.\nAddress: {address}\nMap: {mapLink}\nPlease arrive ten minutes early.',
      fr: 'Bonjour {patientName},\nnous vous rappelons votre rendez-vous chez {clinicName} le {date} à {time} avec {doctor}.\nAdresse : {address}\nPlan : {mapLink}\nMerci d’arriver dix minutes en avance.',
    },
  },
  MT3: {
    sms: {
      ar: 'كل عام وأنت بخير يا {patientName}! فريق {clinicName} يتمنى لك عيد ميلاد سعيدًا.',
      en: 'Happy birthday, {patientName}! Best wishes from the team at {clinicName}.',
      fr: 'Joyeux anniversaire, {patientName} ! Toute l’équipe de {clinicName} vous souhaite une belle journée.',
    },
    whatsapp: {
      ar: 'كل عام وأنت بخير يا {patientName} 🎂\nفريق {clinicName} يتمنى لك عامًا مليئًا بالصحة والابتسامات.',
      en: 'Happy birthday, {patientName} 🎂\nThe team at {clinicName} wishes you a year full of health and smiles.',
      fr: 'Joyeux anniversaire, {patientName} 🎂\nL’équipe de {clinicName} vous souhaite une année pleine de santé et de sourires.',
    },
  },
  MT4: {
    sms: {
      ar: '{patientName}، فاتك موعدك في {clinicName} يوم {date} الساعة {time}. لحجز موعد جديد: {bookingLink}',
      en: '{patientName}, we missed you at {clinicName} on {date} at {time}. Book a new appointment: {bookingLink}',
      fr: '{patientName}, vous avez manqué votre rendez-vous chez {clinicName} le {date} à {time}. Reprendre rendez-vous : {bookingLink}',
    },
    whatsapp: {
      ar: 'مرحبًا {patientName}،\nافتقدناك في موعدك بتاريخ {date} الساعة {time} في {clinicName}.\nيمكنك حجز موعد جديد من هنا: {bookingLink}\nأو بالاتصال على {clinicPhone}.',
      en: 'Hello {patientName},\nwe missed you at your appointment on {date} at {time} at {clinicName}.\nBook a new one here: {bookingLink}\nor call us on {clinicPhone}.',
      fr: 'Bonjour {patientName},\nvous n’avez pas pu venir à votre rendez-vous du {date} à {time} chez {clinicName}.\nReprenez rendez-vous ici : {bookingLink}\nou appelez-nous au {clinicPhone}.',
    },
  },
  MT5: {
    sms: {
      ar: '{patientName}، نود تذكيرك بمبلغ مستحق قدره {amountDue} لدى {clinicName}. شكرًا لك.',
      en: '{patientName}, a friendly reminder of an amount due of {amountDue} at {clinicName}. Thank you.',
      fr: '{patientName}, nous vous rappelons un solde dû de {amountDue} chez {clinicName}. Merci.',
    },
    whatsapp: {
      ar: 'مرحبًا {patientName}،\nنود تذكيرك بمبلغ مستحق قدره {amountDue} لدى {clinicName}.\nللاستفسار: {clinicPhone}\nشكرًا لك.',
      en: 'Hello {patientName},\na friendly reminder of an amount due of {amountDue} at {clinicName}.\nQuestions: {clinicPhone}\nThank you.',
      fr: 'Bonjour {patientName},\nnous vous rappelons un solde dû de {amountDue} chez {clinicName}.\nQuestions : {clinicPhone}\nMerci.',
    },
  },
};
