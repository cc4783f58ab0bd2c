import { type UpdateWorkingDaysInput, sortedWeek, workingHoursSummary } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { userWorkingHours, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { assertMayActOn, findUser } from './user-guards.js';

/**
 * Replaces a user's working week (the schema already refused a start not before its end and overlapping shifts)
 * and keeps the "start,end" summary of the active user (spec §3 workingHours) in users.working_hours. The user's
 * row is locked first, so concurrent saves of one week take turns (the last one wins whole, never a mix).
 */
export async function updateWorkingDays(tx: Tx, session: ClinicSession, input: UpdateWorkingDaysInput) {
  const clinicId = session.clinicId;
  const target = await findUser(tx, clinicId, input.userId, true);
  assertMayActOn(session, target);
  const week = sortedWeek(input.days);
  await tx
    .delete(userWorkingHours)
    .where(and(eq(userWorkingHours.clinicId, clinicId), eq(userWorkingHours.userId, target.id)));
  const rows = week.flatMap((day) =>
    day.shifts.map((s) => ({
      clinicId,
      userId: target.id,
      dayOfWeek: day.dayOfWeek,
      startTime: s.start,
      endTime: s.end,
    })),
  );
  if (rows.length) await tx.insert(userWorkingHours).values(rows);
  await tx
    .update(users)
    .set({ workingHours: workingHoursSummary(week), updatedAt: new Date() })
    .where(and(eq(users.clinicId, clinicId), eq(users.id, target.id)));
  return { ok: true as const };
}
