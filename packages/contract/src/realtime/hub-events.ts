/** Spec §1 push controllers. */
export const PUSH_CONTROLLERS = ['Logout', 'Reset', 'SecretariatNotification', 'GoTo'] as const;
export type PushController = (typeof PUSH_CONTROLLERS)[number];

/** Spec §3 push payload: controller, routeName, userId, key, type, msg, bodyId. */
export interface PushPayload {
  controller: PushController;
  routeName?: string;
  userId?: number;
  key?: string;
  type?: string;
  msg?: string;
  bodyId?: number;
}

/**
 * What the live connection (`/api/hub`) delivers (spec §1/§3): refresh today's appointments, call user, and push
 * payloads with a controller. Sent by the server's hub, read by the web app's live connection.
 */
export type HubEvent =
  | { type: 'RefreshTodayAppointments' }
  | { type: 'CallUser'; fromUserId: number; fromName: string; message?: string }
  | { type: 'Push'; payload: PushPayload }
  /** The user has a new notification (docs/notifications.md): the bell refetches its list and count. */
  | { type: 'Notification'; kind: string }
  /** The message popup stack's due list changed (docs/messaging.md): the send hour came, or an item was messaged. */
  | { type: 'MessagesDue' };
