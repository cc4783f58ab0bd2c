import type { ClinicRoleCode, Tier } from '../enums.js';
import {
  GROUP_TIER,
  PERMISSIONS,
  PERMISSION_GROUPS,
  PERMISSION_GROUP_OF,
  type PermissionGroup,
  type PermissionKey,
} from '../permissions.js';

/**
 * Spec §6 "custom roles: permissions per module, including a view-list permission; removing it may hide edit and
 * delete actions". A module is one list screen: its view-list key and the keys that act on that list. Without the
 * view-list key the action keys mean nothing, so a role never holds them: the permissions page unticks and
 * disables them, and the server drops them when it saves a role's keys.
 */
export const PERMISSION_MODULES: readonly { list: PermissionKey; actions: readonly PermissionKey[] }[] = [
  { list: 'patient_list', actions: ['patient_add', 'patient_edit', 'patient_delete', 'patient_apply_discount'] },
  { list: 'prescription_list', actions: ['prescription_add', 'prescription_delete'] },
  {
    list: 'prescription_template_list',
    actions: ['prescription_template_add', 'prescription_template_edit', 'prescription_template_delete'],
  },
  { list: 'user_list', actions: ['user_add', 'user_edit', 'user_delete'] },
  { list: 'lab_own_orders_list', actions: ['lab_own_order_status_update'] },
  { list: 'insurance_list', actions: ['insurance_add', 'insurance_edit', 'insurance_delete'] },
  { list: 'financial_list', actions: ['financial_add', 'financial_edit', 'financial_delete'] },
  {
    list: 'settings_clinic_lookups_list',
    actions: ['settings_clinic_lookups_add', 'settings_clinic_lookups_edit', 'settings_clinic_lookups_delete'],
  },
  {
    list: 'settings_payment_type_list',
    actions: ['settings_payment_type_add', 'settings_payment_type_edit', 'settings_payment_type_delete'],
  },
  { list: 'clinic_show', actions: ['clinic_edit', 'clinic_branch_edit'] },
  { list: 'treatment_list', actions: ['treatment_add', 'treatment_edit', 'treatment_delete'] },
  { list: 'room_list', actions: ['room_add', 'room_edit', 'room_delete'] },
  { list: 'settings_print_list', actions: ['settings_print_edit'] },
  { list: 'role_list', actions: ['role_add', 'role_edit', 'role_delete'] },
];

/** The view-list keys (each marked on the permissions page). */
export const VIEW_LIST_KEYS: ReadonlySet<PermissionKey> = new Set(PERMISSION_MODULES.map((m) => m.list));
export const isViewListKey = (key: PermissionKey) => VIEW_LIST_KEYS.has(key);

/** The view-list key an action key needs (absent for keys that stand alone). */
export const PERMISSION_REQUIRES: Partial<Record<PermissionKey, PermissionKey>> = Object.fromEntries(
  PERMISSION_MODULES.flatMap((m) => m.actions.map((a) => [a, m.list])),
);

/** The action keys that depend on a view-list key (empty for any other key). */
export const dependentKeys = (key: PermissionKey): readonly PermissionKey[] =>
  PERMISSION_MODULES.find((m) => m.list === key)?.actions ?? [];

/**
 * A role's key set as it is stored: each key once, in catalogue order, without action keys whose view-list key
 * is missing.
 */
export function normalizeRoleKeys(keys: Iterable<PermissionKey>): PermissionKey[] {
  const set = new Set(keys);
  return PERMISSIONS.map((p) => p.key).filter((k) => {
    if (!set.has(k)) return false;
    const needs = PERMISSION_REQUIRES[k];
    return !needs || set.has(needs);
  });
}

export interface PermissionDefinition {
  key: PermissionKey;
  group: PermissionGroup;
  /** The lowest subscription tier that opens the key's group. */
  tier: Tier;
  /** This key is its module's view-list key. */
  viewList: boolean;
  /** The view-list key this key needs, if any. */
  requires: PermissionKey | null;
}

/** One key's definition in the fixed catalogue. */
export function permissionDefinition(key: PermissionKey): PermissionDefinition {
  const group = PERMISSION_GROUP_OF[key];
  return {
    key,
    group,
    tier: GROUP_TIER[group],
    viewList: isViewListKey(key),
    requires: PERMISSION_REQUIRES[key] ?? null,
  };
}

/** The whole catalogue grouped by PERMISSION_GROUPS, keys in catalogue order. */
export function permissionCatalogue() {
  return PERMISSION_GROUPS.map((group) => ({
    group,
    tier: GROUP_TIER[group],
    keys: PERMISSIONS.filter((p) => p.group === group).map((p) => permissionDefinition(p.key)),
  }));
}

/** Base roles a custom role may act as: every clinic role except the owner (RL1). */
export const CUSTOM_BASE_ROLES = [
  'RL2',
  'RL3',
  'RL4',
  'RL5',
  'RL6',
  'RL7',
] as const satisfies readonly ClinicRoleCode[];
export type CustomBaseRole = (typeof CUSTOM_BASE_ROLES)[number];
/** The owner role: it always holds every key and only an owner may give it to someone. */
export const OWNER_ROLE: ClinicRoleCode = 'RL1';

/**
 * The names every clinic's built-in roles start with, in Arabic, English and French (migration 0029 gave the
 * built-in roles of existing clinics still named so their French name; a French screen shows the translated code of a
 * built-in role without a French name whose English name is still this one).
 */
export const BUILT_IN_ROLE_NAMES: Record<ClinicRoleCode, { ar: string; en: string; fr: string }> = {
  RL1: { ar: 'المالك', en: 'Owner', fr: 'Propriétaire' },
  RL2: { ar: 'مدير الفرع', en: 'Branch manager', fr: 'Responsable de succursale' },
  RL3: { ar: 'موظف (مشغّل)', en: 'Employee (operator)', fr: 'Employé (opérateur)' },
  RL4: { ar: 'سكرتارية', en: 'Secretary', fr: 'Secrétariat' },
  RL5: { ar: 'مساعد', en: 'Assistant', fr: 'Assistant' },
  RL6: { ar: 'محاسب', en: 'Accountant', fr: 'Comptable' },
  RL7: { ar: 'إداري', en: 'Administrative', fr: 'Administratif' },
};
