import type { ActiveUser, PermissionKey } from '@dental/contract';
import { Fragment, type ReactNode, createElement } from 'react';
import { useSession } from './session';

type Needed = PermissionKey | readonly PermissionKey[];

/** Spec §6: logged in and the permission list includes the key (any one of a list). */
export function userCan(user: Pick<ActiveUser, 'permissions'> | null | undefined, needed: Needed): boolean {
  if (!user) return false;
  const keys = typeof needed === 'string' ? [needed] : needed;
  return keys.some((k) => user.permissions.includes(k));
}

/** Whether the logged-in user holds the permission (or one of the list). */
export function useCan(needed: Needed): boolean {
  return userCan(useSession()?.user, needed);
}

/** Renders its children only when the user holds the permission; `fallback` otherwise. */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Needed;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return createElement(Fragment, null, useCan(permission) ? children : fallback);
}
