import { describe, expect, it } from 'vitest';
import { newClinic, newPatient, testApp, api } from '../../../test/harness.js';
import { todayIn } from '../scheduler/clinic-time.js';
import { PATH, addCategory, addQuestion, clearQuestionnaire, expectOk } from './medical-test-helpers.js';

const t = await testApp();

type History = {
  categories: { nameFr: string | null; questions: { id: number; textFr: string | null }[] }[];
  alerts: { kind: string; id: number; nameAr: string; nameEn: string; nameFr: string | null; detailFr: string | null }[];
};

/** A date of birth `years` whole years before the clinic's today (Cairo), so the test holds at any hour. */
const bornYearsAgo = (years: number) => {
  const [y, m, d] = todayIn('Africa/Cairo').split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
};

describe('medical questions per language and limited by sex and age (issue 18)', () => {
  it('states an alert as its fact in each language, French falling back to English', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const cat = await addCategory(t, c, { nameAr: 'الحساسية', nameEn: 'Allergies', nameFr: 'Allergies (fr)' });
    const penicillin = await addQuestion(t, c, cat, {
      textAr: 'هل لديك حساسية من البنسلين؟',
      textEn: 'Are you allergic to penicillin?',
      textFr: 'Êtes-vous allergique à la pénicilline ?',
      alertAr: 'حساسية من البنسلين',
      alertEn: 'Allergic to penicillin',
      alertFr: 'Allergique à la pénicilline',
      isAlert: true,
    });
    const latex = await addQuestion(t, c, cat, {
      textAr: 'حساسية أخرى؟',
      textEn: 'Other allergies?',
      questionType: 'multi',
      options: [
        { ar: 'لاتكس', en: 'Latex', fr: 'Latex (fr)' },
        { ar: 'يود', en: 'Iodine' },
      ],
      isAlert: true,
    });
    const patientId = await newPatient(t, c);
    await expectOk(
      api(t, c.token).post(PATH.savePatientMedicalHistory, {
        patientId,
        status: 'MR2',
        answers: { [penicillin]: { answer: { yes: true } }, [latex]: { answer: { options: [0, 1] } } },
      }),
    );
    const body = await expectOk<History>(api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }));
    expect(body.categories[0]!.nameFr).toBe('Allergies (fr)');
    expect(body.categories[0]!.questions[0]!.textFr).toBe('Êtes-vous allergique à la pénicilline ?');
    expect(body.alerts).toEqual([
      expect.objectContaining({
        id: penicillin,
        nameAr: 'حساسية من البنسلين',
        nameEn: 'Allergic to penicillin',
        nameFr: 'Allergique à la pénicilline',
      }),
      expect.objectContaining({ id: latex, nameEn: 'Other allergies?', nameFr: 'Other allergies?', detailFr: 'Latex (fr), Iodine' }),
    ]);
  });

  it('asks a women-only 12-55 question of such women only, and requires it only of them', async () => {
    const c = await newClinic(t);
    await clearQuestionnaire(t, c);
    const cat = await addCategory(t, c);
    const pregnant = await addQuestion(t, c, cat, { sex: 'F', minAge: 12, maxAge: 55, answerRequired: true });
    const man = await newPatient(t, c, { gender: 'M', dateOfBirth: bornYearsAgo(30) });
    const woman = await newPatient(t, c, { gender: 'F', dateOfBirth: bornYearsAgo(30) });
    const girl = await newPatient(t, c, { gender: 'F', dateOfBirth: bornYearsAgo(11) });
    const unknown = await newPatient(t, c);
    const asked = async (patientId: number) =>
      (await expectOk<History>(api(t, c.token).get(PATH.getPatientMedicalHistory, { patientId }))).categories.flatMap(
        (k) => k.questions.map((q) => q.id),
      );
    expect(await asked(man)).toEqual([]);
    expect(await asked(girl)).toEqual([]);
    expect(await asked(woman)).toEqual([pregnant]);
    expect(await asked(unknown)).toEqual([pregnant]);
    // a man's record saves without the women's required answer; a woman's does not
    await expectOk(api(t, c.token).post(PATH.savePatientMedicalHistory, { patientId: man, status: 'MR2', answers: {} }));
    const res = await api(t, c.token).post(PATH.savePatientMedicalHistory, { patientId: woman, status: 'MR2', answers: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [`answers.${pregnant}`]: expect.any(String) });
  });

  it('refuses a sex or ages that cannot be (400, translated)', async () => {
    const c = await newClinic(t);
    const cat = await addCategory(t, c);
    for (const bad of [{ sex: 'X' }, { minAge: -1 }, { maxAge: 151 }, { minAge: 30, maxAge: 20 }, { minAge: 'ten' }]) {
      const res = await api(t, c.token).post(PATH.saveMedicalQuestion, {
        categoryId: cat,
        textAr: 'سؤال',
        textEn: 'Question',
        questionType: 'yesNo',
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("gives a new clinic's starter questionnaire in French, pregnancy limited to women", async () => {
    const c = await newClinic(t);
    const res = await expectOk<{ items: { textEn: string; textFr: string | null; alertFr: string | null; sex: string | null; categoryNameFr: string | null }[] }>(
      api(t, c.token).get(PATH.getMedicalQuestions, { pageSize: 100 }),
    );
    expect(res.items.every((q) => q.textFr && q.categoryNameFr)).toBe(true);
    const pregnant = res.items.find((q) => q.textEn === 'Are you pregnant?')!;
    expect(pregnant).toMatchObject({ textFr: 'Êtes-vous enceinte ?', alertFr: 'Enceinte', sex: 'F' });
  });
});
