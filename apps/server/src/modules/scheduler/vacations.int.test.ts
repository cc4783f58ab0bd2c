import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { PATH, expectError, expectOk, newDoctor, setUser } from './scheduler-test-kit.js';

const t = await testApp();

type Page = { items: Array<{ id: number; name: string; userId: number | null; userName: string | null }>; total: number };

describe('Cleander/SaveVacation, GetVacations, DeleteVacation', () => {
  it('adds a clinic holiday and a doctor’s leave, lists, edits and deletes them', async () => {
    const c = await newClinic(t);
    const doctor = await newDoctor(t, c, []);
    const holiday = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveVacation, { name: 'Eid', startDate: '2030-04-01', endDate: '2030-04-03', notes: 'closed' }),
    );
    const leave = await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveVacation, { userId: doctor.id, name: 'Annual leave', startDate: '2030-05-10', endDate: '2030-05-20' }),
    );
    const all = await expectOk<Page>(api(t, c.token).get(PATH.getVacations, {}));
    expect(all.total).toBe(2);
    // newest start first by default
    expect(all.items.map((v) => v.id)).toEqual([leave.id, holiday.id]);
    expect(all.items[0]).toMatchObject({ userId: doctor.id, startDate: '2030-05-10', endDate: '2030-05-20', notes: null });
    expect(all.items[0]!.userName).toMatch(/^u/);
    expect(all.items[1]).toMatchObject({ userId: null, userName: null, name: 'Eid', notes: 'closed' });

    await expectOk(api(t, c.token).post(PATH.saveVacation, { id: holiday.id, name: 'Eid al-Fitr', startDate: '2030-04-01', endDate: '2030-04-04' }));
    const one = await expectOk<Page>(api(t, c.token).get(PATH.getVacations, { kind: 'clinic' }));
    expect(one.items).toMatchObject([{ id: holiday.id, name: 'Eid al-Fitr', endDate: '2030-04-04', notes: null }]);
    expect(await expectOk(api(t, c.token).delete(PATH.deleteVacation, { id: holiday.id }))).toEqual({ ok: true });
    expect((await expectOk<Page>(api(t, c.token).get(PATH.getVacations, {}))).items.map((v) => v.id)).toEqual([leave.id]);
  });

  it('filters by period (overlap), user (with clinic holidays), kind and name; sorts and pages', async () => {
    const c = await newClinic(t);
    const doctor = await newDoctor(t, c, []);
    const post = (b: Record<string, unknown>) => expectOk<{ id: number }>(api(t, c.token).post(PATH.saveVacation, b));
    const a = await post({ name: 'Alpha holiday', startDate: '2030-01-01', endDate: '2030-01-02' });
    const m = await post({ name: 'Mid leave', userId: doctor.id, startDate: '2030-02-10', endDate: '2030-02-15' });
    const o = await post({ name: 'Owner leave', userId: c.ownerId, startDate: '2030-02-14', endDate: '2030-03-01' });
    const ids = async (q: Record<string, unknown>) => (await expectOk<Page>(api(t, c.token).get(PATH.getVacations, q))).items.map((v) => v.id);
    expect(await ids({ from: '2030-02-15', to: '2030-02-20' })).toEqual([o.id, m.id]);
    expect(await ids({ from: '2030-01-02', to: '2030-01-02' })).toEqual([a.id]);
    expect(await ids({ from: '2030-03-02' })).toEqual([]);
    expect(await ids({ userId: doctor.id, sortField: 'startDate', sortOrder: 'ascend' })).toEqual([a.id, m.id]);
    expect(await ids({ kind: 'users', sortField: 'name' })).toEqual([m.id, o.id]);
    expect(await ids({ search: 'LEAVE', sortField: 'name', sortOrder: 'descend' })).toEqual([o.id, m.id]);
    const page = await expectOk<Page & { page: number; pageSize: number }>(api(t, c.token).get(PATH.getVacations, { pageSize: 2, page: 2 }));
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((v) => v.id)).toEqual([a.id]);
  });

  it('refuses bad input (400): no name, an end before the start, a bad date, a bad kind', async () => {
    const c = await newClinic(t);
    const noName = await expectError(api(t, c.token).post(PATH.saveVacation, { startDate: '2030-01-05', endDate: '2030-01-06' }), 400, 'validation');
    expect(noName.errors).toEqual({ name: 'This field is required' });
    const res = await expectError(api(t, c.token).post(PATH.saveVacation, { name: 'x', startDate: '2030-01-05', endDate: '2030-01-01' }), 400, 'validation');
    expect(res.errors).toEqual({ endDate: 'The end date cannot be before the start date' });
    const bad = await expectError(api(t, c.token).post(PATH.saveVacation, { name: 'x', startDate: '2030-02-30', endDate: '2030-03-01' }), 400, 'validation');
    expect(bad.errors).toEqual({ startDate: 'Invalid value' });
    await expectError(api(t, c.token).get(PATH.getVacations, { kind: 'everyone' }), 400, 'validation');
  });

  it('needs settings_vacation_list to change (403) and a scheduler or vacation key to read', async () => {
    const c = await newClinic(t);
    const reader = await newUser(t, c, ['scheduler_view_mine'], 'RL4');
    const nobody = await newUser(t, c, ['patient_list'], 'RL4');
    await expectOk(api(t, reader).get(PATH.getVacations, {}));
    await expectError(api(t, nobody).get(PATH.getVacations, {}), 403, 'BS11');
    await expectError(api(t, reader).post(PATH.saveVacation, { name: 'x', startDate: '2030-01-01', endDate: '2030-01-01' }), 403, 'BS11');
    const { id } = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveVacation, { name: 'x', startDate: '2030-01-01', endDate: '2030-01-01' }));
    await expectError(api(t, reader).delete(PATH.deleteVacation, { id }), 403, 'BS11');
    // the key alone is not enough for a role below the secretariat (route rule)
    const doctorWithKey = await newUser(t, c, ['settings_vacation_list'], 'RL3');
    await expectError(api(t, doctorWithKey).delete(PATH.deleteVacation, { id }), 403, 'BS14');
  });

  it('is 404 for another clinic’s vacation or user, and for a deleted user', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await expectOk<{ id: number }>(api(t, other.token).post(PATH.saveVacation, { name: 'x', startDate: '2030-01-01', endDate: '2030-01-01' }));
    await expectError(api(t, c.token).post(PATH.saveVacation, { id: theirs.id, name: 'y', startDate: '2030-01-01', endDate: '2030-01-01' }), 404, 'vacation_not_found');
    await expectError(api(t, c.token).delete(PATH.deleteVacation, { id: theirs.id }), 404, 'vacation_not_found');
    await expectError(api(t, c.token).post(PATH.saveVacation, { userId: other.ownerId, name: 'y', startDate: '2030-01-01', endDate: '2030-01-01' }), 404, 'user_not_found');
    const doctor = await newDoctor(t, c, []);
    await setUser(t, c, doctor.id, { deletedAt: new Date() });
    await expectError(api(t, c.token).post(PATH.saveVacation, { userId: doctor.id, name: 'y', startDate: '2030-01-01', endDate: '2030-01-01' }), 404, 'user_not_found');
    expect((await expectOk<Page>(api(t, c.token).get(PATH.getVacations, {}))).total).toBe(0);
  });
});
