import { z } from 'zod';
import { CLINIC_ROLE_CODES, TIERS } from '../enums.js';
import { id, listInput, optionalFrenchName, optionalId, requiredEnum, requiredText } from '../common/schemas.js';
import { PERMISSION_GROUPS, PERMISSION_KEYS, type PermissionKey } from '../permissions.js';
import { CUSTOM_BASE_ROLES } from './role-permissions.js';
import { LAB_ROLE_CODE } from '../labs/lab-status.js';

/**
 * A role of the clinic: one of the seven default roles (code RL1-RL7, cannot be deleted) or a custom role
 * (code null) that acts as its base role for the route rules of spec §2. A clinic that has lab users also has the
 * built-in lab role (code LAB, docs/labs.md), which cannot be deleted.
 */
export const roleItem = z.object({
  id: z.number(),
  code: z.enum([...CLINIC_ROLE_CODES, LAB_ROLE_CODE]).nullable(),
  baseRole: z.enum(CLINIC_ROLE_CODES),
  nameAr: z.string(),
  nameEn: z.string(),
  /** Shown in French; null: a built-in role's translated name, else the English one. */
  nameFr: z.string().nullable(),
  isDefault: z.boolean(),
  /** Users (not deleted) who hold the role. */
  userCount: z.number(),
  permissionCount: z.number(),
  createdAt: z.string(),
});

export const ROLE_SORT_FIELDS = ['nameAr', 'nameEn', 'baseRole', 'userCount', 'createdAt'] as const;
export const roleListInput = listInput(ROLE_SORT_FIELDS);

const KEY_TUPLE = PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]];
/** A key of the permission catalogue; anything else reads "invalid value". */
export const permissionKey = requiredEnum(KEY_TUPLE);

/**
 * Creates a custom role when `id` is absent, else renames a role. A new role needs its base role (RL2-RL7: a
 * custom role never acts as the owner) and may start with the keys of another role of the clinic
 * (`copyFromRoleId`). On update the base role may change for a custom role only. The Arabic and English names are
 * unique in the clinic; the French one is optional (empty: shown in English).
 */
export const saveRoleInput = z.object({
  id: optionalId,
  nameAr: requiredText(100),
  nameEn: requiredText(100),
  nameFr: optionalFrenchName(100),
  baseRole: requiredEnum(CUSTOM_BASE_ROLES).optional(),
  copyFromRoleId: optionalId,
});

export const rolePermissionsInput = z.object({ roleId: id });
export const rolePermissionsOutput = z.object({ roleId: z.number(), permissions: z.array(z.enum(KEY_TUPLE)) });

/** Replaces a role's keys with this list (each a catalogue key; duplicates are ignored). */
export const saveRolePermissionInput = z.object({
  roleId: id,
  permissions: z
    .array(permissionKey, { error: (issue) => (issue.input === undefined ? 'field_required' : 'field_invalid') })
    .max(PERMISSION_KEYS.length * 2, 'field_invalid'),
});

export const saveUserRoleInput = z.object({ userId: id, roleId: id });

const keyEnum = z.enum(KEY_TUPLE);
export const permissionDefinitionSchema = z.object({
  key: keyEnum,
  group: z.enum(PERMISSION_GROUPS),
  tier: z.enum(TIERS),
  viewList: z.boolean(),
  requires: keyEnum.nullable(),
});
export const permissionCatalogueOutput = z.object({
  groups: z.array(
    z.object({ group: z.enum(PERMISSION_GROUPS), tier: z.enum(TIERS), keys: z.array(permissionDefinitionSchema) }),
  ),
});
export const permissionKeyInput = z.object({ key: requiredText(100) });
/** SavePermission is refused (the catalogue is fixed); its body names the key and group it would have added. */
export const savePermissionInput = z.object({
  key: requiredText(100),
  group: z.string().trim().max(100, 'field_too_long').optional(),
});

export type RoleItem = z.infer<typeof roleItem>;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];
export type RoleListInput = z.output<typeof roleListInput>;
export type SaveRoleInput = z.output<typeof saveRoleInput>;
export type SaveRolePermissionInput = z.output<typeof saveRolePermissionInput>;
export type SaveUserRoleInput = z.output<typeof saveUserRoleInput>;
export type PermissionCatalogue = z.infer<typeof permissionCatalogueOutput>;
