import { z } from 'zod';
import { calendarDate, id, listOutput, optionalId, requiredEnum } from '../common/schemas.js';
import { LANGUAGES, LIMITS, MESSAGE_TYPES } from '../enums.js';
import { MESSAGE_CHANNELS, MESSAGE_TEXT_MAX } from './message-types.js';

const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined ? 'field_required' : 'field_invalid');

export const messageTypeCode = requiredEnum(MESSAGE_TYPES);
export const messageChannel = requiredEnum(MESSAGE_CHANNELS);
export const messageLanguage = requiredEnum(LANGUAGES);

/** One template text; empty means "use the default language's text" (the default language's texts are required). */
const templateText = z.string({ error: 'field_invalid' }).max(MESSAGE_TEXT_MAX, 'field_too_long').default('');
const languageTexts = z.strictObject({ ar: templateText, en: templateText, fr: templateText }, { error: 'field_invalid' });
const channelTexts = z.strictObject({ sms: languageTexts, whatsapp: languageTexts }, { error: 'field_required' });

/** Hour of the day 0-23 in the clinic's time zone. */
const hour = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: requiredOrInvalid }).int('field_invalid').min(0, 'field_invalid').max(23, 'field_invalid'),
);

/** A message type as read: the clinic's saved template, or the built-in one (`builtIn`) when none is saved. */
export const messageTypeItem = z.object({
  type: z.enum(MESSAGE_TYPES),
  texts: z.object({
    sms: z.object({ ar: z.string(), en: z.string(), fr: z.string() }),
    whatsapp: z.object({ ar: z.string(), en: z.string(), fr: z.string() }),
  }),
  defaultLang: z.enum(LANGUAGES),
  /** Send on its own (the jobs of docs/messaging.md); always false for a type that only goes by hand (MT5). */
  autoSend: z.boolean(),
  /** Daily sending hour (MT2 tomorrow's reminders, MT3 birthdays). */
  sendHour: z.number(),
  /** MT2 only: also remind one hour before the appointment. */
  hourBefore: z.boolean(),
  builtIn: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MessageTypeItem = z.infer<typeof messageTypeItem>;
export const messageTypesOutput = z.object({ items: z.array(messageTypeItem) });
export const messageTypeInput = z.object({ type: messageTypeCode });

/**
 * Saves a type's template and settings. The default language's SMS and WhatsApp texts are required; every `{word}`
 * must be a placeholder of the type (400 message_placeholder_unknown naming them in `data.placeholders`).
 */
export const saveMessageTypeInput = z.object({
  type: messageTypeCode,
  texts: channelTexts,
  defaultLang: messageLanguage,
  autoSend: z.boolean({ error: 'field_invalid' }).default(false),
  sendHour: hour.default(10),
  hourBefore: z.boolean({ error: 'field_invalid' }).default(false),
});

/** The default language of one type, or of all five when `type` is absent. */
export const updateDefaultLangInput = z.object({ type: messageTypeCode.optional(), defaultLang: messageLanguage });

/**
 * Fills a type's template for an appointment (appointment types MT1, MT2, MT4) or a patient (MT3, MT5; an
 * appointment's patient will do). `lang` overrides the patient's SMS language.
 */
export const messageContentInput = z
  .object({
    type: messageTypeCode,
    channel: messageChannel,
    appointmentId: optionalId,
    patientId: optionalId,
    lang: messageLanguage.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.appointmentId && !v.patientId) ctx.addIssue({ code: 'custom', path: ['appointmentId'], message: 'field_required' });
  });

/** Spec §3 "Message content response": the patient's mobile (international, +20…) and the filled text. */
export const messageContentOutput = z.object({
  mobile: z.string(),
  message: z.string(),
  lang: z.enum(LANGUAGES),
  /** WhatsApp: the wa.me chat link with the text; SMS: null. */
  link: z.string().nullable(),
});

/** The popup stack's groups: tomorrow's appointments (MT2) and today's birthdays (MT3). */
export const DUE_MESSAGE_GROUPS = ['appointment', 'birthday'] as const;
export type DueMessageGroup = (typeof DUE_MESSAGE_GROUPS)[number];

/** Spec §3 "Message popup item" (id, groupName, subGroupName, timeout) with what the popup shows. */
export const dueMessageItem = z.object({
  /** The appointment's id (group appointment) or the patient's (group birthday). */
  id: z.number(),
  groupName: z.enum(DUE_MESSAGE_GROUPS),
  /** The message type the buttons send (MT2 or MT3). */
  subGroupName: z.enum(MESSAGE_TYPES),
  /** Seconds before the popup closes itself; null stays open (spec §4, default LIMITS.popupTimeoutS). */
  timeout: z.number().nullable(),
  patientId: z.number(),
  patientName: z.string(),
  mobile: z.string().nullable(),
  /** The appointment's start (ISO, UTC); null for a birthday. */
  startsAt: z.string().nullable(),
  doctorName: z.string().nullable(),
});
export type DueMessageItem = z.infer<typeof dueMessageItem>;
export const dueMessagesInput = z.object({ branchId: optionalId });
export const dueMessagesOutput = z.object({ items: z.array(dueMessageItem) });
export const POPUP_TIMEOUT_DEFAULT_S = LIMITS.popupTimeoutS;

/**
 * The shell's message/GetMessageContent (spec §7): content of a popup item. `type` is the channel; SMS is queued
 * and sent at once (403 sms_trial on ST0), WhatsApp is recorded as sent by link. Either way the item is no longer due.
 */
export const popupMessageContentInput = z.object({
  groupName: requiredEnum(DUE_MESSAGE_GROUPS),
  subGroupName: z.string().max(50, 'field_too_long').optional(),
  id,
  type: messageChannel,
});
export const popupMessageContentOutput = messageContentOutput.extend({ outboxId: z.number() });

/**
 * Spec §7 Lookups/SaveMessages: popup items the user messaged outside the app (from the clinic's own phone, by a
 * call): each is recorded in the outbox as sent by hand (provider `by-hand`, the filled text kept) and stops being
 * offered; `type` is the channel used. A second save of an item (or a popup click on it the same day) is the same row.
 */
export const saveMessagesInput = z.object({
  items: z.array(popupMessageContentInput, { error: 'field_required' }).min(1, 'field_required').max(50, 'field_invalid'),
});
export const saveMessagesOutput = z.object({ outboxIds: z.array(z.number()) });

/**
 * Spec §7 SMSMessage/SendSMSMessageManual?appointmentId: the appointment's reminder (MT2 unless `type` says) by SMS
 * now; or, with `patientId` instead, a message about the patient (the patient file; `type` required: MT5 or MT3).
 */
export const sendSmsManualInput = z
  .object({ appointmentId: optionalId, patientId: optionalId, type: messageTypeCode.optional() })
  .superRefine((v, ctx) => {
    if (!v.appointmentId === !v.patientId) ctx.addIssue({ code: 'custom', path: ['appointmentId'], message: v.appointmentId ? 'field_invalid' : 'field_required' });
    if (v.patientId && !v.type) ctx.addIssue({ code: 'custom', path: ['type'], message: 'field_required' });
  });
export const sendSmsManualOutput = z.object({ outboxId: z.number(), status: z.string() });

/** Outbox states (docs/messaging.md): queued → sending → sent | failed (after retries) ; skipped (not sent by rule). */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxInput = z.object({
  status: requiredEnum(OUTBOX_STATUSES).optional(),
  channel: messageChannel.optional(),
  type: messageTypeCode.optional(),
  patientId: optionalId,
  /** Days of the clinic's calendar, inclusive, on the row's creation. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});
export const outboxItem = z.object({
  id: z.number(),
  createdAt: z.string(),
  patientId: z.number().nullable(),
  patientName: z.string().nullable(),
  appointmentId: z.number().nullable(),
  type: z.enum(MESSAGE_TYPES),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  provider: z.string().nullable(),
  /** The provider's answer (its message id, or its error text), or why the row was skipped. */
  providerAnswer: z.string().nullable(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxOutput = listOutput(outboxItem);

/** Puts a failed (or skipped) row back in the queue; 409 outbox_not_retryable for any other state. */
export const retryOutboxInput = z.object({ id });

/** Marks a patient not to be messaged (or again to be): jobs skip them and sending to them is refused. */
export const patientMessagingInput = z.object({ patientId: id, doNotMessage: z.boolean({ error: requiredOrInvalid }) });
export const patientMessagingOutput = z.object({ patientId: z.number(), doNotMessage: z.boolean() });
export const patientMessagingReadInput = z.object({ patientId: id });
