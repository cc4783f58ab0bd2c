import type { NotificationKind, NotificationParams, PermissionKey } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { rolePermissions, roles, userBranches, users } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notifications } from './notifications.table.js';

/** The recipients and content of one notification (docs/notifications.md). */
export interface NotifyInput {
  clinicId: number;
  /** These users (if active)… */
  userIds?: number[];
  /** …or every active user whose role holds any one of these keys (lab users never: they have their own screens). */
  permissionKeys?: readonly PermissionKey[];
  /** Only users who work in this branch (the owner works in all). */
  branchId?: number;
  /** Never this user (whoever caused the event). */
  exceptUserId?: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** Where clicking it goes (a route of the web app, with its query). */
  route?: string | null;
  /** Unique per user when set: the same key notifies a user once (daily jobs). */
  dedupeKey?: string;
}

export const NOTIFICATION_PUSH_JOB = 'notifications.push';

const T = {
  n: sql.identifier('notifications'),
  u: sql.identifier('users'),
  r: sql.identifier('roles'),
  rp: sql.identifier('role_permissions'),
  ub: sql.identifier('user_branches'),
};
// keep the table objects referenced so a rename in their files breaks this at compile time
void [notifications, users, roles, rolePermissions, userBranches];

/**
 * Notifies users inside the caller's transaction: one row per recipient (rolled back with it), a live `Notification`
 * hub event per recipient sent at the commit (the bell refetches), and the web push sent by the
 * `notifications.push` job (asked to run now when `jobs` is given; else its minute's run). Resolves to the users
 * notified (a dedupe key already used for a user skips that user).
 */
export async function notify(tx: Tx, deps: { hub: Hub; jobs?: Jobs }, input: NotifyInput): Promise<number[]> {
  if (input.userIds && !input.userIds.length) return [];
  if (!input.userIds && !input.permissionKeys?.length) throw new Error('notify: no recipients given');
  const filters = [sql`u.clinic_id = ${input.clinicId}`, sql`u.is_active`, sql`u.deleted_at is null`, sql`r.code is distinct from 'LAB'`];
  if (input.userIds) filters.push(sql`u.id in (${sql.join(input.userIds.map((id) => sql`${id}`), sql`, `)})`);
  if (input.permissionKeys?.length)
    filters.push(
      sql`exists (select 1 from ${T.rp} rp where rp.clinic_id = u.clinic_id and rp.role_id = r.id
        and rp.permission_key in (${sql.join(input.permissionKeys.map((k) => sql`${k}`), sql`, `)}))`,
    );
  if (input.branchId !== undefined)
    filters.push(
      sql`(r.base_role = 'RL1' or exists (select 1 from ${T.ub} ub where ub.clinic_id = u.clinic_id and ub.user_id = u.id and ub.branch_id = ${input.branchId}))`,
    );
  if (input.exceptUserId !== undefined) filters.push(sql`u.id <> ${input.exceptUserId}`);
  const rows = (await tx.execute(sql`
    insert into ${T.n} (clinic_id, user_id, kind, params, route, dedupe_key)
    select u.clinic_id, u.id, ${input.kind}, ${JSON.stringify(input.params)}::jsonb, ${input.route ?? null}, ${input.dedupeKey ?? null}
    from ${T.u} u join ${T.r} r on r.clinic_id = u.clinic_id and r.id = u.role_id
    where ${sql.join(filters, sql` and `)}
    on conflict (clinic_id, user_id, dedupe_key) do nothing
    returning user_id`)) as unknown as { rows: { user_id: string | number }[] };
  const userIds = rows.rows.map((r) => Number(r.user_id));
  for (const userId of userIds)
    await deps.hub.publish({ clinicId: input.clinicId, userId }, { type: 'Notification', kind: input.kind }, { tx });
  if (userIds.length && deps.jobs)
    void deps.jobs.trigger(NOTIFICATION_PUSH_JOB).catch((err: unknown) => console.warn('[notifications] could not trigger the push job', err));
  return userIds;
}
