import { z } from 'zod';
import { id } from '../common/schemas.js';

/** GetNotifications: the caller's own notifications, newest first (spec §7: by recipient; paging). */
export const notificationsInput = z.object({
  unreadOnly: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'field_invalid' })).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100, 'field_invalid').default(30),
});
export type NotificationsInput = z.infer<typeof notificationsInput>;

export const notificationItem = z.object({
  id: z.number(),
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  route: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsOutput = z.object({
  items: z.array(notificationItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The caller's unread count (the bell's badge), whatever the page. */
  unread: z.number(),
});
export type NotificationsOutput = z.infer<typeof notificationsOutput>;

/** UpdateNotificationStatus (spec §3: notificationId, isRead): one notification, or `all` of the caller's. */
export const updateNotificationStatusInput = z
  .object({
    notificationId: id.optional(),
    all: z.literal(true, { error: 'field_invalid' }).optional(),
    isRead: z.boolean({ error: 'field_required' }),
  })
  .refine((v) => (v.notificationId === undefined) !== (v.all === undefined), { message: 'field_required', path: ['notificationId'] });
export type UpdateNotificationStatusInput = z.infer<typeof updateNotificationStatusInput>;

/** DeleteNotification: a list of the caller's notification ids. */
export const deleteNotificationsInput = z.object({
  ids: z.array(id, { error: 'field_required' }).min(1, 'field_required').max(200, 'field_invalid'),
});
export const countOutput = z.object({ count: z.number() });
