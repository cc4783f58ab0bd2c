import { callPath, lookupsCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { clinicLookups } from './lookups.table.js';
import { DEFAULT_REFERENCES } from './lookups.seed.js';

const t = await testApp();
const GET = callPath(lookupsCalls.getClinicLookups);
const SAVE = callPath(lookupsCalls.saveClinicLookup);
const DELETE = callPath(lookupsCalls.deleteClinicLookup);
const OPTIONS = callPath(lookupsCalls.getRefrencesLookups);
const ALL_KEYS = [
  'settings_clinic_lookups_list',
  'settings_clinic_lookups_add',
  'settings_clinic_lookups_edit',
  'settings_clinic_lookups_delete',
] as const;

const rowsOf = (clinicId: number, groupName = 'Occupation') =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select()
      .from(clinicLookups)
      .where(and(eq(clinicLookups.clinicId, clinicId), eq(clinicLookups.groupName, groupName)))
      .orderBy(asc(clinicLookups.id)),
  );
const namesOf = async (clinicId: number, groupName?: string) =>
  (await rowsOf(clinicId, groupName)).map((r) => r.nameEn);

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addRow(token: string, body: Record<string, unknown>) {
  const res = await api(t, token).post(SAVE, { groupName: 'Occupation', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Lookups/GetClinicLookups, SaveClinicLookup, DeleteClinicLookup', () => {
  it('creates, lists, updates and deletes a row of a group, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const id = await addRow(c.token, { nameAr: 'مهندس', nameEn: 'Engineer' });
    const list = (await api(t, c.token).get(GET, { groupName: 'Occupation' })).json();
    expect(list).toEqual({
      items: [{ id, groupName: 'Occupation', nameAr: 'مهندس', nameEn: 'Engineer', nameFr: null, isActive: true, sortOrder: 0 }],
      total: 1,
      page: 1,
      pageSize: 30,
    });
    const saved = await api(t, c.token).post(SAVE, {
      id,
      groupName: 'Occupation',
      nameAr: 'مهندسة',
      nameEn: 'Engineer (f)',
      isActive: false,
      sortOrder: 4,
    });
    expect(saved.json()).toEqual({ id });
    expect((await rowsOf(c.clinicId))[0]).toMatchObject({
      nameAr: 'مهندسة',
      nameEn: 'Engineer (f)',
      isActive: false,
      sortOrder: 4,
    });
    expect((await api(t, c.token).delete(DELETE, { id })).json()).toEqual({ ok: true });
    expect(await rowsOf(c.clinicId)).toEqual([]);
  });

  it('lists one group only: searches either name, sorts (by sort order by default) and pages', async () => {
    const c = await newClinic(t);
    await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student', sortOrder: 3 });
    await addRow(c.token, { nameAr: 'معلم', nameEn: 'teacher', sortOrder: 1 });
    await addRow(c.token, { nameAr: 'محاسب', nameEn: 'Accountant', sortOrder: 2 });
    await addRow(c.token, { groupName: 'Nationality', nameAr: 'مصري', nameEn: 'Egyptian' });
    const names = async (query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(GET, { groupName: 'Occupation', ...query });
      expect(res.statusCode, res.body).toBe(200);
      return { names: res.json().items.map((r: { nameEn: string }) => r.nameEn), total: res.json().total };
    };
    expect(await names({})).toEqual({ names: ['teacher', 'Accountant', 'Student'], total: 3 });
    expect(await names({ search: 'TEACH' })).toEqual({ names: ['teacher'], total: 1 });
    expect(await names({ search: 'محا' })).toEqual({ names: ['Accountant'], total: 1 });
    expect(await names({ search: 'egypt' })).toEqual({ names: [], total: 0 });
    expect((await names({ sortField: 'nameEn' })).names).toEqual(['Accountant', 'Student', 'teacher']);
    expect(await names({ sortField: 'sortOrder', sortOrder: 'descend', pageSize: 2 })).toEqual({
      names: ['Student', 'Accountant'],
      total: 3,
    });
    expect(await names({ sortField: 'sortOrder', sortOrder: 'descend', pageSize: 2, page: 2 })).toEqual({
      names: ['teacher'],
      total: 3,
    });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student' });
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      groupName: 'This field is required',
      nameAr: 'This field is required',
      nameEn: 'This field is required',
    });
    const bad = await api(t, c.token).post(SAVE, { id, groupName: 'Planet', nameAr: 'x', nameEn: 'y', sortOrder: -1 });
    expect(bad.json().errors).toEqual({ groupName: 'Invalid value', sortOrder: 'Invalid value' });
    expect((await api(t, c.token).get(GET)).json().errors).toEqual({ groupName: 'This field is required' });
    expect((await api(t, c.token).get(OPTIONS, { groupName: 'Country' })).json().errors).toEqual({
      groupName: 'Invalid value',
    });
    expect(await namesOf(c.clinicId)).toEqual(['Student']);
  });

  it('refuses a name another row of the same group uses, in any case; other groups may repeat it', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student' });
    await addRow(c.token, { nameAr: 'معلم', nameEn: 'Teacher' });
    const dup = await api(t, c.token).post(SAVE, { groupName: 'Occupation', nameAr: 'جديد', nameEn: 'STUDENT' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'name_exists',
      message: 'Already exists',
      errors: { nameEn: 'Already exists' },
    });
    const rename = await api(t, c.token).post(SAVE, { id, groupName: 'Occupation', nameAr: 'معلم', nameEn: 'Teacher' });
    expect(rename.json().errors).toEqual({ nameAr: 'Already exists', nameEn: 'Already exists' });
    expect(await namesOf(c.clinicId)).toEqual(['Student', 'Teacher']);
    await addRow(c.token, { groupName: 'RelativeType', nameAr: 'طالب', nameEn: 'Student' });
  });

  it('updates a row only through its own group', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student' });
    const moved = await api(t, c.token).post(SAVE, { id, groupName: 'Nationality', nameAr: 'طالب', nameEn: 'Student' });
    expect(moved.statusCode).toBe(404);
    expect(await namesOf(c.clinicId)).toEqual(['Student']);
  });

  it('needs the key of each call: list, add (no id), edit (id), delete', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student' });
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(GET, { groupName: 'Occupation' }));
    await expectDenied(api(t, none).delete(DELETE, { id }));
    const editor = await newUser(t, c, ['settings_clinic_lookups_edit']);
    await expectDenied(api(t, editor).post(SAVE, { groupName: 'Occupation', nameAr: 'أ', nameEn: 'A' }));
    expect(
      (await api(t, editor).post(SAVE, { id, groupName: 'Occupation', nameAr: 'طالبة', nameEn: 'Student (f)' }))
        .statusCode,
    ).toBe(200);
    const adder = await newUser(t, c, ['settings_clinic_lookups_add']);
    await expectDenied(api(t, adder).post(SAVE, { id, groupName: 'Occupation', nameAr: 'أ', nameEn: 'A' }));
    expect(await namesOf(c.clinicId)).toEqual(['Student (f)']);
  });

  it('refuses a role outside the Secretariat rule even with every key (BS14)', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { nameAr: 'طالب', nameEn: 'Student' });
    const doctor = await newUser(t, c, ALL_KEYS, 'RL3');
    await expectDenied(api(t, doctor).get(GET, { groupName: 'Occupation' }), 'BS14');
    await expectDenied(api(t, doctor).post(SAVE, { groupName: 'Occupation', nameAr: 'أ', nameEn: 'A' }), 'BS14');
    await expectDenied(api(t, doctor).delete(DELETE, { id }), 'BS14');
    expect(await namesOf(c.clinicId)).toEqual(['Student']);
  });

  it("never lists, updates or deletes another clinic's row", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addRow(other.token, { nameAr: 'طالب', nameEn: 'Student' });
    const before = await rowsOf(other.clinicId);
    expect((await api(t, c.token).get(GET, { groupName: 'Occupation' })).json().total).toBe(0);
    expect(
      (await api(t, c.token).post(SAVE, { id: theirs, groupName: 'Occupation', nameAr: 'أ', nameEn: 'A' })).statusCode,
    ).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: theirs })).json().code).toBe('not_found');
    expect(await rowsOf(other.clinicId)).toEqual(before);
  });
});

describe('Lookups/GetRefrencesLookups', () => {
  it("gives a new clinic's patient forms the default references, active ones only, in display order", async () => {
    const c = await newClinic(t);
    const res = await api(t, c.token).get(OPTIONS);
    expect(res.statusCode).toBe(200);
    const items: Array<{ id: number; nameAr: string; nameEn: string; nameFr: string | null }> = res.json().items;
    expect(items.map(({ nameAr, nameEn, nameFr }) => ({ nameAr, nameEn, nameFr }))).toEqual(DEFAULT_REFERENCES);
    const [first] = items;
    await api(t, c.token).post(SAVE, {
      id: first!.id,
      groupName: 'PatientReference',
      nameAr: first!.nameAr,
      nameEn: first!.nameEn,
      isActive: false,
    });
    expect((await api(t, c.token).get(OPTIONS)).json().items).toEqual(items.slice(1));
  });

  it('serves any clinic group by groupName', async () => {
    const c = await newClinic(t);
    const id = await addRow(c.token, { groupName: 'Nationality', nameAr: 'مصري', nameEn: 'Egyptian' });
    expect((await api(t, c.token).get(OPTIONS, { groupName: 'Nationality' })).json()).toEqual({
      items: [{ id, nameAr: 'مصري', nameEn: 'Egyptian', nameFr: null }],
    });
  });

  it('opens to patient users of any role, refuses others, and shows only the own clinic', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await addRow(other.token, { groupName: 'PatientReference', nameAr: 'راديو', nameEn: 'Radio' });
    for (const key of ['patient_add', 'patient_edit', 'patient_list'] as const) {
      const doctor = await newUser(t, c, [key], 'RL3');
      expect((await api(t, doctor).get(OPTIONS)).json().items).toHaveLength(DEFAULT_REFERENCES.length);
    }
    await expectDenied(api(t, await newUser(t, c, ['room_list'])).get(OPTIONS));
  });
});
