import { notificationsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

/* Query keys start with 'Notification': a mutation, and the live 'Notification' event, refresh the bell. */

export const NOTIFICATIONS_PAGE_SIZE = 30;
export const useNotifications = (enabled: boolean) =>
  useCall(notificationsCalls.getNotifications, { page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE }, { enabled, silent: true, refetchOnWindowFocus: true });
export const useUpdateNotificationStatus = () => useCallMutation(notificationsCalls.updateNotificationStatus);
export const useDeleteNotifications = () => useCallMutation(notificationsCalls.deleteNotification);
