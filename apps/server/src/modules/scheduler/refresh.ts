import type { Queryable } from '../../platform/db/types.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notifyRefreshTodayAppointments } from '../../platform/realtime/hub-events.js';

/**
 * Tells every screen of these branches to refetch today's appointments, as part of the change's transaction
 * (delivered on commit, dropped on rollback). Each branch once.
 */
export async function refreshBranches(hub: Hub, clinicId: number, branchIds: Iterable<number | null | undefined>, tx: Queryable) {
  for (const branchId of new Set(branchIds)) {
    if (branchId != null) await notifyRefreshTodayAppointments(hub, clinicId, branchId, tx);
  }
}
