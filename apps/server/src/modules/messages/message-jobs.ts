import type { MessageType } from '@dental/contract';
import { and, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import type { Database } from '../../platform/db/database.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Tx } from '../../platform/db/types.js';
import { type JobContext, registerJob } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notifyMessagesDue } from '../../platform/realtime/hub-events.js';
import { patients } from '../patients/index.js';
import { addDays, dayBounds, localDateTime } from '../scheduler/clinic-time.js';
import { appointments } from '../scheduler/index.js';
import { buildMessage, loadSubject } from './content.service.js';
import { messageOutbox } from './messages.table.js';
import { enqueue, sendOutbox } from './outbox.service.js';
import { smsProvider } from './sms-providers.js';
import { listMessageTypes } from './templates.service.js';

/** Appointments that still expect the patient: pending, unconfirmed, confirmed. */
const EXPECTED = ['AS0', 'AS1', 'AS2'];
/** How far back the booking (MT1) and missed (MT4) messages look: a job that was down this long still sends them. */
const RECENT_MS = 60 * 60_000;

interface Candidate {
  key: string;
  type: MessageType;
  appointmentId: number | null;
  patientId: number;
}

/**
 * The automatic messages a clinic has due at `now` (docs/messaging.md "When messages go"), each with its
 * idempotency key: MT1 `booking:<id>` (booked within the hour), MT2 `reminder:<id>:<start>` (tomorrow's, from the
 * send hour) and `reminder-hour:<id>:<start>` (starting within the hour), MT3 `birthday:<patient>:<year>` (from
 * the send hour), MT4 `missed:<id>:<start>` (marked missed within the hour). A moved appointment has a new start,
 * so it is reminded again.
 */
async function dueCandidates(tx: Tx, clinic: typeof clinics.$inferSelect, now: Date): Promise<Candidate[]> {
  const types = await listMessageTypes(tx, clinic.id);
  const setting = (type: MessageType) => types.find((t) => t.type === type)!;
  const { date: today, minutes } = localDateTime(now, clinic.timeZone);
  const hour = Math.floor(minutes / 60);
  const out: Candidate[] = [];
  const a = appointments;
  const base = and(eq(a.clinicId, clinic.id), inArray(a.status, EXPECTED));
  const pick = { id: a.id, patientId: a.patientId, startsAt: a.startsAt };
  const add = (type: MessageType, prefix: string, rows: { id: number; patientId: number; startsAt: Date }[]) =>
    rows.forEach((r) => out.push({ key: `${prefix}:${r.id}:${r.startsAt.toISOString()}`, type, appointmentId: r.id, patientId: r.patientId }));
  if (setting('MT1').autoSend) {
    const rows = await tx.select(pick).from(a).where(and(base, gt(a.createdAt, new Date(now.getTime() - RECENT_MS)), gt(a.startsAt, now)));
    rows.forEach((r) => out.push({ key: `booking:${r.id}`, type: 'MT1', appointmentId: r.id, patientId: r.patientId }));
  }
  const mt2 = setting('MT2');
  if (mt2.autoSend && hour >= mt2.sendHour) {
    const { start, end } = dayBounds(addDays(today, 1), clinic.timeZone);
    add('MT2', 'reminder', await tx.select(pick).from(a).where(and(base, gte(a.startsAt, start), lte(a.startsAt, new Date(end.getTime() - 1)))));
  }
  if (mt2.hourBefore)
    add('MT2', 'reminder-hour', await tx.select(pick).from(a).where(and(base, gt(a.startsAt, now), lte(a.startsAt, new Date(now.getTime() + 60 * 60_000)))));
  const mt3 = setting('MT3');
  if (mt3.autoSend && hour >= mt3.sendHour) {
    const [, month, day] = today.split('-').map(Number);
    const rows = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.clinicId, clinic.id), isNull(patients.deletedAt), eq(patients.approvalStatus, 'approved'),
          sql`extract(month from ${patients.dateOfBirth}) = ${month} and extract(day from ${patients.dateOfBirth}) = ${day}`,
        ),
      );
    rows.forEach((r) => out.push({ key: `birthday:${r.id}:${today.slice(0, 4)}`, type: 'MT3', appointmentId: null, patientId: r.id }));
  }
  if (setting('MT4').autoSend)
    add('MT4', 'missed', await tx.select(pick).from(a).where(and(eq(a.clinicId, clinic.id), eq(a.status, 'AS9'), gt(a.statusUpdatedAt, new Date(now.getTime() - RECENT_MS)))));
  return out;
}

/**
 * Puts the automatic messages due at `now` in the outbox, in every active clinic above the free tier (SMS is not
 * in the free trial). The candidates whose key is already in the outbox are dropped first; each remaining message is
 * then inserted in its own transaction with its key, so a run killed half-way and run again adds only the rest, and
 * two runs at once add each message once (the key is unique). A patient marked not to be messaged, or without a
 * valid mobile, gets a `skipped` row (kept, and not tried again). `afterEach` is for tests (to stop half-way).
 */
export async function enqueueDueMessages(
  database: Database,
  publicUrl: string,
  options: { now?: Date; clinicIds?: number[]; afterEach?: (key: string) => void } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const list = await database.db
    .select()
    .from(clinics)
    .where(and(eq(clinics.isActive, true), ne(clinics.subscriptionType, 'ST0'), options.clinicIds ? inArray(clinics.id, options.clinicIds) : undefined))
    .orderBy(clinics.id);
  let added = 0;
  for (const clinic of list) {
    const todo = await withTenant(database.db, clinic.id, async (tx) => {
      const candidates = await dueCandidates(tx, clinic, now);
      if (!candidates.length) return [];
      const known = await tx
        .select({ key: messageOutbox.idempotencyKey })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.clinicId, clinic.id), inArray(messageOutbox.idempotencyKey, candidates.map((c) => c.key))));
      const seen = new Set(known.map((k) => k.key));
      return candidates.filter((c) => !seen.has(c.key));
    });
    const scope = { clinicId: clinic.id, branchIds: [], allBranches: true };
    for (const c of todo) {
      const created = await withTenant(database.db, clinic.id, async (tx) => {
        const subject = await loadSubject(tx, scope, { appointmentId: c.appointmentId, patientId: c.patientId });
        const built = await buildMessage(tx, clinic, subject, c.type, 'sms', { publicUrl });
        const skip = subject.patient.doNotMessage ? 'do_not_message' : !built.mobile ? 'mobile_invalid' : null;
        const row = await enqueue(
          tx,
          clinic.id,
          {
            patientId: c.patientId, appointmentId: c.appointmentId, type: c.type, channel: 'sms', to: built.mobile ?? subject.patient.mobile ?? '',
            body: built.message, lang: built.lang, idempotencyKey: c.key, status: skip ? 'skipped' : 'queued', providerAnswer: skip,
          },
          now,
        );
        return row.created;
      });
      if (created) added += 1;
      options.afterEach?.(c.key);
    }
  }
  return added;
}

/** For how many minutes after a send hour begins the screens are told: a run a minute or two late still tells them. */
const ANNOUNCE_MINUTES = 3;

/**
 * Tells the screens of each active clinic that shows message popups when the send hour of MT2 (tomorrow's
 * appointments) or MT3 (today's birthdays) has just come, in the clinic's time zone: the popup stacks refetch
 * Message/GetDueMessages at once instead of at their next poll (docs/messaging.md). Every tier (the popup's WhatsApp
 * is free). A run in the hour's first minutes tells them (twice or three times is harmless: a refetch each). Returns
 * the clinics told.
 */
export async function announceDueMessages(
  database: Database,
  hub: Hub,
  options: { now?: Date; clinicIds?: number[] } = {},
): Promise<number[]> {
  const now = options.now ?? new Date();
  const list = await database.db
    .select({ id: clinics.id, timeZone: clinics.timeZone })
    .from(clinics)
    .where(and(eq(clinics.isActive, true), eq(clinics.showMessagePopup, true), options.clinicIds ? inArray(clinics.id, options.clinicIds) : undefined))
    .orderBy(clinics.id);
  const told: number[] = [];
  for (const clinic of list) {
    const { minutes } = localDateTime(now, clinic.timeZone);
    if (minutes % 60 >= ANNOUNCE_MINUTES) continue;
    const hour = Math.floor(minutes / 60);
    const types = await withTenant(database.db, clinic.id, (tx) => listMessageTypes(tx, clinic.id));
    if (!types.some((t) => (t.type === 'MT2' || t.type === 'MT3') && t.sendHour === hour)) continue;
    await notifyMessagesDue(hub, clinic.id);
    told.push(clinic.id);
  }
  return told;
}

export const MESSAGE_JOBS = { enqueue: 'messages.enqueue-due', send: 'messages.send-outbox' } as const;

registerJob({
  name: MESSAGE_JOBS.enqueue,
  cron: '* * * * *',
  run: async (ctx: JobContext) => {
    const added = await enqueueDueMessages(ctx.database, ctx.config.PUBLIC_URL);
    if (added) ctx.log.info({ added }, 'messages queued');
    await announceDueMessages(ctx.database, ctx.hub);
  },
});

registerJob({
  name: MESSAGE_JOBS.send,
  cron: '* * * * *',
  retryLimit: 2,
  run: async (ctx: JobContext) => {
    await sendOutbox(ctx.database, smsProvider(ctx.config));
  },
});
