import { describe, expect, it } from 'vitest';
import {
  type AnswerableQuestion,
  ageOn,
  answerFits,
  answerProblem,
  chosenOptions,
  isAlertAnswer,
  normalizeAnswer,
  optionsProblem,
  questionFits,
} from './medical-rules.js';
import { saveDrugInput, savePatientMedicalHistoryInput } from './medical-history.schemas.js';
import { saveMedicalQuestionInput } from './medical-questions.schemas.js';

const two = [
  { ar: 'أ', en: 'A' },
  { ar: 'ب', en: 'B' },
];
const q = (questionType: AnswerableQuestion['questionType'], answerRequired = false, options: unknown[] = []) => ({
  questionType,
  answerRequired,
  options: questionType === 'yesNo' ? [] : options.length ? options : two,
});

describe('medical answers', () => {
  it('requires an answer only when the question is marked so', () => {
    expect(answerProblem(q('yesNo', true), null)).toBe('answer_required');
    expect(answerProblem(q('yesNo', true), undefined)).toBe('answer_required');
    expect(answerProblem(q('yesNo', false), null)).toBeNull();
    expect(answerProblem(q('yesNo', true), { yes: false })).toBeNull();
    expect(answerProblem(q('single', true), { option: 0 })).toBeNull();
    expect(answerProblem(q('multi', true), { options: [1] })).toBeNull();
  });

  it('counts a multi choice with nothing chosen as no answer', () => {
    expect(answerProblem(q('multi', true), { options: [] })).toBe('answer_required');
    expect(answerProblem(q('multi', false), { options: [] })).toBeNull();
    expect(normalizeAnswer({ options: [] })).toBeNull();
    expect(normalizeAnswer({ options: [1, 0, 1] })).toEqual({ options: [0, 1] });
    expect(normalizeAnswer({ yes: false })).toEqual({ yes: false });
  });

  it("refuses an answer of another type's shape", () => {
    expect(answerProblem(q('yesNo'), { option: 0 })).toBe('field_invalid');
    expect(answerProblem(q('single'), { yes: true })).toBe('field_invalid');
    expect(answerProblem(q('single'), { options: [0] })).toBe('field_invalid');
    expect(answerProblem(q('multi'), { option: 0 })).toBe('field_invalid');
  });

  it('refuses option indexes the question does not have', () => {
    expect(answerProblem(q('single'), { option: 2 })).toBe('field_invalid');
    expect(answerProblem(q('single'), { option: -1 })).toBe('field_invalid');
    expect(answerProblem(q('single'), { option: 0.5 })).toBe('field_invalid');
    expect(answerProblem(q('multi'), { options: [0, 5] })).toBe('field_invalid');
    expect(answerFits(q('multi'), { options: [0, 0] })).toBe(false);
    expect(answerFits(q('multi'), { options: [0, 1] })).toBe(true);
  });

  it('raises an alert for Yes or any chosen option of an alert question only', () => {
    expect(isAlertAnswer({ isAlert: true }, { yes: true })).toBe(true);
    expect(isAlertAnswer({ isAlert: true }, { yes: false })).toBe(false);
    expect(isAlertAnswer({ isAlert: true }, { option: 0 })).toBe(true);
    expect(isAlertAnswer({ isAlert: true }, { options: [1] })).toBe(true);
    expect(isAlertAnswer({ isAlert: true }, { options: [] })).toBe(false);
    expect(isAlertAnswer({ isAlert: true }, null)).toBe(false);
    expect(isAlertAnswer({ isAlert: false }, { yes: true })).toBe(false);
    expect(chosenOptions({ options: [0, 1] })).toEqual([0, 1]);
    expect(chosenOptions({ option: 1 })).toEqual([1]);
    expect(chosenOptions({ yes: true })).toEqual([]);
  });
});

describe('medical question options', () => {
  it('need two or more for a choice question and none for yes/no', () => {
    expect(optionsProblem('single', [two[0]])).toBe('medical_options_min');
    expect(optionsProblem('multi', [])).toBe('medical_options_min');
    expect(optionsProblem('multi', two)).toBeNull();
    expect(optionsProblem('yesNo', two)).toBe('medical_options_yes_no');
    expect(optionsProblem('yesNo', [])).toBeNull();
  });

  it('are checked by the save schema, with duplicates refused on the repeated option', () => {
    const base = { categoryId: 1, textAr: 'س', textEn: 'Q' };
    const errors = (input: object) =>
      saveMedicalQuestionInput.safeParse({ ...base, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors({ questionType: 'single', options: [two[0]] })).toEqual([['options', 'medical_options_min']]);
    expect(errors({ questionType: 'yesNo', options: two })).toEqual([['options', 'medical_options_yes_no']]);
    expect(errors({ questionType: 'multi', options: [...two, { ar: 'ج', en: ' a ' }] })).toEqual([
      ['options.2.en', 'name_exists'],
    ]);
    expect(errors({ questionType: 'multi', options: [{ ar: '', en: 'A' }, two[1]] })).toEqual([
      ['options.0.ar', 'field_required'],
    ]);
    expect(saveMedicalQuestionInput.parse({ ...base, questionType: 'yesNo' })).toMatchObject({
      options: [],
      answerRequired: false,
      showForPatient: true,
      isAlert: false,
      isActive: true,
      sortOrder: 0,
    });
  });
});

describe('medical history inputs', () => {
  it('take answers keyed by question id', () => {
    const parsed = savePatientMedicalHistoryInput.parse({
      patientId: 3,
      status: 'MR2',
      answers: { 12: { answer: { yes: true } }, 13: { answer: null, note: 'x' } },
    });
    expect(parsed.answers).toEqual({ 12: { answer: { yes: true } }, 13: { answer: null, note: 'x' } });
    const bad = savePatientMedicalHistoryInput.safeParse({
      patientId: 3,
      status: 'MR9',
      answers: { abc: { answer: { yes: true } }, 5: { answer: { maybe: true } } },
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['status', 'field_invalid'],
        ['answers.5.answer', 'field_invalid'],
      ]),
    );
  });

  it('needs a drug id or a drug name', () => {
    expect(saveDrugInput.safeParse({ patientId: 1 }).error?.issues[0]).toMatchObject({
      path: ['productName'],
      message: 'field_required',
    });
    expect(saveDrugInput.safeParse({ patientId: 1, productName: '  ' }).success).toBe(false);
    expect(saveDrugInput.safeParse({ patientId: 1, productName: 'Amoxicillin' }).success).toBe(true);
    expect(saveDrugInput.safeParse({ patientId: 1, productId: 4 }).success).toBe(true);
  });
});

describe('questionFits (issue 18: questions limited by sex and age)', () => {
  const any = { sex: null, minAge: null, maxAge: null } as const;
  const pregnancy = { sex: 'F', minAge: 12, maxAge: 55 } as const;
  it('asks a women-only question of women, not of men', () => {
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '1990-05-01' }, '2026-11-24')).toBe(true);
    expect(questionFits(pregnancy, { gender: 'M', dateOfBirth: '1990-05-01' }, '2026-11-24')).toBe(false);
    expect(questionFits(any, { gender: 'M', dateOfBirth: '1990-05-01' }, '2026-11-24')).toBe(true);
  });
  it('counts whole years on the clinic day, limits inclusive', () => {
    expect(ageOn('2014-11-25', '2026-11-24')).toBe(11);
    expect(ageOn('2014-11-24', '2026-11-24')).toBe(12);
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '2014-11-25' }, '2026-11-24')).toBe(false);
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '2014-11-24' }, '2026-11-24')).toBe(true);
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '1971-11-25' }, '2026-11-24')).toBe(true);
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '1970-11-25' }, '2026-11-24')).toBe(true);
    expect(questionFits(pregnancy, { gender: 'F', dateOfBirth: '1970-11-24' }, '2026-11-24')).toBe(false);
  });
  it('asks when the sex or the date of birth is unknown', () => {
    expect(questionFits(pregnancy, { gender: null, dateOfBirth: null }, '2026-11-24')).toBe(true);
  });
});
