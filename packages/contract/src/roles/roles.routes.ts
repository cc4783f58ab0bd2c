import { z } from 'zod';
import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  permissionCatalogueOutput,
  permissionDefinitionSchema,
  permissionKeyInput,
  roleItem,
  roleListInput,
  rolePermissionsInput,
  rolePermissionsOutput,
  savePermissionInput,
  saveRoleInput,
  saveRolePermissionInput,
  saveUserRoleInput,
} from './roles.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** The role group is a Basic (ST1) feature (spec §6); /Roles and /Permissions carry no route rule. */
const roleGroup = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier: 'ST1' });
/**
 * Calls the users screens need as well (role dropdown of /register and /UserDetails, assigning a role): users are
 * a free-tier (ST0) group, so these accept the user keys too and need no tier.
 */
const withUsers = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier: 'ST0' });

/**
 * RolePermission: the clinic's roles, the fixed permission catalogue, a role's keys and a user's role.
 * Nobody raises their own permissions: a user other than the owner (default role RL1) cannot edit their own role
 * or change their own role, grant or copy keys they do not hold, or touch a role holding keys they lack; the owner
 * role always holds every key and only an owner may give it.
 */
export const rolesCalls = {
  getRoles: defineCall({
    controller: 'RolePermission',
    action: 'GetRoles',
    method: 'GET',
    access: withUsers('role_list', 'user_add', 'user_edit'),
    input: roleListInput,
    output: listOutput(roleItem),
    summary:
      "The clinic's roles (default ones first) with user and key counts: search either name, sort, page. Also the role dropdown of the users screens",
  }),
  getRole: defineCall({
    controller: 'RolePermission',
    action: 'GetRole',
    method: 'GET',
    access: roleGroup('role_list', 'role_edit'),
    input: idInput,
    output: roleItem,
    summary: 'One role of the clinic',
  }),
  saveRole: defineCall({
    controller: 'RolePermission',
    action: 'SaveRole',
    method: 'POST',
    access: roleGroup('role_add', 'role_edit'),
    input: saveRoleInput,
    output: savedOutput,
    summary:
      "Add a custom role (no id: base role RL2-RL7, optionally the keys of another role) or rename a role (and change a custom role's base role)",
  }),
  deleteRole: defineCall({
    controller: 'RolePermission',
    action: 'DeleteRole',
    method: 'DELETE',
    access: roleGroup('role_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a custom role that no user holds; the default roles cannot be deleted',
  }),
  getPermissions: defineCall({
    controller: 'RolePermission',
    action: 'GetPermissions',
    method: 'GET',
    access: roleGroup('role_list', 'role_edit'),
    input: z.object({}),
    output: permissionCatalogueOutput,
    summary:
      "The permission catalogue grouped by permission group: each key with its tier, whether it is its module's view-list key and the view-list key it needs",
  }),
  getPermission: defineCall({
    controller: 'RolePermission',
    action: 'GetPermission',
    method: 'GET',
    access: roleGroup('role_list', 'role_edit'),
    input: permissionKeyInput,
    output: permissionDefinitionSchema,
    summary: "One key's definition in the permission catalogue (404 for an unknown key)",
  }),
  savePermission: defineCall({
    controller: 'RolePermission',
    action: 'SavePermission',
    method: 'POST',
    access: roleGroup('role_edit'),
    input: savePermissionInput,
    output: okOutput,
    summary:
      'Always refused (409 permissions_fixed): the permission catalogue is part of the product, because every key is checked by code that a new key could not reach; clinics shape access with roles',
  }),
  deletePermission: defineCall({
    controller: 'RolePermission',
    action: 'DeletePermission',
    method: 'DELETE',
    access: roleGroup('role_edit'),
    input: permissionKeyInput,
    output: okOutput,
    summary:
      'Always refused (409 permissions_fixed): the catalogue is fixed by the product; remove a key from a role with SaveRolePermission instead',
  }),
  getRolePermissions: defineCall({
    controller: 'RolePermission',
    action: 'GetRolePermissions',
    method: 'GET',
    access: roleGroup('role_list', 'role_edit'),
    input: rolePermissionsInput,
    output: rolePermissionsOutput,
    summary: "A role's permission keys, in catalogue order",
  }),
  saveRolePermission: defineCall({
    controller: 'RolePermission',
    action: 'SaveRolePermission',
    method: 'POST',
    access: roleGroup('role_edit'),
    input: saveRolePermissionInput,
    output: rolePermissionsOutput,
    summary:
      "Replace a role's keys; action keys without their view-list key are dropped, the stored set is returned. Applies to the role's users on their next request",
  }),
  saveUserRole: defineCall({
    controller: 'RolePermission',
    action: 'SaveUserRole',
    method: 'POST',
    access: withUsers('role_edit', 'user_edit'),
    input: saveUserRoleInput,
    output: okOutput,
    summary:
      "Give a user of the clinic another role of the clinic (never one's own role; the owner role only by an owner)",
  }),
};
