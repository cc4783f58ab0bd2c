import { schedulerCalls } from '@dental/contract';
import { useCall } from '../../lib/query';

/** Spec: the display is updated live; this read every minute is only the fallback when the live connection is down. */
export const DISPLAY_REFETCH_MS = 60_000;

/**
 * Today's appointments of the branch. The key starts with 'Cleander', so the live connection's
 * RefreshTodayAppointments event refreshes it at once.
 */
export const useTodayAppointments = (branchId: number | undefined) =>
  useCall(
    schedulerCalls.getTodayAppointments,
    { branchId },
    { refetchInterval: DISPLAY_REFETCH_MS, refetchIntervalInBackground: true },
  );
