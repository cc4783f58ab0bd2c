import type { GetVacationsInput, SaveVacationInput, VacationItem } from '@dental/contract';
import { type AnyColumn, type SQL, and, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { vacations } from './scheduler.table.js';

const SORT: Record<GetVacationsInput['sortField'] & string, AnyColumn | SQL> = {
  startDate: vacations.startDate,
  name: lowerOf(vacations.name),
  createdAt: vacations.createdAt,
};

const byId = (clinicId: number, id: number) => and(eq(vacations.clinicId, clinicId), eq(vacations.id, id));

/**
 * Clinic holidays and users' leave: search by name, the ones touching [from, to], one user's (with the clinic's
 * holidays, which are that user's days off too), or one kind. Sorted by start date (newest first) by default.
 */
export async function getVacations(tx: Tx, clinicId: number, input: GetVacationsInput) {
  const where = and(
    eq(vacations.clinicId, clinicId),
    searchIn(input.search, vacations.name),
    input.from ? gte(vacations.endDate, input.from) : undefined,
    input.to ? lte(vacations.startDate, input.to) : undefined,
    input.userId ? or(eq(vacations.userId, input.userId), isNull(vacations.userId)) : undefined,
    input.kind === 'clinic' ? isNull(vacations.userId) : input.kind === 'users' ? isNotNull(vacations.userId) : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select({ v: vacations, userName: users.displayName })
    .from(vacations)
    .leftJoin(users, and(eq(users.clinicId, vacations.clinicId), eq(users.id, vacations.userId)))
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'startDate'], input.sortOrder ?? (input.sortField ? 'ascend' : 'descend'), vacations.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map(
    (r): VacationItem => ({
      id: r.v.id,
      userId: r.v.userId,
      userName: r.userName,
      name: r.v.name,
      startDate: r.v.startDate,
      endDate: r.v.endDate,
      notes: r.v.notes,
      createdAt: r.v.createdAt.toISOString(),
    }),
  );
  return listResult(items, await tx.$count(vacations, where), input);
}

/** Adds (no id) or changes a vacation; its user must be one of the clinic's (not deleted) users. */
export async function saveVacation(tx: Tx, session: ClinicSession, input: SaveVacationInput) {
  const { clinicId } = session;
  if (input.id) {
    const [row] = await tx.select({ id: vacations.id }).from(vacations).where(byId(clinicId, input.id));
    if (!row) fail('vacation_not_found');
  }
  if (input.userId) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clinicId, clinicId), eq(users.id, input.userId), isNull(users.deletedAt)));
    if (!user) fail('user_not_found');
  }
  const values = {
    userId: input.userId ?? null,
    name: input.name,
    startDate: input.startDate,
    endDate: input.endDate,
    notes: input.notes || null,
  };
  if (input.id) {
    await tx.update(vacations).set({ ...values, updatedAt: new Date() }).where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(vacations)
    .values({ ...values, clinicId, createdBy: session.userId })
    .returning({ id: vacations.id });
  return { id: created!.id };
}

export async function deleteVacation(tx: Tx, clinicId: number, id: number) {
  const deleted = await tx.delete(vacations).where(byId(clinicId, id)).returning({ id: vacations.id });
  if (!deleted.length) fail('vacation_not_found');
  return { ok: true as const };
}
