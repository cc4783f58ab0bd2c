import { MISSABLE_STATUSES } from '@dental/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import { APP_ROLE } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { registerJob } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { refreshBranches } from './refresh.js';
import { appointments } from './scheduler.table.js';

/** The advisory lock of the job (any constant unique to it): one process works per tick. */
export const MISSED_JOB_LOCK = 724_311_906;

/**
 * The auto-missed job (spec §4 "The clinic may auto-mark appointments as missed"): in every active clinic whose
 * autoUpdateAppointmentToMissed is on, unconfirmed and confirmed appointments (AS1, AS2) that have ended become
 * Missed (AS9), and the screens of each affected branch refresh.
 *
 * Run by the job queue (one run a minute across the processes); still safe when run twice at once: one transaction takes a transaction-level advisory try-lock, so a process
 * that finds it taken does nothing this tick; each clinic's change is one UPDATE that re-checks the status, so an
 * appointment checked in meanwhile is never marked missed. Takes the owner handle (`database.db`): it reads the
 * clinics list as the owner, then works as the application role, one clinic at a time, under row-level security.
 * Returns how many appointments it marked, or null when another process holds the lock.
 */
export async function markMissedAppointments(db: Db, hub: Hub, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${MISSED_JOB_LOCK}) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return null;
    const due = await tx
      .select({ id: clinics.id })
      .from(clinics)
      .where(and(eq(clinics.autoUpdateAppointmentToMissed, true), eq(clinics.isActive, true)));
    if (!due.length) return 0;
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    let marked = 0;
    for (const { id: clinicId } of due) {
      await tx.execute(sql`select set_config('app.clinic_id', ${String(clinicId)}, true)`);
      const rows = await tx
        .update(appointments)
        .set({ status: 'AS9', statusUpdatedAt: now, version: sql`${appointments.version} + 1`, updatedAt: now })
        .where(
          and(
            eq(appointments.clinicId, clinicId),
            // literal values, so the planner can use the partial index appointments_missed_due_idx
            sql`${appointments.status} in (${sql.raw(MISSABLE_STATUSES.map((s) => `'${s}'`).join(', '))})`,
            lt(appointments.endsAt, now),
          ),
        )
        .returning({ branchId: appointments.branchId });
      marked += rows.length;
      await refreshBranches(hub, clinicId, rows.map((r) => r.branchId), tx);
    }
    return marked;
  });
}

/** The auto-missed job on the job queue (platform/jobs, docs/jobs.md): every minute, once across the processes. */
export const MISSED_JOB = 'scheduler.mark-missed';
registerJob({
  name: MISSED_JOB,
  cron: '* * * * *',
  run: (ctx) => markMissedAppointments(ctx.database.db, ctx.hub),
});
