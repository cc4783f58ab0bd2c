import { type Language, renderNotification } from '@dental/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { clinics, users } from '../../platform/auth/identity.table.js';
import type { Database } from '../../platform/db/database.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { type JobContext, registerJob } from '../../platform/jobs/jobs.js';
import { type PushDeps, sendPush } from '../../platform/push/index.js';
import { NOTIFICATION_PUSH_JOB } from './notify.js';
import { notifications as n } from './notifications.table.js';

/** A notification older than this is marked but not pushed (a server that was down a day sends no stale pushes). */
const PUSH_WITHIN_MS = 24 * 60 * 60_000;
const BATCH = 200;

/**
 * Sends the web push of every notification not pushed yet (docs/notifications.md). Each clinic's rows are claimed
 * first (`pushed_at` set, `FOR UPDATE SKIP LOCKED`, committed) and sent after, so two runs never push one twice; a
 * push that fails is not tried again (the bell still has it). The text is in the recipient's language.
 */
export async function pushNotifications(deps: PushDeps & { database: Database }, options: { now?: Date; clinicIds?: number[] } = {}) {
  const now = options.now ?? new Date();
  const list = await deps.database.db
    .select({ id: clinics.id })
    .from(clinics)
    .where(and(eq(clinics.isActive, true), options.clinicIds ? inArray(clinics.id, options.clinicIds) : undefined))
    .orderBy(clinics.id);
  let sent = 0;
  for (const clinic of list) {
    const claimed = await withTenant(deps.database.db, clinic.id, async (tx) => {
      const todo = tx
        .select({ id: n.id })
        .from(n)
        .where(and(eq(n.clinicId, clinic.id), isNull(n.pushedAt)))
        .orderBy(n.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(n)
        .set({ pushedAt: now })
        .where(and(eq(n.clinicId, clinic.id), inArray(n.id, todo)))
        .returning({ id: n.id, userId: n.userId, kind: n.kind, params: n.params, route: n.route, createdAt: n.createdAt });
      if (!rows.length) return [];
      const langs = await tx
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(and(eq(users.clinicId, clinic.id), inArray(users.id, [...new Set(rows.map((r) => r.userId))])));
      const langOf = new Map(langs.map((u) => [u.id, u.language as Language]));
      return rows.map((r) => ({ ...r, lang: langOf.get(r.userId) ?? 'ar' }));
    });
    for (const row of claimed) {
      if (row.createdAt.getTime() <= now.getTime() - PUSH_WITHIN_MS) continue; // claimed only to be marked
      const { title, body } = renderNotification(row.kind, row.params, row.lang);
      sent += await sendPush(deps, clinic.id, row.userId, {
        controller: 'GoTo',
        ...(row.route ? { routeName: row.route } : {}),
        userId: row.userId,
        type: row.kind,
        bodyId: row.id,
        title,
        body,
      });
    }
  }
  return sent;
}

registerJob({
  name: NOTIFICATION_PUSH_JOB,
  cron: '* * * * *',
  retryLimit: 1,
  run: async (ctx: JobContext) => {
    const sent = await pushNotifications({ config: ctx.config, database: ctx.database });
    if (sent) ctx.log.info({ sent }, 'notification pushes sent');
  },
});
