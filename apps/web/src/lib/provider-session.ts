import type { CallOutput, authCalls } from '@dental/contract';
import { useSyncExternalStore } from 'react';
import { createStoredValue } from './storage';

/**
 * The provider's console session (RL0 staff, AdminAccount/Login), kept apart from the clinic session: its own
 * localStorage entry, its own logout. Calls whose descriptor access is `{ provider: true }` send this token.
 */
export const PROVIDER_SESSION_KEY = 'dentix.providerSession';
export const PROVIDER_LOGIN_PATH = '/provider/login';
export const PROVIDER_HOME_PATH = '/provider/clinics';

/** The provider's staff member of the login answer. */
export type AdminUser = CallOutput<typeof authCalls.adminLogin>['objectData'];

export interface ProviderSession {
  token: string;
  expiredTokenDate: string;
  admin: AdminUser;
}

const isProviderSession = (v: unknown): v is ProviderSession | null =>
  v === null ||
  (typeof v === 'object' &&
    typeof (v as ProviderSession).token === 'string' &&
    typeof (v as ProviderSession).admin === 'object');

const store = createStoredValue<ProviderSession | null>(PROVIDER_SESSION_KEY, null, isProviderSession);

export const getProviderSession = (): ProviderSession | null => store.get();
export const setProviderSession = (s: ProviderSession): void => store.set(s);
export const clearProviderSession = (): void => store.set(null);

/** True when the token's expiry date has passed (an unparsable date counts as not expired: the server decides). */
export function isProviderSessionExpired(s: ProviderSession, now = Date.now()): boolean {
  const t = Date.parse(s.expiredTokenDate);
  return Number.isFinite(t) && t <= now;
}

/** The provider session, re-rendering on every change (also from other tabs). */
export function useProviderSession(): ProviderSession | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The provider's login page, remembering where they wanted to go. */
export const providerLoginPathFor = (wanted?: string): string =>
  wanted && wanted !== PROVIDER_HOME_PATH && wanted.startsWith('/provider/')
    ? `${PROVIDER_LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`
    : PROVIDER_LOGIN_PATH;
