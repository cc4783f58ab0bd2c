import { and, eq } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import type { Database } from '../../platform/db/database.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { type JobContext, registerJob } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notify } from '../notifications/index.js';
import { localDateTime } from '../scheduler/clinic-time.js';
import { overdueOf } from './lab-orders.service.js';
import { labOrders } from './labs.table.js';

/** The clinic's local hour from which the day's overdue notice goes (the front desk is in). */
export const OVERDUE_NOTICE_HOUR = 8;
export const LAB_OVERDUE_JOB = 'labs.notify-overdue';

/**
 * Once a day per clinic (from 08:00 in its zone), the users who follow lab orders get one notification with the
 * count of overdue orders, if any (docs/notifications.md). The job runs hourly; the dedupe key `lab-overdue:<local
 * date>` makes a second run of the day (or a second process) notify nobody again. Resolves to the users notified.
 */
export async function notifyOverdueLabOrders(
  database: Database,
  deps: { hub: Hub; jobs?: Jobs },
  options: { now?: Date; clinicIds?: number[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const list = await database.db
    .select({ id: clinics.id, timeZone: clinics.timeZone })
    .from(clinics)
    .where(eq(clinics.isActive, true))
    .orderBy(clinics.id);
  let notified = 0;
  for (const clinic of list) {
    if (options.clinicIds && !options.clinicIds.includes(clinic.id)) continue;
    const { date, minutes } = localDateTime(now, clinic.timeZone);
    if (minutes < OVERDUE_NOTICE_HOUR * 60) continue;
    notified += await withTenant(database.db, clinic.id, async (tx) => {
      const count = await tx.$count(labOrders, and(eq(labOrders.clinicId, clinic.id), overdueOf(clinic.timeZone)));
      if (!count) return 0;
      const users = await notify(tx, deps, {
        clinicId: clinic.id,
        permissionKeys: ['lab_orders_list'],
        kind: 'lab_orders_overdue',
        params: { count },
        route: '/LabsOrders',
        dedupeKey: `lab-overdue:${date}`,
      });
      return users.length;
    });
  }
  return notified;
}

registerJob({
  name: LAB_OVERDUE_JOB,
  cron: '5 * * * *',
  run: async (ctx: JobContext) => {
    const notified = await notifyOverdueLabOrders(ctx.database, { hub: ctx.hub });
    if (notified) ctx.log.info({ notified }, 'overdue lab orders notified');
  },
});
