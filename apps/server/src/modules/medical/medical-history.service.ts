import {
  type ErrorCode,
  type MedicalAlert,
  type MedicalAnswer,
  type MedicalQuestionType,
  type MedicalRecordStatus,
  type PatientMedicalCategory,
  type PatientMedicalHistory,
  type SaveMedicalQuestionAnswerInput,
  type SavePatientMedicalHistoryInput,
  answerProblem,
  chosenOptions,
  isAlertAnswer,
  normalizeAnswer,
  questionFits,
} from '@dental/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { clinicToday } from '../payments/index.js';
import { type PatientScope, findPatient } from '../patients/index.js';
import { findMedicalQuestion, questionLimits } from './medical-questions.service.js';
import { listDiseases, listDrugs } from './patient-records.service.js';
import { medicalCategories, medicalQuestions, patientMedicalAnswers, patientMedicalHistory } from './medical.table.js';

type QuestionRow = typeof medicalQuestions.$inferSelect;
const typed = (q: QuestionRow) => ({ ...q, questionType: q.questionType as MedicalQuestionType });

/** The chosen options' labels of an answer, joined, in Arabic, English and French (null for a yes/no answer). */
function optionLabels(q: QuestionRow, answer: MedicalAnswer) {
  const chosen = chosenOptions(answer)
    .map((i) => q.options[i])
    .filter((o) => o !== undefined);
  if (!chosen.length) return { detailAr: null, detailEn: null, detailFr: null };
  return {
    detailAr: chosen.map((o) => o.ar).join('، '),
    detailEn: chosen.map((o) => o.en).join(', '),
    detailFr: chosen.map((o) => o.fr || o.en).join(', '),
  };
}

/** Who a question may be asked of: the clinic's patient with a sex and a date of birth, on the clinic's day. */
type Asked = { gender: string | null; dateOfBirth: string | null };
type ClinicScope = PatientScope & { clinic: { timeZone: string } };
async function askedOf(tx: Tx, scope: ClinicScope, patientId: number) {
  const patient: Asked = await findPatient(tx, scope, patientId);
  const today = await clinicToday(tx, scope.clinic.timeZone);
  return (q: QuestionRow) => questionFits(questionLimits(q), patient, today);
}

/**
 * A patient's medical record: status and notes (MR1 To Do until saved), every active question asked of this
 * patient (its sex and age limits, issue 18) grouped by category (categories without such questions left out) with
 * the patient's answer, the diseases, the drugs, and the alerts: alert questions answered Yes or with an option
 * chosen (stated by their alert text when they have one), then diseases and drugs flagged as alerts.
 */
export async function getPatientMedicalHistory(
  tx: Tx,
  scope: ClinicScope,
  patientId: number,
): Promise<PatientMedicalHistory> {
  const { clinicId } = scope;
  const fits = await askedOf(tx, scope, patientId);
  const [record] = await tx
    .select()
    .from(patientMedicalHistory)
    .where(and(eq(patientMedicalHistory.clinicId, clinicId), eq(patientMedicalHistory.patientId, patientId)));
  const rows = await tx
    .select({ q: medicalQuestions, c: medicalCategories, a: patientMedicalAnswers })
    .from(medicalQuestions)
    .innerJoin(
      medicalCategories,
      and(
        eq(medicalCategories.clinicId, medicalQuestions.clinicId),
        eq(medicalCategories.id, medicalQuestions.categoryId),
      ),
    )
    .leftJoin(
      patientMedicalAnswers,
      and(
        eq(patientMedicalAnswers.clinicId, medicalQuestions.clinicId),
        eq(patientMedicalAnswers.questionId, medicalQuestions.id),
        eq(patientMedicalAnswers.patientId, patientId),
      ),
    )
    .where(and(eq(medicalQuestions.clinicId, clinicId), eq(medicalQuestions.isActive, true)))
    .orderBy(
      asc(medicalCategories.sortOrder),
      asc(medicalCategories.id),
      asc(medicalQuestions.sortOrder),
      asc(medicalQuestions.id),
    );

  const categories: PatientMedicalCategory[] = [];
  const alerts: MedicalAlert[] = [];
  for (const { q, c, a } of rows) {
    if (!fits(q)) continue;
    let category = categories.at(-1);
    if (category?.id !== c.id) {
      category = { id: c.id, nameAr: c.nameAr, nameEn: c.nameEn, nameFr: c.nameFr, questions: [] };
      categories.push(category);
    }
    const answer = (a?.answer as MedicalAnswer | undefined) ?? null;
    category.questions.push({
      id: q.id,
      textAr: q.textAr,
      textEn: q.textEn,
      textFr: q.textFr,
      ...questionLimits(q),
      questionType: q.questionType as MedicalQuestionType,
      options: q.options,
      answerRequired: q.answerRequired,
      showForPatient: q.showForPatient,
      isAlert: q.isAlert,
      answer,
      note: a?.note ?? null,
    });
    if (answer && isAlertAnswer(q, answer))
      alerts.push({
        kind: 'question',
        id: q.id,
        nameAr: q.alertAr || q.textAr,
        nameEn: q.alertEn || q.textEn,
        nameFr: q.alertFr || q.textFr || q.alertEn || q.textEn,
        ...optionLabels(q, answer),
        note: a?.note ?? null,
      });
  }
  const diseases = await listDiseases(tx, clinicId, patientId);
  const drugs = await listDrugs(tx, clinicId, patientId);
  for (const d of diseases.filter((d) => d.isAlert))
    alerts.push({
      kind: 'disease',
      id: d.id,
      nameAr: d.name,
      nameEn: d.name,
      nameFr: d.name,
      detailAr: null,
      detailEn: null,
      detailFr: null,
      note: d.notes,
    });
  for (const d of drugs.filter((d) => d.isAlert))
    alerts.push({
      kind: 'drug',
      id: d.id,
      nameAr: d.name,
      nameEn: d.name,
      nameFr: d.name,
      detailAr: d.dosage,
      detailEn: d.dosage,
      detailFr: d.dosage,
      note: d.notes,
    });

  return {
    patientId,
    status: (record?.status as MedicalRecordStatus | undefined) ?? 'MR1',
    notes: record?.notes ?? null,
    updatedAt: record?.updatedAt.toISOString() ?? null,
    categories,
    diseases,
    drugs,
    alerts,
  };
}

/** Stores (or, for no answer, removes) one patient's answer to one question. */
async function writeAnswer(
  tx: Tx,
  session: ClinicSession,
  patientId: number,
  questionId: number,
  answer: MedicalAnswer | null,
  note: string | null | undefined,
) {
  const key = and(
    eq(patientMedicalAnswers.clinicId, session.clinicId),
    eq(patientMedicalAnswers.patientId, patientId),
    eq(patientMedicalAnswers.questionId, questionId),
  );
  if (!answer) {
    await tx.delete(patientMedicalAnswers).where(key);
    return;
  }
  const values = { answer, note: note || null, updatedBy: session.userId, updatedAt: new Date() };
  await tx
    .insert(patientMedicalAnswers)
    .values({ clinicId: session.clinicId, patientId, questionId, ...values })
    .onConflictDoUpdate({
      target: [patientMedicalAnswers.clinicId, patientMedicalAnswers.patientId, patientMedicalAnswers.questionId],
      set: values,
    });
}

/**
 * Saves the record status and notes and the given answers at once. Questions not named keep their answers. Every
 * active required question must end up answered and every answer must fit its question: otherwise nothing is
 * saved and each question's problem is reported at `answers.<questionId>`. A question id of another clinic is 404.
 */
export async function savePatientMedicalHistory(tx: Tx, session: ClinicSession, input: SavePatientMedicalHistoryInput) {
  const clinicId = session.clinicId;
  const fits = await askedOf(tx, session, input.patientId);
  const entries = Object.entries(input.answers).map(([id, entry]) => ({ questionId: Number(id), ...entry }));
  const named = entries.map((e) => e.questionId);
  const questions = await tx
    .select()
    .from(medicalQuestions)
    .where(and(eq(medicalQuestions.clinicId, clinicId), eq(medicalQuestions.isActive, true)));
  const namedRows = named.length
    ? await tx
        .select()
        .from(medicalQuestions)
        .where(and(eq(medicalQuestions.clinicId, clinicId), inArray(medicalQuestions.id, named)))
    : [];
  if (namedRows.length !== new Set(named).size) fail('not_found');
  const byId = new Map([...questions, ...namedRows].map((q) => [q.id, q]));
  const existing = await tx
    .select({ questionId: patientMedicalAnswers.questionId })
    .from(patientMedicalAnswers)
    .where(and(eq(patientMedicalAnswers.clinicId, clinicId), eq(patientMedicalAnswers.patientId, input.patientId)));
  const answered = new Set(existing.map((a) => a.questionId));

  const problems: Record<string, ErrorCode> = {};
  for (const e of entries) {
    const q = byId.get(e.questionId)!;
    const problem = answerProblem({ ...typed(q), answerRequired: q.answerRequired && q.isActive && fits(q) }, e.answer);
    if (problem) problems[`answers.${e.questionId}`] = problem;
  }
  for (const q of questions) {
    if (q.answerRequired && fits(q) && !named.includes(q.id) && !answered.has(q.id))
      problems[`answers.${q.id}`] = 'answer_required';
  }
  if (Object.keys(problems).length) fail('validation', problems);

  for (const e of entries)
    await writeAnswer(tx, session, input.patientId, e.questionId, normalizeAnswer(e.answer), e.note);
  const values = { status: input.status, notes: input.notes || null, updatedBy: session.userId, updatedAt: new Date() };
  await tx
    .insert(patientMedicalHistory)
    .values({ clinicId, patientId: input.patientId, ...values })
    .onConflictDoUpdate({ target: [patientMedicalHistory.clinicId, patientMedicalHistory.patientId], set: values });
  return { ok: true as const };
}

/**
 * Saves one answer (a null answer clears it, refused for an active required question). The answer must fit the
 * question's type and options (400 at `answer`).
 */
export async function saveMedicalQuestionAnswer(tx: Tx, session: ClinicSession, input: SaveMedicalQuestionAnswerInput) {
  const fits = await askedOf(tx, session, input.patientId);
  const q = await findMedicalQuestion(tx, session.clinicId, input.questionId);
  const problem = answerProblem({ ...typed(q), answerRequired: q.answerRequired && q.isActive && fits(q) }, input.answer);
  if (problem) fail('validation', { answer: problem });
  await writeAnswer(tx, session, input.patientId, q.id, normalizeAnswer(input.answer), input.note);
  return { ok: true as const };
}
