import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { medicalCategories } from './medical.table.js';
import { PATH, addCategory, addQuestion, clearQuestionnaire, expectDenied, expectOk } from './medical-test-helpers.js';

const t = await testApp();
const ALL_KEYS = [
  'settings_clinic_lookups_list',
  'settings_clinic_lookups_add',
  'settings_clinic_lookups_edit',
  'settings_clinic_lookups_delete',
] as const;

const rowsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select()
      .from(medicalCategories)
      .where(eq(medicalCategories.clinicId, clinicId))
      .orderBy(asc(medicalCategories.id)),
  );
const namesOf = async (clinicId: number) => (await rowsOf(clinicId)).map((r) => r.nameEn);

describe('MedicalHistory/GetMedicalCategories, SaveMedicalCategory, DeleteMedicalCategory', () => {
  it('creates, lists, updates and deletes a category, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    await clearQuestionnaire(t, c);
    const id = await addCategory(t, c, { nameAr: 'الأسنان', nameEn: 'Teeth', sortOrder: 2 });
    expect(await expectOk(api(t, c.token).get(PATH.getMedicalCategories))).toEqual({
      items: [{ id, nameAr: 'الأسنان', nameEn: 'Teeth', nameFr: null, sortOrder: 2, questionCount: 0 }],
      total: 1,
      page: 1,
      pageSize: 30,
    });
    expect(
      await expectOk(
        api(t, c.token).post(PATH.saveMedicalCategory, { id, nameAr: 'اللثة', nameEn: 'Gums', sortOrder: 5 }),
      ),
    ).toEqual({ id });
    expect((await rowsOf(c.clinicId))[0]).toMatchObject({ nameAr: 'اللثة', nameEn: 'Gums', sortOrder: 5 });
    expect(await expectOk(api(t, c.token).delete(PATH.deleteMedicalCategory, { id }))).toEqual({ ok: true });
    expect(await rowsOf(c.clinicId)).toEqual([]);
  });

  it('searches either name, sorts by order by default, pages and counts questions', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const b = await addCategory(t, c, { nameAr: 'القلب', nameEn: 'heart', sortOrder: 2 });
    await addCategory(t, c, { nameAr: 'الحساسية', nameEn: 'Allergies', sortOrder: 1 });
    await addCategory(t, c, { nameAr: 'عام', nameEn: 'General', sortOrder: 3 });
    await addQuestion(t, c, b);
    await addQuestion(t, c, b, { isActive: false });
    const list = async (query: Record<string, unknown>) => {
      const body = await expectOk<{ items: Array<{ nameEn: string; questionCount: number }>; total: number }>(
        api(t, c.token).get(PATH.getMedicalCategories, query),
      );
      return {
        names: body.items.map((i) => i.nameEn),
        total: body.total,
        counts: body.items.map((i) => i.questionCount),
      };
    };
    expect(await list({})).toEqual({ names: ['Allergies', 'heart', 'General'], total: 3, counts: [0, 2, 0] });
    expect((await list({ search: 'HEAR' })).names).toEqual(['heart']);
    expect((await list({ search: 'حساس' })).names).toEqual(['Allergies']);
    expect((await list({ sortField: 'nameEn', sortOrder: 'descend' })).names).toEqual([
      'heart',
      'General',
      'Allergies',
    ]);
    expect(await list({ pageSize: 2, page: 2 })).toMatchObject({ names: ['General'], total: 3 });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const before = await rowsOf(c.clinicId);
    const missing = await api(t, c.token).post(PATH.saveMedicalCategory, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ nameAr: 'This field is required', nameEn: 'This field is required' });
    const bad = await api(t, c.token).post(PATH.saveMedicalCategory, {
      nameAr: 'x',
      nameEn: 'y'.repeat(101),
      sortOrder: -1,
    });
    expect(bad.json().errors).toEqual({ nameEn: 'The value is too long', sortOrder: 'Invalid value' });
    expect((await api(t, c.token).get(PATH.getMedicalCategories, { sortField: 'color' })).statusCode).toBe(400);
    expect((await api(t, c.token).delete(PATH.deleteMedicalCategory, { id: 'abc' })).json().errors).toEqual({
      id: 'Invalid value',
    });
    expect(await rowsOf(c.clinicId)).toEqual(before);
  });

  it('refuses a name another category uses, in any case', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const id = await addCategory(t, c, { nameAr: 'القلب', nameEn: 'Heart' });
    await addCategory(t, c, { nameAr: 'الحساسية', nameEn: 'Allergies' });
    const dup = await api(t, c.token).post(PATH.saveMedicalCategory, { nameAr: 'جديد', nameEn: 'HEART' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'name_exists',
      message: 'Already exists',
      errors: { nameEn: 'Already exists' },
    });
    const rename = await api(t, c.token).post(PATH.saveMedicalCategory, {
      id,
      nameAr: 'الحساسية',
      nameEn: 'allergies',
    });
    expect(rename.json().errors).toEqual({ nameAr: 'Already exists', nameEn: 'Already exists' });
    expect(await namesOf(c.clinicId)).toEqual(['Heart', 'Allergies']);
    expect(
      (await api(t, c.token).post(PATH.saveMedicalCategory, { id, nameAr: 'القلب', nameEn: 'heart' })).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a category that has questions (spec §5), in the request language', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const id = await addCategory(t, c);
    const q = await addQuestion(t, c, id, { isActive: false });
    const res = await api(t, c.token).delete(PATH.deleteMedicalCategory, { id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'cannot_delete_medical_category',
      message: "Can't delete a medical category that has questions; delete or move its questions first",
    });
    const ar = await api(t, c.token, { language: 'ar' }).delete(PATH.deleteMedicalCategory, { id });
    expect(ar.json().message).toMatch(/لا يمكن حذف فئة طبية/);
    expect(await rowsOf(c.clinicId)).toHaveLength(1);
    await expectOk(api(t, c.token).delete(PATH.deleteMedicalQuestion, { id: q }));
    await expectOk(api(t, c.token).delete(PATH.deleteMedicalCategory, { id }));
  });

  it('needs the key of each call: list, add (no id), edit (id), delete', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const id = await addCategory(t, c, { nameAr: 'القلب', nameEn: 'Heart' });
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(PATH.getMedicalCategories));
    await expectDenied(api(t, none).delete(PATH.deleteMedicalCategory, { id }));
    const editor = await newUser(t, c, ['settings_clinic_lookups_edit']);
    await expectDenied(api(t, editor).post(PATH.saveMedicalCategory, { nameAr: 'أ', nameEn: 'A' }));
    await expectOk(api(t, editor).post(PATH.saveMedicalCategory, { id, nameAr: 'قلب', nameEn: 'Hearts' }));
    const adder = await newUser(t, c, ['settings_clinic_lookups_add']);
    await expectDenied(api(t, adder).post(PATH.saveMedicalCategory, { id, nameAr: 'أ', nameEn: 'A' }));
    await expectDenied(api(t, adder).delete(PATH.deleteMedicalCategory, { id }));
    expect(await namesOf(c.clinicId)).toEqual(['Hearts']);
  });

  it('lets patient users of any role read the categories, but only Secretariat roles write them (BS14)', async () => {
    const c = await newClinic(t);
    const id = (await rowsOf(c.clinicId))[0]!.id;
    const doctor = await newUser(t, c, ['patient_list', ...ALL_KEYS], 'RL3');
    expect((await expectOk<{ total: number }>(api(t, doctor).get(PATH.getMedicalCategories))).total).toBe(4);
    await expectDenied(api(t, doctor).post(PATH.saveMedicalCategory, { nameAr: 'أ', nameEn: 'A' }), 'BS14');
    await expectDenied(api(t, doctor).post(PATH.saveMedicalCategory, { id, nameAr: 'أ', nameEn: 'A' }), 'BS14');
    await expectDenied(api(t, doctor).delete(PATH.deleteMedicalCategory, { id }), 'BS14');
    expect(await rowsOf(c.clinicId)).toHaveLength(4);
  });

  it("never lists, updates or deletes another clinic's category", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await clearQuestionnaire(t, c);
    await clearQuestionnaire(t, other);
    const theirs = await addCategory(t, other, { nameAr: 'القلب', nameEn: 'Heart' });
    const before = await rowsOf(other.clinicId);
    expect((await expectOk<{ total: number }>(api(t, c.token).get(PATH.getMedicalCategories))).total).toBe(0);
    const update = await api(t, c.token).post(PATH.saveMedicalCategory, { id: theirs, nameAr: 'أ', nameEn: 'A' });
    expect(update.statusCode).toBe(404);
    const del = await api(t, c.token).delete(PATH.deleteMedicalCategory, { id: theirs });
    expect([del.statusCode, del.json().code]).toEqual([404, 'not_found']);
    expect(await rowsOf(other.clinicId)).toEqual(before);
    // the same names are free in another clinic
    await addCategory(t, c, { nameAr: 'القلب', nameEn: 'Heart' });
    expect(
      await withTenant(t.database.db, other.clinicId, (tx) =>
        tx.$count(medicalCategories, and(eq(medicalCategories.clinicId, other.clinicId))),
      ),
    ).toBe(1);
  });
});
