import { pushCalls, usersCalls } from '@dental/contract';
import { callApi } from './api';

/** Browser push notifications on this device (spec §1 push messages): subscribe, unsubscribe, state. */

/** Whether this browser can receive push notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The server's public key; null when the server has push turned off. */
export async function fetchPushKey(): Promise<string | null> {
  return (await callApi(pushCalls.getPushKey, {}, { silent: true })).publicKey;
}

/** The base64url key as the bytes PushManager.subscribe expects. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The push subscription of this browser, if any (no waiting for a service worker that is not there). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type EnableResult = 'enabled' | 'denied' | 'unsupported';

/**
 * Asks for permission, subscribes this browser with the server's key and stores the subscription for the
 * logged-in user (User/PostFCMToken). An older subscription (perhaps made with another key) is replaced.
 */
export async function enablePush(publicKey: string): Promise<EnableResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const old = await registration.pushManager.getSubscription();
  if (old) await old.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await callApi(usersCalls.postFcmToken, { fcmtoken: JSON.stringify(subscription) }, { silent: true });
  return 'enabled';
}

/** Unsubscribes this browser and tells the server to forget it (User/DeleteFCMToken). */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const token = JSON.stringify(subscription);
  await subscription.unsubscribe();
  await callApi(usersCalls.deleteFcmToken, { fcmtoken: token }, { silent: true });
}

/** On logout: best effort, never throws and never waits longer than a moment (the user is leaving). */
export async function forgetPushOnLogout(timeoutMs = 1500): Promise<void> {
  const attempt = disablePush().catch(() => undefined);
  await Promise.race([attempt, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
