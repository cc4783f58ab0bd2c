import type { ErrorCode } from '../common/errors.js';

/** Spec §4 medical record status: MR1 To Do, MR2 Planned, MR3 In Progress, MR4 Done. */
export const MEDICAL_RECORD_STATUSES = ['MR1', 'MR2', 'MR3', 'MR4'] as const;
export type MedicalRecordStatus = (typeof MEDICAL_RECORD_STATUSES)[number];

/** Spec §3 medical question types: yes/no, single choice, multi choice. */
export const MEDICAL_QUESTION_TYPES = ['yesNo', 'single', 'multi'] as const;
export type MedicalQuestionType = (typeof MEDICAL_QUESTION_TYPES)[number];

/** Choices of a single or multi choice question. */
export const MEDICAL_OPTIONS_MIN = 2;
export const MEDICAL_OPTIONS_MAX = 20;

/** A patient's answer: Yes/No, the index of the chosen option, or the indexes of the chosen options. */
export type MedicalAnswer = { yes: boolean } | { option: number } | { options: number[] };

export interface AnswerableQuestion {
  questionType: MedicalQuestionType;
  options: readonly unknown[];
  answerRequired: boolean;
}

/** Whether an answer's shape is the one of the question's type and its option indexes exist. */
export function answerFits(
  question: Pick<AnswerableQuestion, 'questionType' | 'options'>,
  answer: MedicalAnswer,
): boolean {
  const isIndex = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < question.options.length;
  switch (question.questionType) {
    case 'yesNo':
      return 'yes' in answer && typeof answer.yes === 'boolean';
    case 'single':
      return 'option' in answer && isIndex(answer.option);
    case 'multi':
      return (
        'options' in answer &&
        Array.isArray(answer.options) &&
        answer.options.every(isIndex) &&
        new Set(answer.options).size === answer.options.length
      );
  }
}

/**
 * The stored form of an answer: a multi choice with nothing chosen is no answer (null); chosen indexes are
 * deduplicated and sorted.
 */
export function normalizeAnswer(answer: MedicalAnswer | null | undefined): MedicalAnswer | null {
  if (!answer) return null;
  if ('options' in answer) {
    const options = [...new Set(answer.options)].sort((a, b) => a - b);
    return options.length ? { options } : null;
  }
  return answer;
}

/**
 * Spec §5 "an answer is required when marked so": what is wrong with an answer to a question, as a catalogue
 * code (answer_required, or field_invalid for a wrong shape or an option the question does not have), or null.
 */
export function answerProblem(
  question: AnswerableQuestion,
  answer: MedicalAnswer | null | undefined,
): Extract<ErrorCode, 'answer_required' | 'field_invalid'> | null {
  const stored = normalizeAnswer(answer);
  if (!stored) return question.answerRequired ? 'answer_required' : null;
  return answerFits(question, stored) ? null : 'field_invalid';
}

/** An alert question answered Yes, or with any option chosen, shows as an alert on the patient's header. */
export function isAlertAnswer(question: { isAlert: boolean }, answer: MedicalAnswer | null | undefined): boolean {
  const stored = normalizeAnswer(answer);
  if (!question.isAlert || !stored) return false;
  if ('yes' in stored) return stored.yes;
  return true;
}

/** The indexes an answer chose (none for a yes/no answer). */
export function chosenOptions(answer: MedicalAnswer | null | undefined): number[] {
  if (!answer) return [];
  if ('option' in answer) return [answer.option];
  if ('options' in answer) return answer.options;
  return [];
}

/**
 * What is wrong with a question's options for its type, as a catalogue code, or null: a choice question needs
 * at least two options, a yes/no question has none.
 */
export function optionsProblem(
  questionType: MedicalQuestionType,
  options: readonly unknown[],
): Extract<ErrorCode, 'medical_options_min' | 'medical_options_yes_no'> | null {
  if (questionType === 'yesNo') return options.length ? 'medical_options_yes_no' : null;
  return options.length < MEDICAL_OPTIONS_MIN ? 'medical_options_min' : null;
}

/** Ages a question can be limited to (whole years, inclusive). */
export const MEDICAL_AGE_MAX = 150;

/** A question's limits (issue 18): sex M or F (null: everyone), youngest and oldest age in whole years (null: none). */
export interface QuestionLimits {
  sex: 'M' | 'F' | null;
  minAge: number | null;
  maxAge: number | null;
}

/** Whole years from a date of birth to a day ('YYYY-MM-DD' both). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whether a question is asked of a patient: the patient's sex is the question's (or either is unknown) and the
 * patient's age on `today` (the clinic's day) is within its limits (or the date of birth is unknown). What is not
 * known does not hide a question: better asked once too often than a pregnancy missed.
 */
export function questionFits(
  question: QuestionLimits,
  patient: { gender: string | null; dateOfBirth: string | null },
  today: string,
): boolean {
  if (question.sex && patient.gender && question.sex !== patient.gender) return false;
  if (!patient.dateOfBirth || (question.minAge === null && question.maxAge === null)) return true;
  const age = ageOn(patient.dateOfBirth, today);
  return (question.minAge === null || age >= question.minAge) && (question.maxAge === null || age <= question.maxAge);
}
