import {
  PERMISSION_REQUIRES,
  type PermissionKey,
  dependentKeys,
  isViewListKey,
  normalizeRoleKeys,
} from '@dental/contract';

/*
 * The ticking rules of the permissions page, kept apart from React so they are tested on their own:
 * an action key needs its module's view-list key; unticking the view-list key unticks its action keys.
 */

export type KeySet = ReadonlySet<PermissionKey>;

/** Whether a key's checkbox can be used: not read-only, the caller may grant it, and its view-list key is ticked. */
export function isKeyEnabled(
  key: PermissionKey,
  selected: KeySet,
  grantable: (key: PermissionKey) => boolean,
): boolean {
  const needs = PERMISSION_REQUIRES[key];
  return grantable(key) && (!needs || selected.has(needs));
}

/** Ticks or unticks one key; unticking a view-list key also unticks its action keys. */
export function toggleKey(selected: KeySet, key: PermissionKey, checked: boolean): Set<PermissionKey> {
  const next = new Set(selected);
  if (checked) {
    next.add(key);
  } else {
    next.delete(key);
    if (isViewListKey(key)) for (const dependent of dependentKeys(key)) next.delete(dependent);
  }
  return new Set(normalizeRoleKeys(next));
}

/**
 * The group's check-all box: ticks every key of the group the caller may grant (view-list keys first, so their
 * action keys count as enabled), or unticks every key of the group the caller may grant.
 */
export function setGroup(
  selected: KeySet,
  keys: readonly PermissionKey[],
  checked: boolean,
  grantable: (key: PermissionKey) => boolean,
): Set<PermissionKey> {
  const next = new Set(selected);
  for (const key of keys) {
    if (!grantable(key)) continue;
    if (checked) next.add(key);
    else next.delete(key);
  }
  return new Set(normalizeRoleKeys(next));
}

/** The check-all box's look: all, some or none of the group's keys ticked. */
export function groupState(selected: KeySet, keys: readonly PermissionKey[]) {
  const count = keys.filter((k) => selected.has(k)).length;
  return { checked: count > 0 && count === keys.length, indeterminate: count > 0 && count < keys.length, count };
}

/**
 * The keys of a group in display order: each view-list key followed by its action keys (shown indented), then
 * the keys that stand alone, all in catalogue order otherwise.
 */
export function displayOrder(keys: readonly PermissionKey[]): Array<{ key: PermissionKey; indent: boolean }> {
  const inGroup = new Set(keys);
  const rows: Array<{ key: PermissionKey; indent: boolean }> = [];
  for (const key of keys) {
    const needs = PERMISSION_REQUIRES[key];
    if (needs && inGroup.has(needs)) continue; // shown under its view-list key
    rows.push({ key, indent: false });
    for (const dependent of dependentKeys(key)) if (inGroup.has(dependent)) rows.push({ key: dependent, indent: true });
  }
  return rows;
}

export const sameKeys = (a: KeySet, b: KeySet) => a.size === b.size && [...a].every((k) => b.has(k));
