import { type CallInput, authCalls, rolesCalls, usersCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof usersCalls> = CallInput<(typeof usersCalls)[K]>;

export const useUsersSearch = (input: In<'getUsersSearch'>) =>
  useCall(usersCalls.getUsersSearch, input, { placeholderData: (prev) => prev });
/** One user; without an id, the caller's own profile. A missing user shows as "not found" (no toast). */
export const useUser = (id?: number, enabled = true) =>
  useCall(usersCalls.getUser, { UserId: id }, { enabled, silent: true, retry: false });
export const useRegisterUser = () => useCallMutation(usersCalls.register, { silent: true });
export const useUpdateUser = () => useCallMutation(usersCalls.updateUser, { silent: true });
export const useUpdateUserBranch = () => useCallMutation(usersCalls.updateUserBranch, { silent: true });
export const useUpdateWorkingDays = () => useCallMutation(usersCalls.updateUserWorkingDays, { silent: true });
export const useDeleteUser = () => useCallMutation(usersCalls.deleteUser);
export const useChangePassword = () => useCallMutation(usersCalls.changePassword, { silent: true });
export const useUpdateLanguage = () => useCallMutation(usersCalls.updateUserLanguage);
export const useUpdateTheme = () => useCallMutation(usersCalls.updateUserTheme);
export const useUpdateToothNumbering = () => useCallMutation(usersCalls.updateUserToothNumbering);
export const useIssueResetCode = () => useCallMutation(authCalls.issueResetCode);

/** The clinic's roles for the role pickers (the roles module's list, default roles first). */
export const useRoles = () => useCall(rolesCalls.getRoles, { pageSize: 200 }, { staleTime: 60_000 });
/** Gives a user another role (the roles module's call); the user screens refresh too. */
export function useSaveUserRole() {
  const queryClient = useQueryClient();
  return useCallMutation(rolesCalls.saveUserRole, {
    silent: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [usersCalls.getUser.controller] }),
  });
}
/** The branches the caller works in (the owner: all of them), for the branch pickers. */
export const useMyBranches = () => useCall(authCalls.getClinicBranches, {}, { staleTime: 60_000 });
