import type { ActiveUser } from '@dental/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, createStoredValue } from './storage';

/** What the app keeps of a login (spec §3 active user), in localStorage. */
export interface StoredSession {
  token: string;
  expiredTokenDate: string;
  user: ActiveUser;
  branchId: number | null;
}

const isSession = (v: unknown): v is StoredSession | null =>
  v === null ||
  (typeof v === 'object' &&
    typeof (v as StoredSession).token === 'string' &&
    typeof (v as StoredSession).user === 'object');

const store = createStoredValue<StoredSession | null>(STORAGE_KEYS.session, null, isSession);

let leaving = false;

export const getSession = (): StoredSession | null => store.get();
export function setSession(s: StoredSession): void {
  leaving = false;
  store.set(s);
}
/**
 * Forgets the session. `leaving: true` says the app itself is moving to another page (logout, expired
 * session), so logged-in pages render nothing on their way out instead of redirecting to login.
 */
export function clearSession(options?: { leaving?: boolean }): void {
  leaving = options?.leaving ?? false;
  store.set(null);
}
export const isLeavingSession = (): boolean => leaving;

/** Merges fresh fields (e.g. from refreshCurrentUser) into the stored user. */
export function updateUser(patch: Partial<ActiveUser>): void {
  const s = store.get();
  if (s) store.set({ ...s, user: { ...s.user, ...patch } });
}

/** The branch the user works in; sent as the Bid header. */
export function setBranch(id: number | null): void {
  const s = store.get();
  if (s) store.set({ ...s, branchId: id });
}

/** True when the token's expiry date has passed (an unparsable date counts as not expired: the server decides). */
export function isSessionExpired(s: StoredSession, now = Date.now()): boolean {
  const t = Date.parse(s.expiredTokenDate);
  return Number.isFinite(t) && t <= now;
}

export const subscribeSession = store.subscribe;

/** The stored session, re-rendering on every change (also from other tabs). */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
