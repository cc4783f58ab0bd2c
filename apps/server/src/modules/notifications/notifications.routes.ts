import { notificationsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { deleteNotifications, listNotifications, updateNotificationStatus } from './notifications.service.js';

export function registerNotificationsRoutes(app: FastifyInstance) {
  const c = notificationsCalls;
  registerCall(app, c.getNotifications, ({ tx, session }, input) => listNotifications(tx, session, input));
  registerCall(app, c.updateNotificationStatus, ({ tx, session }, input) => updateNotificationStatus(tx, session, input));
  registerCall(app, c.deleteNotification, ({ tx, session }, input) => deleteNotifications(tx, session, input.ids));
}
