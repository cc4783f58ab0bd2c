import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from '../patients/index.js';
import { patientMedicalAnswers, patientMedicalHistory } from './medical.table.js';
import { PATH, addCategory, addQuestion, clearQuestionnaire, expectDenied, expectOk } from './medical-test-helpers.js';

const t = await testApp();
const two = [
  { ar: 'لاتكس', en: 'Latex' },
  { ar: 'يود', en: 'Iodine' },
];

/** A clinic with a small questionnaire: yes/no required alert, single, multi alert, and one inactive required. */
async function setup(c?: TestClinic) {
  c ??= await newClinic(t);
  await clearQuestionnaire(t, c);
  const general = await addCategory(t, c, { nameAr: 'عام', nameEn: 'General', sortOrder: 1 });
  const allergies = await addCategory(t, c, { nameAr: 'الحساسية', nameEn: 'Allergies', sortOrder: 2 });
  await addCategory(t, c, { nameAr: 'فارغة', nameEn: 'Empty', sortOrder: 3 });
  const penicillin = await addQuestion(t, c, allergies, {
    textAr: 'حساسية البنسلين؟',
    textEn: 'Penicillin allergy?',
    answerRequired: true,
    isAlert: true,
    sortOrder: 1,
  });
  const others = await addQuestion(t, c, allergies, {
    textAr: 'حساسية أخرى؟',
    textEn: 'Other allergies?',
    questionType: 'multi',
    options: two,
    isAlert: true,
    sortOrder: 2,
  });
  const health = await addQuestion(t, c, general, {
    textAr: 'صحتك؟',
    textEn: 'Your health?',
    questionType: 'single',
    options: [
      { ar: 'جيدة', en: 'Good' },
      { ar: 'ضعيفة', en: 'Poor' },
    ],
  });
  const retired = await addQuestion(t, c, general, { answerRequired: true, isActive: false });
  const patientId = await newPatient(t, c);
  return { c, patientId, q: { penicillin, others, health, retired } };
}

const answersOf = (clinicId: number, patientId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select({
        questionId: patientMedicalAnswers.questionId,
        answer: patientMedicalAnswers.answer,
        note: patientMedicalAnswers.note,
      })
      .from(patientMedicalAnswers)
      .where(and(eq(patientMedicalAnswers.clinicId, clinicId), eq(patientMedicalAnswers.patientId, patientId))),
  );
const recordOf = async (clinicId: number, patientId: number) =>
  (
    await withTenant(t.database.db, clinicId, (tx) =>
      tx
        .select()
        .from(patientMedicalHistory)
        .where(and(eq(patientMedicalHistory.clinicId, clinicId), eq(patientMedicalHistory.patientId, patientId))),
    )
  )[0];

describe('Patient/GetPatientMedicalHistory', () => {
  it("gives a new patient's empty record: To Do, the active questions by category, no answers or alerts", async () => {
    const { c, patientId, q } = await setup();
    const body = await expectOk(api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }));
    expect(body).toEqual({
      patientId,
      status: 'MR1',
      notes: null,
      updatedAt: null,
      categories: [
        {
          id: expect.any(Number),
          nameAr: 'عام',
          nameEn: 'General',
          nameFr: null,
          questions: [expect.objectContaining({ id: q.health, questionType: 'single', answer: null, note: null })],
        },
        {
          id: expect.any(Number),
          nameAr: 'الحساسية',
          nameEn: 'Allergies',
          nameFr: null,
          questions: [
            {
              id: q.penicillin,
              textAr: 'حساسية البنسلين؟',
              textEn: 'Penicillin allergy?',
              textFr: null,
              sex: null,
              minAge: null,
              maxAge: null,
              questionType: 'yesNo',
              options: [],
              answerRequired: true,
              showForPatient: true,
              isAlert: true,
              answer: null,
              note: null,
            },
            expect.objectContaining({ id: q.others, options: two }),
          ],
        },
      ],
      diseases: [],
      drugs: [],
      alerts: [],
    });
  });

  it('lists as alerts the alert questions answered Yes or with options, then alert diseases and drugs', async () => {
    const { c, patientId, q } = await setup();
    await expectOk(
      api(t, c.token).post(PATH.savePatientMedicalHistory, {
        patientId,
        status: 'MR3',
        notes: 'Check before extraction',
        answers: {
          [q.penicillin]: { answer: { yes: true }, note: 'rash in 2019' },
          [q.others]: { answer: { options: [1, 0] } },
          [q.health]: { answer: { option: 1 } },
        },
      }),
    );
    await expectOk(
      api(t, c.token).post(PATH.saveDieases, { patientId, name: 'Asthma', isAlert: true, notes: 'inhaler' }),
    );
    await expectOk(api(t, c.token).post(PATH.saveDieases, { patientId, name: 'Migraine' }));
    await expectOk(
      api(t, c.token).post(PATH.saveProductDieases, {
        patientId,
        productName: 'Warfarin',
        dosage: '5 mg',
        isAlert: true,
      }),
    );
    const body = await expectOk<{
      alerts: unknown[];
      status: string;
      notes: string;
      updatedAt: string;
      categories: Array<{ questions: Array<{ answer: unknown; note: string | null }> }>;
    }>(api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }));
    expect(body).toMatchObject({ status: 'MR3', notes: 'Check before extraction', updatedAt: expect.any(String) });
    expect(body.categories[1]!.questions.map((x) => [x.answer, x.note])).toEqual([
      [{ yes: true }, 'rash in 2019'],
      [{ options: [0, 1] }, null],
    ]);
    expect(body.alerts).toEqual([
      {
        kind: 'question',
        id: q.penicillin,
        nameAr: 'حساسية البنسلين؟',
        nameEn: 'Penicillin allergy?',
        nameFr: 'Penicillin allergy?',
        detailAr: null,
        detailEn: null,
        detailFr: null,
        note: 'rash in 2019',
      },
      {
        kind: 'question',
        id: q.others,
        nameAr: 'حساسية أخرى؟',
        nameEn: 'Other allergies?',
        nameFr: 'Other allergies?',
        detailAr: 'لاتكس، يود',
        detailEn: 'Latex, Iodine',
        detailFr: 'Latex, Iodine',
        note: null,
      },
      {
        kind: 'disease',
        id: expect.any(Number),
        nameAr: 'Asthma',
        nameEn: 'Asthma',
        nameFr: 'Asthma',
        detailAr: null,
        detailEn: null,
        detailFr: null,
        note: 'inhaler',
      },
      {
        kind: 'drug',
        id: expect.any(Number),
        nameAr: 'Warfarin',
        nameEn: 'Warfarin',
        nameFr: 'Warfarin',
        detailAr: '5 mg',
        detailEn: '5 mg',
        detailFr: '5 mg',
        note: null,
      },
    ]);
    // answering No removes the question's alert
    await expectOk(
      api(t, c.token).post(PATH.saveMedicalQuestionAnswer, {
        patientId,
        questionId: q.penicillin,
        answer: { yes: false },
      }),
    );
    const after = await expectOk<{ alerts: Array<{ kind: string; id: number }> }>(
      api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }),
    );
    expect(after.alerts.map((a) => a.kind)).toEqual(['question', 'disease', 'drug']);
  });

  it('is read with patient_list by any role, refused without it', async () => {
    const { c, patientId } = await setup();
    const assistant = await newUser(t, c, ['patient_list'], 'RL5');
    await expectOk(api(t, assistant).get(PATH.getPatientMedicalHistory, { patientId }));
    await expectDenied(api(t, await newUser(t, c, ['patient_edit'])).get(PATH.getPatientMedicalHistory, { patientId }));
  });

  it("refuses a bad id, another clinic's patient and a deleted patient (404)", async () => {
    const { c, patientId } = await setup();
    const other = await newClinic(t);
    const theirs = await newPatient(t, other);
    expect((await api(t, c.token).get(PATH.getPatientMedicalHistory, {})).json().errors).toEqual({
      patientId: 'This field is required',
    });
    const res = await api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId: theirs });
    expect([res.statusCode, res.json().code]).toEqual([404, 'patient_not_found']);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .update(patients)
        .set({ deletedAt: new Date() })
        .where(and(eq(patients.clinicId, c.clinicId), eq(patients.id, patientId))),
    );
    expect((await api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId })).statusCode).toBe(404);
  });
});

describe('Patient/SavePatientMedicalHistory', () => {
  it('saves status, notes and answers at once; keeps answers not named; a null answer clears one', async () => {
    const { c, patientId, q } = await setup();
    await expectOk(
      api(t, c.token).post(PATH.savePatientMedicalHistory, {
        patientId,
        status: 'MR2',
        answers: { [q.penicillin]: { answer: { yes: false } }, [q.health]: { answer: { option: 0 }, note: ' fine ' } },
      }),
    );
    expect(await recordOf(c.clinicId, patientId)).toMatchObject({ status: 'MR2', notes: null, updatedBy: c.ownerId });
    expect(await answersOf(c.clinicId, patientId)).toEqual(
      expect.arrayContaining([
        { questionId: q.penicillin, answer: { yes: false }, note: null },
        { questionId: q.health, answer: { option: 0 }, note: 'fine' },
      ]),
    );
    await expectOk(
      api(t, c.token).post(PATH.savePatientMedicalHistory, {
        patientId,
        status: 'MR4',
        notes: 'done',
        answers: { [q.health]: { answer: null }, [q.others]: { answer: { options: [] } } },
      }),
    );
    expect(await recordOf(c.clinicId, patientId)).toMatchObject({ status: 'MR4', notes: 'done' });
    expect(await answersOf(c.clinicId, patientId)).toEqual([
      { questionId: q.penicillin, answer: { yes: false }, note: null },
    ]);
  });

  it('refuses unanswered required questions and answers that do not fit, per question, saving nothing', async () => {
    const { c, patientId, q } = await setup();
    const res = await api(t, c.token).post(PATH.savePatientMedicalHistory, {
      patientId,
      status: 'MR2',
      notes: 'x',
      answers: { [q.health]: { answer: { option: 5 } }, [q.others]: { answer: { yes: true } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: {
        [`answers.${q.health}`]: 'Invalid value',
        [`answers.${q.others}`]: 'Invalid value',
        [`answers.${q.penicillin}`]: 'An answer is required',
      },
    });
    const ar = await api(t, c.token, { language: 'ar' }).post(PATH.savePatientMedicalHistory, {
      patientId,
      status: 'MR2',
      answers: { [q.penicillin]: { answer: null } },
    });
    expect(ar.json().errors).toEqual({ [`answers.${q.penicillin}`]: 'الإجابة مطلوبة' });
    const shape = await api(t, c.token).post(PATH.savePatientMedicalHistory, {
      patientId,
      status: 'MR7',
      answers: { [q.health]: { answer: { maybe: 1 } }, abc: { answer: null } },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toMatchObject({
      status: 'Invalid value',
      [`answers.${q.health}.answer`]: 'Invalid value',
    });
    expect(await recordOf(c.clinicId, patientId)).toBeUndefined();
    expect(await answersOf(c.clinicId, patientId)).toEqual([]);
  });

  it('counts a required question answered earlier as answered', async () => {
    const { c, patientId, q } = await setup();
    await expectOk(
      api(t, c.token).post(PATH.saveMedicalQuestionAnswer, {
        patientId,
        questionId: q.penicillin,
        answer: { yes: true },
      }),
    );
    await expectOk(api(t, c.token).post(PATH.savePatientMedicalHistory, { patientId, status: 'MR3' }));
  });

  it('is written with patient_edit or patient_procedures, refused otherwise', async () => {
    const { c, patientId, q } = await setup();
    const body = { patientId, status: 'MR2', answers: { [q.penicillin]: { answer: { yes: true } } } };
    await expectOk(
      api(t, await newUser(t, c, ['patient_procedures'], 'RL5')).post(PATH.savePatientMedicalHistory, body),
    );
    await expectOk(
      api(t, await newUser(t, c, ['patient_edit'], 'RL3')).post(PATH.savePatientMedicalHistory, {
        ...body,
        status: 'MR3',
      }),
    );
    await expectDenied(
      api(t, await newUser(t, c, ['patient_list'])).post(PATH.savePatientMedicalHistory, { ...body, status: 'MR4' }),
    );
    expect((await recordOf(c.clinicId, patientId))!.status).toBe('MR3');
  });

  it("refuses another clinic's patient or question (404) and changes nothing there", async () => {
    const { c, patientId } = await setup();
    const o = await setup();
    const body = { status: 'MR2', answers: { [o.q.penicillin]: { answer: { yes: true } } } };
    const res = await api(t, c.token).post(PATH.savePatientMedicalHistory, { patientId: o.patientId, ...body });
    expect([res.statusCode, res.json().code]).toEqual([404, 'patient_not_found']);
    const q = await api(t, c.token).post(PATH.savePatientMedicalHistory, { patientId, ...body });
    expect([q.statusCode, q.json().code]).toEqual([404, 'not_found']);
    expect(await recordOf(o.c.clinicId, o.patientId)).toBeUndefined();
    expect(await answersOf(o.c.clinicId, o.patientId)).toEqual([]);
    expect(await recordOf(c.clinicId, patientId)).toBeUndefined();
  });
});

describe('MedicalHistory/SaveMedicalQuestionAnswer', () => {
  it('saves, replaces and clears one answer with its note', async () => {
    const { c, patientId, q } = await setup();
    const save = (body: Record<string, unknown>) =>
      expectOk(api(t, c.token).post(PATH.saveMedicalQuestionAnswer, { patientId, ...body }));
    expect(await save({ questionId: q.others, answer: { options: [1] }, note: 'since childhood' })).toEqual({
      ok: true,
    });
    await save({ questionId: q.health, answer: { option: 1 } });
    await save({ questionId: q.health, answer: { option: 0 } });
    expect(await answersOf(c.clinicId, patientId)).toEqual(
      expect.arrayContaining([
        { questionId: q.others, answer: { options: [1] }, note: 'since childhood' },
        { questionId: q.health, answer: { option: 0 }, note: null },
      ]),
    );
    await save({ questionId: q.others, answer: null });
    await save({ questionId: q.retired, answer: null }); // an inactive question is no longer required
    expect(await answersOf(c.clinicId, patientId)).toEqual([
      { questionId: q.health, answer: { option: 0 }, note: null },
    ]);
  });

  it('refuses an answer that does not fit, clearing a required one, and a bad body', async () => {
    const { c, patientId, q } = await setup();
    const post = (body: Record<string, unknown>) =>
      api(t, c.token).post(PATH.saveMedicalQuestionAnswer, { patientId, ...body });
    expect((await post({ questionId: q.health, answer: { yes: true } })).json().errors).toEqual({
      answer: 'Invalid value',
    });
    expect((await post({ questionId: q.others, answer: { options: [0, 9] } })).json().errors).toEqual({
      answer: 'Invalid value',
    });
    expect((await post({ questionId: q.penicillin, answer: null })).json().errors).toEqual({
      answer: 'An answer is required',
    });
    const bad = await post({ questionId: 'x', answer: 'yes', note: 'n'.repeat(501) });
    expect(bad.json().errors).toEqual({
      questionId: 'Invalid value',
      answer: 'Invalid value',
      note: 'The value is too long',
    });
    expect(await answersOf(c.clinicId, patientId)).toEqual([]);
  });

  it('needs patient_edit or patient_procedures', async () => {
    const { c, patientId, q } = await setup();
    const body = { patientId, questionId: q.penicillin, answer: { yes: true } };
    await expectDenied(
      api(t, await newUser(t, c, ['patient_list', 'settings_clinic_lookups_edit'])).post(
        PATH.saveMedicalQuestionAnswer,
        body,
      ),
    );
    await expectOk(
      api(t, await newUser(t, c, ['patient_procedures'], 'RL5')).post(PATH.saveMedicalQuestionAnswer, body),
    );
  });

  it("refuses another clinic's patient or question (404)", async () => {
    const { c, patientId, q } = await setup();
    const o = await setup();
    const theirPatient = await api(t, c.token).post(PATH.saveMedicalQuestionAnswer, {
      patientId: o.patientId,
      questionId: q.penicillin,
      answer: { yes: true },
    });
    expect([theirPatient.statusCode, theirPatient.json().code]).toEqual([404, 'patient_not_found']);
    const theirQuestion = await api(t, c.token).post(PATH.saveMedicalQuestionAnswer, {
      patientId,
      questionId: o.q.penicillin,
      answer: { yes: true },
    });
    expect([theirQuestion.statusCode, theirQuestion.json().code]).toEqual([404, 'not_found']);
    expect(await answersOf(o.c.clinicId, o.patientId)).toEqual([]);
  });
});
