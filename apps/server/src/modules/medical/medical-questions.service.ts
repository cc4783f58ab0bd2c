import type {
  MedicalQuestionItem,
  MedicalQuestionListInput,
  MedicalQuestionSortField,
  MedicalQuestionType,
  QuestionLimits,
  SaveMedicalQuestionInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { findMedicalCategory } from './medical-categories.service.js';
import { medicalCategories, medicalQuestions, patientMedicalAnswers } from './medical.table.js';

const SORT: Record<MedicalQuestionSortField, AnyColumn | SQL> = {
  sortOrder: medicalQuestions.sortOrder,
  textAr: lowerOf(medicalQuestions.textAr),
  textEn: lowerOf(medicalQuestions.textEn),
  createdAt: medicalQuestions.createdAt,
};

const byId = (clinicId: number, id: number) =>
  and(eq(medicalQuestions.clinicId, clinicId), eq(medicalQuestions.id, id));

type QuestionRow = typeof medicalQuestions.$inferSelect;
/** A stored question's sex and age limits as the contract types them. */
export const questionLimits = (row: QuestionRow): QuestionLimits => ({
  sex: row.sex as QuestionLimits['sex'],
  minAge: row.minAge,
  maxAge: row.maxAge,
});
type CategoryNames = { nameAr: string; nameEn: string; nameFr: string | null };
const toItem = (row: QuestionRow, category: CategoryNames): MedicalQuestionItem => ({
  id: row.id,
  categoryId: row.categoryId,
  categoryNameAr: category.nameAr,
  categoryNameEn: category.nameEn,
  categoryNameFr: category.nameFr,
  textAr: row.textAr,
  textEn: row.textEn,
  textFr: row.textFr,
  alertAr: row.alertAr,
  alertEn: row.alertEn,
  alertFr: row.alertFr,
  ...questionLimits(row),
  questionType: row.questionType as MedicalQuestionType,
  options: row.options,
  answerRequired: row.answerRequired,
  showForPatient: row.showForPatient,
  isAlert: row.isAlert,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

/**
 * The clinic's questions with their category's names: search either text, optionally of one category and
 * active only; by category order then question order unless another sort is asked for.
 */
export async function listMedicalQuestions(tx: Tx, clinicId: number, input: MedicalQuestionListInput) {
  const where = and(
    eq(medicalQuestions.clinicId, clinicId),
    input.categoryId ? eq(medicalQuestions.categoryId, input.categoryId) : undefined,
    input.activeOnly ? eq(medicalQuestions.isActive, true) : undefined,
    searchIn(input.search, medicalQuestions.textAr, medicalQuestions.textEn, medicalQuestions.textFr),
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, medicalQuestions.id)
    : [
        asc(medicalCategories.sortOrder),
        asc(medicalCategories.id),
        asc(medicalQuestions.sortOrder),
        asc(medicalQuestions.id),
      ];
  const { limit, offset } = pageWindow(input);
  const rows = await tx
    .select({
      q: medicalQuestions,
      c: { nameAr: medicalCategories.nameAr, nameEn: medicalCategories.nameEn, nameFr: medicalCategories.nameFr },
    })
    .from(medicalQuestions)
    .innerJoin(
      medicalCategories,
      and(
        eq(medicalCategories.clinicId, medicalQuestions.clinicId),
        eq(medicalCategories.id, medicalQuestions.categoryId),
      ),
    )
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(
    rows.map((r) => toItem(r.q, r.c)),
    await tx.$count(medicalQuestions, where),
    input,
  );
}

/**
 * Creates a question when input.id is absent, else updates it. The category must be the clinic's; the texts are
 * unique within the category, ignoring case. When an update changes the type, the patients' answers no longer fit
 * and are removed; when it removes options, answers choosing a removed option lose that choice.
 */
export async function saveMedicalQuestion(tx: Tx, clinicId: number, input: SaveMedicalQuestionInput) {
  const current = input.id ? await findMedicalQuestion(tx, clinicId, input.id) : undefined;
  await findMedicalCategory(tx, clinicId, input.categoryId);
  await assertNamesFree(
    tx,
    medicalQuestions,
    and(
      eq(medicalQuestions.clinicId, clinicId),
      eq(medicalQuestions.categoryId, input.categoryId),
      input.id ? ne(medicalQuestions.id, input.id) : undefined,
    ),
    { textAr: [medicalQuestions.textAr, input.textAr], textEn: [medicalQuestions.textEn, input.textEn] },
  );
  const values = {
    categoryId: input.categoryId,
    textAr: input.textAr,
    textEn: input.textEn,
    textFr: input.textFr || null,
    alertAr: input.alertAr || null,
    alertEn: input.alertEn || null,
    alertFr: input.alertFr || null,
    sex: input.sex,
    minAge: input.minAge,
    maxAge: input.maxAge,
    questionType: input.questionType,
    options: input.questionType === 'yesNo' ? [] : input.options.map(({ ar, en, fr }) => ({ ar, en, ...(fr && { fr }) })),
    answerRequired: input.answerRequired,
    showForPatient: input.showForPatient,
    isAlert: input.isAlert,
    isActive: input.isActive,
    sortOrder: input.sortOrder,
  };
  if (current) {
    await tx
      .update(medicalQuestions)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, current.id));
    await fitAnswers(tx, clinicId, current, values);
    return { id: current.id };
  }
  const [created] = await tx
    .insert(medicalQuestions)
    .values({ clinicId, ...values })
    .returning({ id: medicalQuestions.id });
  return { id: created!.id };
}

/** Keeps the stored answers of an updated question valid for its new type and options. */
async function fitAnswers(
  tx: Tx,
  clinicId: number,
  before: QuestionRow,
  after: { questionType: string; options: unknown[] },
) {
  const ofQuestion = and(eq(patientMedicalAnswers.clinicId, clinicId), eq(patientMedicalAnswers.questionId, before.id));
  if (before.questionType !== after.questionType) {
    await tx.delete(patientMedicalAnswers).where(ofQuestion);
    return;
  }
  const n = after.options.length;
  if (after.questionType === 'yesNo' || n >= before.options.length) return;
  if (after.questionType === 'single') {
    await tx
      .delete(patientMedicalAnswers)
      .where(and(ofQuestion, sql`(${patientMedicalAnswers.answer}->>'option')::int >= ${n}`));
    return;
  }
  const kept = sql`(select coalesce(jsonb_agg(x order by x::int), '[]'::jsonb)
    from jsonb_array_elements(${patientMedicalAnswers.answer}->'options') as x where x::int < ${n})`;
  await tx
    .update(patientMedicalAnswers)
    .set({ answer: sql`jsonb_build_object('options', ${kept})` })
    .where(
      and(
        ofQuestion,
        sql`exists (select 1 from jsonb_array_elements(${patientMedicalAnswers.answer}->'options') as x where x::int >= ${n})`,
      ),
    );
  await tx
    .delete(patientMedicalAnswers)
    .where(and(ofQuestion, sql`jsonb_array_length(${patientMedicalAnswers.answer}->'options') = 0`));
}

/** Deletes a question; the patients' answers to it go with it. */
export async function deleteMedicalQuestion(tx: Tx, clinicId: number, id: number) {
  const deleted = await tx.delete(medicalQuestions).where(byId(clinicId, id)).returning({ id: medicalQuestions.id });
  if (!deleted.length) fail('not_found');
  return { ok: true as const };
}

export async function findMedicalQuestion(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(medicalQuestions).where(byId(clinicId, id));
  return row ?? fail('not_found');
}
