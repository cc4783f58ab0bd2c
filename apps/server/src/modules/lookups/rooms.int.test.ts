import { callPath, lookupsCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, setTier, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { rooms } from './lookups.table.js';

const t = await testApp();
const GET = callPath(lookupsCalls.getRooms);
const SAVE = callPath(lookupsCalls.saveRoom);
const DELETE = callPath(lookupsCalls.deleteRoom);
const ALL_KEYS = ['room_list', 'room_add', 'room_edit', 'room_delete'] as const;

/** The clinic's rooms straight from the database, to prove what a refused call left alone. */
const roomsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(rooms).where(eq(rooms.clinicId, clinicId)).orderBy(asc(rooms.id)),
  );

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addRoom(token: string, name: string, color = '#079ee4') {
  const res = await api(t, token).post(SAVE, { name, color });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Lookups/GetRooms, SaveRoom, DeleteRoom', () => {
  it('creates, lists, updates and deletes a room, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const id = await addRoom(c.token, '  Surgery  ', '#AABBCC');
    const list = (await api(t, c.token).get(GET)).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 30 });
    expect(list.items).toEqual([{ id, name: 'Surgery', color: '#aabbcc', createdAt: expect.any(String) }]);

    const updated = await api(t, c.token).post(SAVE, { id, name: 'Surgery 2', color: '#112233' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id });
    expect((await roomsOf(c.clinicId)).map((r) => [r.name, r.color])).toEqual([['Surgery 2', '#112233']]);

    const deleted = await api(t, c.token).delete(DELETE, { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await roomsOf(c.clinicId)).toEqual([]);
  });

  it('searches without case and with % and _ taken literally, sorts and pages', async () => {
    const c = await newClinic(t);
    for (const name of ['Alpha', 'beta', 'Gamma_1', '100% room', 'Delta']) await addRoom(c.token, name);
    const names = async (query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(GET, query);
      expect(res.statusCode, res.body).toBe(200);
      return { names: res.json().items.map((r: { name: string }) => r.name), total: res.json().total };
    };
    expect(await names({ search: 'ALP' })).toEqual({ names: ['Alpha'], total: 1 });
    expect(await names({ search: '_' })).toEqual({ names: ['Gamma_1'], total: 1 });
    expect(await names({ search: '%' })).toEqual({ names: ['100% room'], total: 1 });
    expect((await names({ sortField: 'name' })).names).toEqual(['100% room', 'Alpha', 'beta', 'Delta', 'Gamma_1']);
    expect((await names({ sortField: 'name', sortOrder: 'descend' })).names).toEqual([
      'Gamma_1',
      'Delta',
      'beta',
      'Alpha',
      '100% room',
    ]);
    expect((await names({ sortField: 'createdAt', sortOrder: 'descend' })).names).toEqual([
      'Delta',
      '100% room',
      'Gamma_1',
      'beta',
      'Alpha',
    ]);
    expect(await names({ sortField: 'name', page: 2, pageSize: 2 })).toEqual({ names: ['beta', 'Delta'], total: 5 });
    expect(await names({ page: 9 })).toEqual({ names: [], total: 5 });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const id = await addRoom(c.token, 'Main');
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { name: 'This field is required', color: 'This field is required' },
    });
    const bad = await api(t, c.token).post(SAVE, { id, name: ' ', color: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: 'This field is required', color: 'Invalid value' });
    const long = await api(t, c.token, { language: 'ar' }).post(SAVE, { name: 'x'.repeat(101), color: '#000000' });
    expect(long.json().errors).toEqual({ name: 'القيمة أطول من المسموح' });
    expect((await roomsOf(c.clinicId)).map((r) => [r.name, r.color])).toEqual([['Main', '#079ee4']]);

    const badQuery = await api(t, c.token).get(GET, { sortField: 'color', pageSize: 0 });
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys(badQuery.json().errors).sort()).toEqual(['pageSize', 'sortField']);
    const notNumber = await api(t, c.token).delete(DELETE, { id: 'abc' });
    expect(notNumber.statusCode).toBe(400);
    expect(Object.keys(notNumber.json().errors)).toEqual(['id']);
    expect((await api(t, c.token).delete(DELETE, {})).json().errors).toEqual({ id: 'This field is required' });
  });

  it('refuses a name another room of the clinic uses, in any case, and changes nothing', async () => {
    const c = await newClinic(t);
    const first = await addRoom(c.token, 'Surgery');
    const second = await addRoom(c.token, 'X-ray');
    const dup = await api(t, c.token).post(SAVE, { name: 'SURGERY', color: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'name_exists', message: 'Already exists', errors: { name: 'Already exists' } });
    const rename = await api(t, c.token).post(SAVE, { id: second, name: 'surgery', color: '#000000' });
    expect(rename.statusCode).toBe(409);
    expect((await roomsOf(c.clinicId)).map((r) => r.name)).toEqual(['Surgery', 'X-ray']);
    // a room may keep its own name (in another case), and another clinic may use the same name
    expect((await api(t, c.token).post(SAVE, { id: first, name: 'SURGERY', color: '#000000' })).statusCode).toBe(200);
    const other = await newClinic(t);
    await addRoom(other.token, 'Surgery');
  });

  it('needs the key of each call: list, add (no id), edit (id), delete', async () => {
    const c = await newClinic(t);
    const id = await addRoom(c.token, 'Main');
    const none = await newUser(t, c, ['patient_list']);
    await expectDenied(api(t, none).get(GET));
    const editor = await newUser(t, c, ['room_list', 'room_edit']);
    await expectDenied(api(t, editor).post(SAVE, { name: 'New', color: '#000000' }));
    await expectDenied(api(t, editor).delete(DELETE, { id }));
    expect((await api(t, editor).post(SAVE, { id, name: 'Renamed', color: '#000000' })).statusCode).toBe(200);
    const adder = await newUser(t, c, ['room_add']);
    await expectDenied(api(t, adder).post(SAVE, { id, name: 'Again', color: '#000000' }));
    expect((await api(t, adder).post(SAVE, { name: 'Second', color: '#000000' })).statusCode).toBe(200);
    const deleter = await newUser(t, c, ['room_delete']);
    expect((await api(t, deleter).delete(DELETE, { id })).statusCode).toBe(200);
    expect((await roomsOf(c.clinicId)).map((r) => r.name)).toEqual(['Second']);
    expect((await api(t).get(GET)).statusCode).toBe(401);
  });

  it('refuses a role outside the Secretariat rule even with every key (BS14)', async () => {
    const c = await newClinic(t);
    const id = await addRoom(c.token, 'Main');
    const doctor = await newUser(t, c, ALL_KEYS, 'RL3');
    await expectDenied(api(t, doctor).get(GET), 'BS14');
    await expectDenied(api(t, doctor).post(SAVE, { name: 'New', color: '#000000' }), 'BS14');
    await expectDenied(api(t, doctor).delete(DELETE, { id }), 'BS14');
    expect((await roomsOf(c.clinicId)).map((r) => r.name)).toEqual(['Main']);
    const secretary = await newUser(t, c, ALL_KEYS, 'RL4');
    expect((await api(t, secretary).get(GET)).statusCode).toBe(200);
  });

  it("never lists, updates or deletes another clinic's room", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addRoom(other.token, 'Theirs', '#123456');
    await setTier(t, c.clinicId, 'ST0');
    expect((await api(t, c.token).get(GET)).json()).toMatchObject({ items: [], total: 0 });
    const update = await api(t, c.token).post(SAVE, { id: theirs, name: 'Mine', color: '#000000' });
    expect(update.statusCode).toBe(404);
    expect(update.json().code).toBe('not_found');
    expect((await api(t, c.token).delete(DELETE, { id: theirs })).statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: 999_999 })).statusCode).toBe(404);
    expect((await roomsOf(other.clinicId)).map((r) => [r.id, r.name, r.color])).toEqual([
      [theirs, 'Theirs', '#123456'],
    ]);
    expect(await roomsOf(c.clinicId)).toEqual([]);
  });
});
