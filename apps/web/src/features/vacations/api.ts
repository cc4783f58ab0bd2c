import { type CallInput, roleSatisfiesRule, schedulerCalls, usersCalls } from '@dental/contract';
import { useMemo } from 'react';
import { userCan } from '../../lib/permissions';
import { useCall, useCallMutation } from '../../lib/query';
import { useSession } from '../../lib/session';

export const useVacations = (input: CallInput<typeof schedulerCalls.getVacations>) =>
  useCall(schedulerCalls.getVacations, input, { placeholderData: (prev) => prev });
export const useSaveVacation = () => useCallMutation(schedulerCalls.saveVacation, { silent: true });
export const useDeleteVacation = () => useCallMutation(schedulerCalls.deleteVacation);

export interface LeaveUser {
  id: number;
  name: string;
}

/**
 * Who may take leave, for the user picker and the user filter. A branch manager with user_list gets the clinic's
 * active users (the users module's GetUsersSearch, as /UsersList reads it); everyone else (the secretary, who may
 * not list users) gets the branch's doctors from the calendar settings: the people whose leave blocks appointments.
 */
export function useLeaveUsers(): { users: LeaveUser[]; loading: boolean } {
  const user = useSession()?.user;
  const listsUsers = !!user && userCan(user, 'user_list') && roleSatisfiesRule(user.userRole, 'BranchManager');
  const readsCalendar = !listsUsers && userCan(user, ['scheduler_view_all', 'scheduler_view_mine']);
  const all = useCall(
    usersCalls.getUsersSearch,
    { pageSize: 200, isActive: true, sortField: 'fullName', sortOrder: 'ascend' },
    { enabled: listsUsers, staleTime: 60_000 },
  );
  const calendar = useCall(schedulerCalls.getCalendarSettings, {}, { enabled: readsCalendar, staleTime: 60_000 });
  const users = useMemo<LeaveUser[]>(
    () =>
      listsUsers
        ? (all.data?.items ?? []).map((u) => ({ id: u.id, name: u.fullName }))
        : (calendar.data?.doctors ?? []).map((d) => ({ id: d.id, name: d.name })),
    [listsUsers, all.data, calendar.data],
  );
  return { users, loading: listsUsers ? all.isLoading : calendar.isLoading };
}
