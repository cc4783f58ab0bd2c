import { defineCall } from '../common/call.js';
import {
  countOutput,
  deleteNotificationsInput,
  notificationsInput,
  notificationsOutput,
  updateNotificationStatusInput,
} from './notifications.schemas.js';

/**
 * The notification centre (spec §7 Notification). Every clinic user has one: the calls need no permission key and
 * work on every tier; each reads and changes only the caller's own notifications (another user's or clinic's: 404).
 */
const own = { permissions: [], tier: 'ST0' } as const;

export const notificationsCalls = {
  getNotifications: defineCall({
    controller: 'Notification', action: 'GetNotifications', method: 'GET', access: own,
    input: notificationsInput, output: notificationsOutput,
    summary: "The caller's notifications, newest first, with paging and the unread count",
  }),
  updateNotificationStatus: defineCall({
    controller: 'Notification', action: 'UpdateNotificationStatus', method: 'POST', access: own,
    input: updateNotificationStatusInput, output: countOutput,
    summary: "Mark one of the caller's notifications (or all of them) read or unread",
  }),
  deleteNotification: defineCall({
    controller: 'Notification', action: 'DeleteNotification', method: 'DELETE', access: own,
    input: deleteNotificationsInput, output: countOutput,
    summary: "Delete a list of the caller's notifications (404 when any is not theirs; then none is deleted)",
  }),
};
