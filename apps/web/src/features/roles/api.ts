import { type CallInput, rolesCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof rolesCalls> = CallInput<(typeof rolesCalls)[K]>;

export const useRoles = (input: In<'getRoles'>) =>
  useCall(rolesCalls.getRoles, input, { placeholderData: (prev) => prev });
/** Silent: the permissions page shows a missing role itself. */
export const useRole = (id: number | undefined) =>
  useCall(rolesCalls.getRole, { id: id ?? 0 }, { enabled: !!id, silent: true, retry: false });
export const useSaveRole = () => useCallMutation(rolesCalls.saveRole, { silent: true });
export const useDeleteRole = () => useCallMutation(rolesCalls.deleteRole);

/** The catalogue never changes while the app runs. */
export const usePermissionCatalogue = () => useCall(rolesCalls.getPermissions, {}, { staleTime: Infinity });
export const useRolePermissions = (roleId: number | undefined) =>
  useCall(rolesCalls.getRolePermissions, { roleId: roleId ?? 0 }, { enabled: !!roleId, silent: true, retry: false });
export const useSaveRolePermission = () => useCallMutation(rolesCalls.saveRolePermission);
