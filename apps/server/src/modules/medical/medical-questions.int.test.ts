import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { medicalQuestions, patientMedicalAnswers } from './medical.table.js';
import { PATH, addCategory, addQuestion, clearQuestionnaire, expectDenied, expectOk } from './medical-test-helpers.js';

const t = await testApp();
const three = [
  { ar: 'أ', en: 'A' },
  { ar: 'ب', en: 'B' },
  { ar: 'ج', en: 'C' },
];

const rowsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(medicalQuestions).where(eq(medicalQuestions.clinicId, clinicId)).orderBy(asc(medicalQuestions.id)),
  );
const answersOf = (clinicId: number, questionId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select({ patientId: patientMedicalAnswers.patientId, answer: patientMedicalAnswers.answer })
      .from(patientMedicalAnswers)
      .where(and(eq(patientMedicalAnswers.clinicId, clinicId), eq(patientMedicalAnswers.questionId, questionId)))
      .orderBy(asc(patientMedicalAnswers.patientId)),
  );

describe('MedicalHistory/GetMedicalQuestions, SaveMedicalQuestion, DeleteMedicalQuestion', () => {
  it('creates, lists, updates and deletes a question of each type, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    await clearQuestionnaire(t, c);
    const cat = await addCategory(t, c, { nameAr: 'الحساسية', nameEn: 'Allergies' });
    const id = await addQuestion(t, c, cat, {
      textAr: 'حساسية من البنسلين؟',
      textEn: 'Penicillin allergy?',
      answerRequired: true,
      isAlert: true,
    });
    const list = await expectOk(api(t, c.token).get(PATH.getMedicalQuestions));
    expect(list).toEqual({
      items: [
        {
          id,
          categoryId: cat,
          categoryNameAr: 'الحساسية',
          categoryNameEn: 'Allergies',
          categoryNameFr: null,
          textAr: 'حساسية من البنسلين؟',
          textEn: 'Penicillin allergy?',
          textFr: null,
          alertAr: null,
          alertEn: null,
          alertFr: null,
          sex: null,
          minAge: null,
          maxAge: null,
          questionType: 'yesNo',
          options: [],
          answerRequired: true,
          showForPatient: true,
          isAlert: true,
          isActive: true,
          sortOrder: 0,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 30,
    });
    await expectOk(
      api(t, c.token).post(PATH.saveMedicalQuestion, {
        id,
        categoryId: cat,
        textAr: 'حساسية من؟',
        textEn: 'Allergic to?',
        questionType: 'multi',
        options: three,
        showForPatient: false,
        isActive: false,
        sortOrder: 7,
      }),
    );
    expect((await rowsOf(c.clinicId))[0]).toMatchObject({
      questionType: 'multi',
      options: three,
      answerRequired: false,
      showForPatient: false,
      isAlert: false,
      isActive: false,
      sortOrder: 7,
    });
    expect(await expectOk(api(t, c.token).delete(PATH.deleteMedicalQuestion, { id }))).toEqual({ ok: true });
    expect(await rowsOf(c.clinicId)).toEqual([]);
  });

  it('lists by category order then question order; filters by category, active state and text; sorts; pages', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const second = await addCategory(t, c, { sortOrder: 2 });
    const first = await addCategory(t, c, { sortOrder: 1 });
    await addQuestion(t, c, second, { textEn: 'Smoker?', textAr: 'مدخن؟', sortOrder: 1 });
    await addQuestion(t, c, first, { textEn: 'diabetes?', textAr: 'سكري؟', sortOrder: 2 });
    await addQuestion(t, c, first, { textEn: 'Asthma?', textAr: 'ربو؟', sortOrder: 1, isActive: false });
    const texts = async (query: Record<string, unknown>) => {
      const body = await expectOk<{ items: Array<{ textEn: string }>; total: number }>(
        api(t, c.token).get(PATH.getMedicalQuestions, query),
      );
      return { texts: body.items.map((i) => i.textEn), total: body.total };
    };
    expect(await texts({})).toEqual({ texts: ['Asthma?', 'diabetes?', 'Smoker?'], total: 3 });
    expect((await texts({ categoryId: first })).texts).toEqual(['Asthma?', 'diabetes?']);
    expect((await texts({ categoryId: first, activeOnly: true })).texts).toEqual(['diabetes?']);
    expect((await texts({ search: 'SMOK' })).texts).toEqual(['Smoker?']);
    expect((await texts({ search: 'سكري' })).texts).toEqual(['diabetes?']);
    expect((await texts({ sortField: 'textEn', sortOrder: 'descend' })).texts).toEqual([
      'Smoker?',
      'diabetes?',
      'Asthma?',
    ]);
    expect(await texts({ pageSize: 2, page: 2 })).toEqual({ texts: ['Smoker?'], total: 3 });
  });

  it('refuses a bad body with field messages (options by type) and changes nothing', async () => {
    const c = await newClinic(t);
    const before = await rowsOf(c.clinicId);
    const cat = before[0]!.categoryId;
    const missing = await api(t, c.token).post(PATH.saveMedicalQuestion, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      categoryId: 'This field is required',
      textAr: 'This field is required',
      textEn: 'This field is required',
      questionType: 'This field is required',
    });
    const base = { categoryId: cat, textAr: 'س', textEn: 'Q' };
    const one = await api(t, c.token).post(PATH.saveMedicalQuestion, {
      ...base,
      questionType: 'single',
      options: [three[0]],
    });
    expect(one.json().errors).toEqual({ options: 'Add at least two options to a choice question' });
    const yesNo = await api(t, c.token).post(PATH.saveMedicalQuestion, {
      ...base,
      questionType: 'yesNo',
      options: three,
    });
    expect(yesNo.json().errors).toEqual({ options: 'A yes/no question has no options' });
    const dup = await api(t, c.token).post(PATH.saveMedicalQuestion, {
      ...base,
      questionType: 'multi',
      options: [...three, { ar: 'د', en: 'a' }],
    });
    expect(dup.json().errors).toEqual({ 'options.3.en': 'Already exists' });
    const bad = await api(t, c.token).post(PATH.saveMedicalQuestion, {
      ...base,
      questionType: 'maybe',
      answerRequired: 'yes',
      options: [{ ar: '', en: 'x' }],
    });
    expect(bad.json().errors).toMatchObject({
      questionType: 'Invalid value',
      answerRequired: 'Invalid value',
      'options.0.ar': 'This field is required',
    });
    expect((await api(t, c.token).get(PATH.getMedicalQuestions, { categoryId: 'x' })).json().errors).toEqual({
      categoryId: 'Invalid value',
    });
    expect(await rowsOf(c.clinicId)).toEqual(before);
  });

  it('refuses a text another question of the category uses, in any case; other categories may repeat it', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const cat = await addCategory(t, c);
    const other = await addCategory(t, c);
    const id = await addQuestion(t, c, cat, { textAr: 'سكري؟', textEn: 'Diabetes?' });
    const dup = await api(t, c.token).post(PATH.saveMedicalQuestion, {
      categoryId: cat,
      textAr: 'جديد',
      textEn: 'DIABETES?',
      questionType: 'yesNo',
    });
    expect([dup.statusCode, dup.json().errors]).toEqual([409, { textEn: 'Already exists' }]);
    await addQuestion(t, c, other, { textAr: 'سكري؟', textEn: 'Diabetes?' });
    await expectOk(
      api(t, c.token).post(PATH.saveMedicalQuestion, {
        id,
        categoryId: cat,
        textAr: 'سكري؟',
        textEn: 'diabetes?',
        questionType: 'yesNo',
      }),
    );
  });

  it("keeps patients' answers valid when a question's type or options change", async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const cat = await addCategory(t, c);
    const p1 = await newPatient(t, c);
    const p2 = await newPatient(t, c);
    const multi = await addQuestion(t, c, cat, { questionType: 'multi', options: three });
    const single = await addQuestion(t, c, cat, { questionType: 'single', options: three });
    const answer = (patientId: number, questionId: number, a: unknown) =>
      expectOk(api(t, c.token).post(PATH.saveMedicalQuestionAnswer, { patientId, questionId, answer: a }));
    await answer(p1, multi, { options: [0, 2] });
    await answer(p2, multi, { options: [2] });
    await answer(p1, single, { option: 0 });
    await answer(p2, single, { option: 2 });
    const save = (id: number, body: Record<string, unknown>) =>
      expectOk(
        api(t, c.token).post(PATH.saveMedicalQuestion, {
          id,
          categoryId: cat,
          textAr: `س${id}`,
          textEn: `Q${id}`,
          ...body,
        }),
      );
    await save(multi, { questionType: 'multi', options: three.slice(0, 2) });
    expect(await answersOf(c.clinicId, multi)).toEqual([{ patientId: p1, answer: { options: [0] } }]);
    await save(single, { questionType: 'single', options: three.slice(0, 2) });
    expect(await answersOf(c.clinicId, single)).toEqual([{ patientId: p1, answer: { option: 0 } }]);
    await save(single, { questionType: 'single', options: [...three.slice(0, 2), { ar: 'د', en: 'D' }] });
    expect(await answersOf(c.clinicId, single)).toHaveLength(1);
    await save(single, { questionType: 'yesNo' });
    expect(await answersOf(c.clinicId, single)).toEqual([]);
  });

  it("deletes a question together with the patients' answers to it", async () => {
    const c = await newClinic(t);
    const q = (await rowsOf(c.clinicId))[0]!;
    const patientId = await newPatient(t, c);
    await expectOk(
      api(t, c.token).post(PATH.saveMedicalQuestionAnswer, { patientId, questionId: q.id, answer: { option: 1 } }),
    );
    await expectOk(api(t, c.token).delete(PATH.deleteMedicalQuestion, { id: q.id }));
    expect(await answersOf(c.clinicId, q.id)).toEqual([]);
  });

  it('needs the key of each call; patient users may read; only Secretariat roles write (BS14)', async () => {
    const c = await newClinic(t);
    const q = (await rowsOf(c.clinicId))[0]!;
    const body = { categoryId: q.categoryId, textAr: 'س', textEn: 'Q', questionType: 'yesNo' };
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(PATH.getMedicalQuestions));
    await expectDenied(api(t, none).post(PATH.saveMedicalQuestion, body));
    await expectDenied(api(t, none).delete(PATH.deleteMedicalQuestion, { id: q.id }));
    const editor = await newUser(t, c, ['settings_clinic_lookups_edit']);
    await expectDenied(api(t, editor).post(PATH.saveMedicalQuestion, body));
    const adder = await newUser(t, c, ['settings_clinic_lookups_add']);
    await expectDenied(api(t, adder).post(PATH.saveMedicalQuestion, { ...body, id: q.id }));
    const doctor = await newUser(
      t,
      c,
      ['patient_list', 'settings_clinic_lookups_add', 'settings_clinic_lookups_edit', 'settings_clinic_lookups_delete'],
      'RL3',
    );
    expect((await expectOk<{ total: number }>(api(t, doctor).get(PATH.getMedicalQuestions))).total).toBe(13);
    await expectDenied(api(t, doctor).post(PATH.saveMedicalQuestion, body), 'BS14');
    await expectDenied(api(t, doctor).delete(PATH.deleteMedicalQuestion, { id: q.id }), 'BS14');
    expect(await rowsOf(c.clinicId)).toHaveLength(13);
  });

  it("never lists, moves into, updates or deletes another clinic's question or category", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = (await rowsOf(other.clinicId))[0]!;
    const mine = (await rowsOf(c.clinicId))[0]!;
    const before = await rowsOf(other.clinicId);
    const listed = await expectOk<{ items: Array<{ id: number }> }>(
      api(t, c.token).get(PATH.getMedicalQuestions, { pageSize: 100 }),
    );
    expect(listed.items.some((i) => i.id === theirs.id)).toBe(false);
    expect((await api(t, c.token).get(PATH.getMedicalQuestions, { categoryId: theirs.categoryId })).json().total).toBe(
      0,
    );
    const body = { textAr: 'س', textEn: 'Q', questionType: 'yesNo' };
    expect(
      (await api(t, c.token).post(PATH.saveMedicalQuestion, { ...body, id: theirs.id, categoryId: mine.categoryId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(t, c.token).post(PATH.saveMedicalQuestion, { ...body, categoryId: theirs.categoryId })).statusCode,
    ).toBe(404);
    expect(
      (await api(t, c.token).post(PATH.saveMedicalQuestion, { ...body, id: mine.id, categoryId: theirs.categoryId }))
        .statusCode,
    ).toBe(404);
    const del = await api(t, c.token).delete(PATH.deleteMedicalQuestion, { id: theirs.id });
    expect([del.statusCode, del.json().code]).toEqual([404, 'not_found']);
    expect(await rowsOf(other.clinicId)).toEqual(before);
  });
});
