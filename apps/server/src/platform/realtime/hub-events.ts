import type { Queryable } from '../db/types.js';
import type { Audience, Hub, HubEvent, PushPayload } from './hub.js';

/**
 * What modules call to send live events (spec §1). Each takes the hub (`ctx.deps.hub`) and, optionally, the
 * transaction of the change that caused the event (`ctx.tx` in a call handler):
 *
 * - with `tx`, the event is part of that transaction: it is delivered when the transaction commits (so a client
 *   that refetches sees the change) and never if it rolls back. Await it. This is the normal way in a handler.
 * - without `tx`, the event is sent in the background and the returned promise resolves at once; errors are
 *   logged, never thrown. (Awaiting a NOTIFY on the embedded database from inside a transaction would wait for
 *   that transaction to end, so a background send is the only safe default.)
 *
 * A failure to publish never fails the caller: live events are a convenience, the data is the truth.
 */
async function send(hub: Hub, to: Audience, event: HubEvent, tx?: Queryable): Promise<void> {
  if (!tx) {
    hub.publish(to, event).catch((err: unknown) => console.warn('[hub] publish failed', event.type, err));
    return;
  }
  try {
    await hub.publish(to, event, { tx });
  } catch (err) {
    // only the size check throws before any SQL runs; a failed pg_notify aborts the transaction and must surface
    if (err instanceof Error && /NOTIFY allows/.test(err.message)) console.warn('[hub] event not sent:', err.message);
    else throw err;
  }
}

/**
 * Tells the calendar and dashboard screens of a branch to refetch today's appointments (after an appointment is
 * saved, moved, checked in or out, or its status changes). A null branch tells the whole clinic.
 */
export function notifyRefreshTodayAppointments(
  hub: Hub,
  clinicId: number,
  branchId: number | null | undefined,
  tx?: Queryable,
) {
  return send(hub, branchId == null ? { clinicId } : { clinicId, branchId }, { type: 'RefreshTodayAppointments' }, tx);
}

/** Calls a user (e.g. the secretary calls the doctor): the user's screens show a message and ring a bell. */
export function callUser(
  hub: Hub,
  clinicId: number,
  toUserId: number,
  from: { userId: number; name: string; message?: string },
  tx?: Queryable,
) {
  const event: Extract<HubEvent, { type: 'CallUser' }> = {
    type: 'CallUser',
    fromUserId: from.userId,
    fromName: from.name,
  };
  if (from.message) event.message = from.message;
  return send(hub, { clinicId, userId: toUserId }, event, tx);
}

/** A push message (spec §3 payload) to one user's screens: Logout, Reset, SecretariatNotification or GoTo. */
export function pushToUser(hub: Hub, clinicId: number, userId: number, payload: PushPayload, tx?: Queryable) {
  return send(hub, { clinicId, userId }, { type: 'Push', payload: { userId, ...payload } }, tx);
}

/** A push message to every screen of a clinic, or of one branch of it (e.g. SecretariatNotification to a branch). */
export function pushTo(hub: Hub, to: Omit<Audience, 'userId'>, payload: PushPayload, tx?: Queryable) {
  return send(hub, to, { type: 'Push', payload }, tx);
}

/**
 * Tells a clinic's screens that the message popup stack's due list changed (docs/messaging.md "The popup stack"):
 * the send hour of MT2 or MT3 has come, or someone messaged an item. The stacks refetch Message/GetDueMessages.
 */
export function notifyMessagesDue(hub: Hub, clinicId: number, tx?: Queryable) {
  return send(hub, { clinicId }, { type: 'MessagesDue' }, tx);
}
