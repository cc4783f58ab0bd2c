import type { NotificationItem, NotificationsInput, NotificationsOutput, UpdateNotificationStatusInput } from '@dental/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { notifications as n } from './notifications.table.js';

const mine = (session: ClinicSession) => and(eq(n.clinicId, session.clinicId), eq(n.userId, session.userId));

/** The caller's notifications, newest first, and their unread count. */
export async function listNotifications(tx: Tx, session: ClinicSession, input: NotificationsInput): Promise<NotificationsOutput> {
  const where = and(mine(session), input.unreadOnly ? eq(n.isRead, false) : undefined);
  const rows = await tx
    .select({ id: n.id, kind: n.kind, params: n.params, route: n.route, isRead: n.isRead, createdAt: n.createdAt })
    .from(n)
    .where(where)
    .orderBy(desc(n.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [totals] = await tx.select({ total: count() }).from(n).where(where);
  const [unread] = await tx.select({ count: count() }).from(n).where(and(mine(session), eq(n.isRead, false)));
  const items: NotificationItem[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { items, total: totals!.total, page: input.page, pageSize: input.pageSize, unread: unread!.count };
}

/** Marks one of the caller's notifications (another's: 404) or all of them read or unread. */
export async function updateNotificationStatus(tx: Tx, session: ClinicSession, input: UpdateNotificationStatusInput) {
  const where = input.all ? and(mine(session), eq(n.isRead, !input.isRead)) : and(mine(session), eq(n.id, input.notificationId!));
  const rows = await tx.update(n).set({ isRead: input.isRead }).where(where).returning({ id: n.id });
  if (!input.all && !rows.length) fail('notification_not_found');
  return { count: rows.length };
}

/** Deletes the listed notifications when every one is the caller's; otherwise 404 and nothing is deleted. */
export async function deleteNotifications(tx: Tx, session: ClinicSession, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.delete(n).where(and(mine(session), inArray(n.id, unique))).returning({ id: n.id });
  if (rows.length !== unique.length) fail('notification_not_found'); // throwing rolls the deletion back
  return { count: rows.length };
}
