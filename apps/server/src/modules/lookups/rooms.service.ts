import type { RoomItem, RoomListInput, RoomSortField, SaveRoomInput } from '@dental/contract';
import { type AnyColumn, type SQL, and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { rooms } from './lookups.table.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';

const SORT: Record<RoomSortField, AnyColumn | SQL> = { name: lowerOf(rooms.name), createdAt: rooms.createdAt };

const toItem = (row: typeof rooms.$inferSelect): RoomItem => ({
  id: row.id,
  name: row.name,
  color: row.color,
  createdAt: row.createdAt.toISOString(),
});

const byId = (clinicId: number, id: number) => and(eq(rooms.clinicId, clinicId), eq(rooms.id, id));
/** The clinic's rooms other than `id` (all of them for a new room): those a name must differ from. */
const othersThan = (clinicId: number, id?: number) =>
  and(eq(rooms.clinicId, clinicId), id ? ne(rooms.id, id) : undefined);

export async function listRooms(tx: Tx, clinicId: number, input: RoomListInput) {
  const where = and(eq(rooms.clinicId, clinicId), searchIn(input.search, rooms.name));
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select()
    .from(rooms)
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'name'], input.sortOrder, rooms.id))
    .limit(limit)
    .offset(offset);
  return listResult(rows.map(toItem), await tx.$count(rooms, where), input);
}

/** Creates the room when input.id is absent, else updates it; a name used by another room of the clinic is refused. */
export async function saveRoom(tx: Tx, clinicId: number, input: SaveRoomInput) {
  if (input.id) await findRoom(tx, clinicId, input.id);
  await assertNamesFree(tx, rooms, othersThan(clinicId, input.id), { name: [rooms.name, input.name] });
  const values = { name: input.name, color: input.color };
  if (input.id) {
    await tx
      .update(rooms)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(rooms)
    .values({ clinicId, ...values })
    .returning({ id: rooms.id });
  return { id: created!.id };
}

export async function deleteRoom(tx: Tx, clinicId: number, id: number) {
  const deleted = await tx.delete(rooms).where(byId(clinicId, id)).returning({ id: rooms.id });
  if (!deleted.length) fail('not_found');
  return { ok: true as const };
}

async function findRoom(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(rooms).where(byId(clinicId, id));
  return row ?? fail('not_found');
}
