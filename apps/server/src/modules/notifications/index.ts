/**
 * The notifications module (issue 17, docs/notifications.md): each user's notification centre (the header's bell),
 * `notify()` for other modules to call inside their transaction, and the job that sends the web pushes
 * (registered with platform/jobs when this file loads). Other modules use only what this file exports.
 */
import './notification-push.js';

export { notifications } from './notifications.table.js';
export { registerNotificationsRoutes } from './notifications.routes.js';
export { notify, NOTIFICATION_PUSH_JOB, type NotifyInput } from './notify.js';
export { pushNotifications } from './notification-push.js';
