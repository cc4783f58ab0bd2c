import { schedulerCalls } from '@dental/contract';
import { useCall } from '../../lib/query';

/**
 * One day's counts of the branch (Dashboard/GetDailySummary). The key starts with 'Dashboard', which the live
 * connection refreshes on RefreshTodayAppointments.
 */
export const useDailySummary = (date: string, branchId: number | undefined) =>
  useCall(schedulerCalls.getDailySummary, { date, branchId }, { placeholderData: (prev) => prev });
