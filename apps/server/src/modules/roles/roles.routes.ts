import { permissionCatalogue, rolesCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall } from '../../platform/calls.js';
import { fail } from '../../platform/errors.js';
import { getPermission, getRolePermissions, saveRolePermission, saveUserRole } from './role-permissions.service.js';
import { deleteRole, getRole, listRoles, saveRole } from './roles.service.js';

/** SaveRole admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: 'role_add' | 'role_edit') =>
  checkAccess(session, { permissions: [key], tier: 'ST1' });

export function registerRolesRoutes(app: FastifyInstance) {
  const c = rolesCalls;
  registerCall(app, c.getRoles, ({ tx, session }, input) => listRoles(tx, session.clinicId, input));
  registerCall(app, c.getRole, ({ tx, session }, input) => getRole(tx, session.clinicId, input.id));
  registerCall(app, c.saveRole, async ({ tx, session }, input) => {
    needs(session, input.id ? 'role_edit' : 'role_add');
    return saveRole(tx, session, input);
  });
  registerCall(app, c.deleteRole, ({ tx, session }, input) => deleteRole(tx, session.clinicId, input.id));

  registerCall(app, c.getPermissions, async () => ({ groups: permissionCatalogue() }));
  registerCall(app, c.getPermission, async (_, input) => getPermission(input.key));
  // The catalogue is code: every key is checked by the calls that name it, so a stored key could reach nothing.
  registerCall(app, c.savePermission, async () => fail('permissions_fixed'));
  registerCall(app, c.deletePermission, async () => fail('permissions_fixed'));

  registerCall(app, c.getRolePermissions, ({ tx, session }, input) =>
    getRolePermissions(tx, session.clinicId, input.roleId),
  );
  registerCall(app, c.saveRolePermission, ({ tx, session }, input) => saveRolePermission(tx, session, input));
  registerCall(app, c.saveUserRole, ({ tx, session }, input) => saveUserRole(tx, session, input));
}
