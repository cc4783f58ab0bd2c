import { notificationsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

/* Query keys start with 'Notification': a mutation, and the live 'Notification' event, refresh the bell. */

export const NOTIFICATIONS_PAGE_SIZE = 30;
/** The most the bell lists ("load more" grows the list by a page up to this; the call's pageSize limit). */
export const NOTIFICATIONS_MAX_SHOWN = 100;
/** The newest `shown` notifications; the previous list stays on screen while a longer one loads. */
export const useNotifications = (enabled: boolean, shown = NOTIFICATIONS_PAGE_SIZE) =>
  useCall(
    notificationsCalls.getNotifications,
    { page: 1, pageSize: shown },
    { enabled, silent: true, refetchOnWindowFocus: true, placeholderData: <T,>(prev: T) => prev },
  );
export const useUpdateNotificationStatus = () => useCallMutation(notificationsCalls.updateNotificationStatus);
export const useDeleteNotifications = () => useCallMutation(notificationsCalls.deleteNotification);
