import type { MessageChannel, MessageType, OutboxItem, OutboxStatus, outboxInput } from '@dental/contract';
import { type SQL, and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clinics } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Database } from '../../platform/db/database.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { patients } from '../patients/index.js';
import { dayBounds } from '../scheduler/clinic-time.js';
import { messageOutbox } from './messages.table.js';
import type { SmsProvider } from './sms-providers.js';

export interface OutboxEntry {
  patientId: number | null;
  appointmentId: number | null;
  type: MessageType;
  channel: MessageChannel;
  to: string;
  body: string;
  lang: string;
  idempotencyKey: string;
  createdBy?: number | null;
  /** queued (default); 'sent' for a WhatsApp link opened by hand; 'skipped' with the reason in providerAnswer. */
  status?: OutboxStatus;
  provider?: string | null;
  providerAnswer?: string | null;
}

/**
 * Adds a message to the outbox once: a second entry with the same idempotency key (a job re-run, two processes,
 * a double click) inserts nothing. Returns the row's id (the existing one's on a repeat) and whether it is new.
 */
export async function enqueue(tx: Tx, clinicId: number, entry: OutboxEntry, now = new Date()) {
  const status = entry.status ?? 'queued';
  const [row] = await tx
    .insert(messageOutbox)
    .values({
      clinicId, patientId: entry.patientId, appointmentId: entry.appointmentId, type: entry.type, channel: entry.channel,
      toNumber: entry.to, body: entry.body, lang: entry.lang, idempotencyKey: entry.idempotencyKey, status,
      provider: entry.provider ?? null, providerAnswer: entry.providerAnswer ?? null, createdBy: entry.createdBy ?? null,
      sentAt: status === 'sent' ? now : null, nextAttemptAt: now, createdAt: now, updatedAt: now,
    })
    .onConflictDoNothing({ target: [messageOutbox.clinicId, messageOutbox.idempotencyKey] })
    .returning({ id: messageOutbox.id, status: messageOutbox.status });
  if (row) return { ...row, created: true };
  const [existing] = await tx
    .select({ id: messageOutbox.id, status: messageOutbox.status })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.clinicId, clinicId), eq(messageOutbox.idempotencyKey, entry.idempotencyKey)));
  return { ...existing!, created: false };
}

/** The outbox of the clinic, newest first; days are the clinic's. */
export async function listOutbox(tx: Tx, session: ClinicSession, input: z.output<typeof outboxInput>) {
  const o = messageOutbox;
  const zone = session.clinic.timeZone;
  const where: (SQL | undefined)[] = [eq(o.clinicId, session.clinicId)];
  if (input.status) where.push(eq(o.status, input.status));
  if (input.channel) where.push(eq(o.channel, input.channel));
  if (input.type) where.push(eq(o.type, input.type));
  if (input.patientId) where.push(eq(o.patientId, input.patientId));
  if (input.from) where.push(gte(o.createdAt, dayBounds(input.from, zone).start));
  if (input.to) where.push(lt(o.createdAt, dayBounds(input.to, zone).end));
  const filter = and(...where);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(o).where(filter);
  const rows = await tx
    .select({ row: o, patientName: patients.name })
    .from(o)
    .leftJoin(patients, and(eq(patients.clinicId, o.clinicId), eq(patients.id, o.patientId)))
    .where(filter)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const items: OutboxItem[] = rows.map(({ row, patientName }) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    patientId: row.patientId,
    patientName,
    appointmentId: row.appointmentId,
    type: row.type as MessageType,
    channel: row.channel as MessageChannel,
    to: row.toNumber,
    text: row.body,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    provider: row.provider,
    providerAnswer: row.providerAnswer,
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
  }));
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** A failed or skipped SMS goes back to the queue with its attempts counted from zero. */
export async function retryOutboxMessage(tx: Tx, session: ClinicSession, id: number) {
  const [row] = await tx
    .select({ status: messageOutbox.status, channel: messageOutbox.channel })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.clinicId, session.clinicId), eq(messageOutbox.id, id)))
    .for('update');
  if (!row) throw new AppError('outbox_message_not_found');
  if (row.channel !== 'sms' || (row.status !== 'failed' && row.status !== 'skipped')) throw new AppError('outbox_not_retryable');
  if (session.tier === 'ST0') throw new AppError('sms_trial');
  await tx
    .update(messageOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null, updatedAt: sql`now()` })
    .where(and(eq(messageOutbox.clinicId, session.clinicId), eq(messageOutbox.id, id)));
  return { ok: true as const };
}

/** How often an SMS is tried before it is failed, and the first pause (doubling each time). */
export const OUTBOX_MAX_ATTEMPTS = 5;
export const OUTBOX_RETRY_BASE_SECONDS = 30;
/** A row left in `sending` this long (its process died mid-send) is taken again. */
export const OUTBOX_LEASE_SECONDS = 600;
/** Rows one clinic's claim takes at a time. */
export const OUTBOX_BATCH = 20;

interface Claimed {
  id: number;
  to_number: string;
  body: string;
  attempts: number;
  do_not_message: boolean | null;
}

/** The active clinics, read as the handle's own role (the job's; clinics is readable by the request role). */
export async function activeClinicIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.isActive, true)).orderBy(clinics.id);
  return rows.map((r) => r.id);
}

/**
 * Claims up to `limit` due SMS rows of a clinic in the caller's transaction: queued and due, or left in `sending`
 * past the lease; rows another transaction holds are skipped (FOR UPDATE SKIP LOCKED), never waited for or taken
 * twice. They become `sending` with one more attempt.
 */
export async function claimDue(tx: Tx, clinicId: number, at: Date, limit = OUTBOX_BATCH): Promise<Claimed[]> {
  const result = await tx.execute(sql`
    with due as (
      select o.clinic_id, o.id from message_outbox o
      where o.clinic_id = ${clinicId} and o.channel = 'sms'
        and ((o.status = 'queued' and o.next_attempt_at <= ${at})
          or (o.status = 'sending' and o.claimed_at < ${new Date(at.getTime() - OUTBOX_LEASE_SECONDS * 1000)}))
      order by o.next_attempt_at, o.id
      limit ${limit}
      for update skip locked)
    update message_outbox o set status = 'sending', claimed_at = ${at}, attempts = o.attempts + 1, updated_at = ${at}
    from due
    where o.clinic_id = due.clinic_id and o.id = due.id
    returning o.id, o.to_number, o.body, o.attempts,
      (select p.do_not_message from patients p where p.clinic_id = o.clinic_id and p.id = o.patient_id) as do_not_message`);
  return (result as unknown as { rows: Claimed[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The outbox sender: in each active clinic, claims due SMS rows (queued and due, or left in `sending` past the lease)
 * with FOR UPDATE SKIP LOCKED and marks them `sending` in one short transaction, so two workers never take the same
 * row; then sends each and records the answer: sent, queued again after 30 s·2^(attempt-1) on a temporary failure,
 * failed after OUTBOX_MAX_ATTEMPTS or on a refusal. A patient marked not to be messaged meanwhile is skipped.
 * With no provider (SMS_PROVIDER=none) nothing is claimed: the rows stay queued. Returns how many were sent.
 * `onSent` is for tests (to stop a run half-way, as a killed process would).
 */
export async function sendOutbox(
  database: Database,
  provider: SmsProvider | null,
  options: { now?: () => Date; onSent?: (id: number) => void; clinicIds?: number[] } = {},
): Promise<number> {
  if (!provider) return 0;
  const now = options.now ?? (() => new Date());
  let sent = 0;
  for (const clinicId of options.clinicIds ?? (await activeClinicIds(database.db))) {
    for (;;) {
      const at = now();
      const claimed = await withTenant(database.db, clinicId, (tx) => claimDue(tx, clinicId, at));
      if (!claimed.length) break;
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        const result = row.do_not_message
          ? null
          : await provider.send(row.to_number, row.body);
        const done = now();
        const next =
          result === null
            ? { status: 'skipped', providerAnswer: 'do_not_message' }
            : result.ok
              ? { status: 'sent', providerAnswer: result.answer, sentAt: done }
              : result.retry && row.attempts < OUTBOX_MAX_ATTEMPTS
                ? {
                    status: 'queued', providerAnswer: result.answer,
                    nextAttemptAt: new Date(done.getTime() + OUTBOX_RETRY_BASE_SECONDS * 1000 * 2 ** (row.attempts - 1)),
                  }
                : { status: 'failed', providerAnswer: result.answer };
        await withTenant(database.db, clinicId, (tx) =>
          tx
            .update(messageOutbox)
            .set({ ...next, provider: provider.name, claimedAt: null, updatedAt: done })
            .where(and(eq(messageOutbox.clinicId, clinicId), eq(messageOutbox.id, row.id), eq(messageOutbox.status, 'sending'))),
        );
        if (next.status === 'sent') {
          sent += 1;
          options.onSent?.(row.id);
        }
      }
    }
  }
  return sent;
}
