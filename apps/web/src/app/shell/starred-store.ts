import { LIMITS, ROUTES, type RouteDef, type RouteViewer, SUGGESTED_STARRED } from '@dental/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, createStoredValue } from 'lib/storage';
import { canOpen } from '../route-table';

type StarredByUser = Record<string, string[]>;
const isRecord = (v: unknown): v is StarredByUser => typeof v === 'object' && v !== null && !Array.isArray(v);
const store = createStoredValue<StarredByUser>(STORAGE_KEYS.starred, {}, isRecord);

export interface StarOwner {
  clinicId: number;
  userId: number;
}
const ownerKey = (o: StarOwner) => `${o.clinicId}:${o.userId}`;
const EMPTY: string[] = [];

/** Starred route paths of one user on this device. */
export const getStarred = (owner: StarOwner): string[] => store.get()[ownerKey(owner)] ?? EMPTY;

export function useStarred(owner: StarOwner): string[] {
  return useSyncExternalStore(
    store.subscribe,
    () => getStarred(owner),
    () => getStarred(owner),
  );
}

export type ToggleResult = 'added' | 'removed' | 'full';

/** Stars or un-stars a route path; at most LIMITS.starredPagesMax (10) pages. */
export function toggleStarred(owner: StarOwner, path: string): ToggleResult {
  const list = getStarred(owner);
  if (list.includes(path)) {
    store.set({ ...store.get(), [ownerKey(owner)]: list.filter((p) => p !== path) });
    return 'removed';
  }
  if (list.length >= LIMITS.starredPagesMax) return 'full';
  store.set({ ...store.get(), [ownerKey(owner)]: [...list, path] });
  return 'added';
}

/**
 * The pages to show: the starred ones the user can open, or — when none is starred — the suggested pages
 * (patients list, add patient, users list, add user) the user can open.
 */
export function starredRoutes(
  viewer: RouteViewer,
  starred: readonly string[],
): { suggested: boolean; routes: RouteDef[] } {
  const pick = (paths: readonly string[]) =>
    paths.map((p) => ROUTES.find((r) => r.path === p)).filter((r): r is RouteDef => !!r && canOpen(r, viewer));
  if (starred.length > 0) return { suggested: false, routes: pick(starred) };
  return { suggested: true, routes: pick(SUGGESTED_STARRED) };
}
