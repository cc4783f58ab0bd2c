import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MessageTexts } from '@dental/contract';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { patientFk } from '../patients/patients.table.js';

/**
 * A clinic's saved template of one message type (MT1-MT5, docs/messaging.md). A type without a row uses the
 * built-in texts and settings of the contract (DEFAULT_MESSAGE_TEXTS).
 */
export const messageTypes = pgTable(
  'message_types',
  {
    clinicId: clinicId().references(() => clinics.id),
    type: text('type').notNull(),
    /** { sms: { ar, en, fr }, whatsapp: { ar, en, fr } }, checked by the contract's schema. */
    texts: jsonb('texts').$type<MessageTexts>().notNull(),
    defaultLang: text('default_lang').notNull().default('ar'),
    autoSend: boolean('auto_send').notNull().default(false),
    sendHour: integer('send_hour').notNull().default(10),
    hourBefore: boolean('hour_before').notNull().default(false),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.type] }),
    foreignKey({ columns: [t.clinicId, t.updatedBy], foreignColumns: [users.clinicId, users.id] }),
    check('message_types_type_ck', sql`${t.type} in ('MT1', 'MT2', 'MT3', 'MT4', 'MT5')`),
    check('message_types_send_hour_ck', sql`${t.sendHour} between 0 and 23`),
  ],
);

/**
 * Every message sent or to send (docs/messaging.md "The outbox"): queued → sending → sent | failed; skipped when a
 * rule stopped it (patient marked not to be messaged, no valid mobile). `idempotencyKey` is unique per clinic: a
 * job that enqueues the same reminder twice (re-run after a crash, two processes) inserts it once.
 * `appointmentId` has no foreign key: an appointment may be deleted, its messages stay.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    patientId: ref('patient_id'),
    appointmentId: ref('appointment_id'),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    /** The number in international format (+201001234567). */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    lang: text('lang').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    providerAnswer: text('provider_answer'),
    idempotencyKey: text('idempotency_key').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the row went to `sending` (a row left there by a killed process is taken again after a while). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('message_outbox_idempotency_key_uq').on(t.clinicId, t.idempotencyKey),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('message_outbox_list_idx').on(t.clinicId, t.createdAt, t.id),
    index('message_outbox_due_idx').on(t.clinicId, t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('message_outbox_appointment_idx').on(t.clinicId, t.appointmentId),
    index('message_outbox_patient_idx').on(t.clinicId, t.patientId, t.createdAt),
    check('message_outbox_status_ck', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    check('message_outbox_channel_ck', sql`${t.channel} in ('sms', 'whatsapp')`),
    check('message_outbox_type_ck', sql`${t.type} in ('MT1', 'MT2', 'MT3', 'MT4', 'MT5')`),
  ],
);
