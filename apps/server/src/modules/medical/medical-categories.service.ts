import type {
  MedicalCategoryItem,
  MedicalCategoryListInput,
  MedicalCategorySortField,
  SaveMedicalCategoryInput,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { medicalCategories, medicalQuestions } from './medical.table.js';

const SORT: Record<MedicalCategorySortField, AnyColumn | SQL> = {
  sortOrder: medicalCategories.sortOrder,
  nameAr: lowerOf(medicalCategories.nameAr),
  nameEn: lowerOf(medicalCategories.nameEn),
  createdAt: medicalCategories.createdAt,
};

const byId = (clinicId: number, id: number) =>
  and(eq(medicalCategories.clinicId, clinicId), eq(medicalCategories.id, id));
/** The clinic's categories other than `id` (all of them for a new one): those the names must differ from. */
const othersThan = (clinicId: number, id?: number) =>
  and(eq(medicalCategories.clinicId, clinicId), id ? ne(medicalCategories.id, id) : undefined);

/**
 * Questions of a category (any state), counted in SQL. The names are written out: inside a subquery drizzle would
 * leave the outer table's columns unqualified.
 */
const questionCount = sql<number>`(
  select count(*) from medical_questions q
  where q.clinic_id = "medical_categories"."clinic_id" and q.category_id = "medical_categories"."id"
)`.mapWith(Number);

/** The clinic's categories with their question counts; by sort order (then Arabic name) unless sorted otherwise. */
export async function listMedicalCategories(tx: Tx, clinicId: number, input: MedicalCategoryListInput) {
  const where = and(
    eq(medicalCategories.clinicId, clinicId),
    searchIn(input.search, medicalCategories.nameAr, medicalCategories.nameEn, medicalCategories.nameFr),
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, medicalCategories.id)
    : [asc(medicalCategories.sortOrder), ...orderBy(SORT.nameAr, undefined, medicalCategories.id)];
  const { limit, offset } = pageWindow(input);
  const rows: MedicalCategoryItem[] = await tx
    .select({
      id: medicalCategories.id,
      nameAr: medicalCategories.nameAr,
      nameEn: medicalCategories.nameEn,
      nameFr: medicalCategories.nameFr,
      sortOrder: medicalCategories.sortOrder,
      questionCount,
    })
    .from(medicalCategories)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(rows, await tx.$count(medicalCategories, where), input);
}

/** Creates a category when input.id is absent, else updates it; names another category uses are refused. */
export async function saveMedicalCategory(tx: Tx, clinicId: number, input: SaveMedicalCategoryInput) {
  if (input.id) await findMedicalCategory(tx, clinicId, input.id);
  await assertNamesFree(tx, medicalCategories, othersThan(clinicId, input.id), {
    nameAr: [medicalCategories.nameAr, input.nameAr],
    nameEn: [medicalCategories.nameEn, input.nameEn],
  });
  const values = { nameAr: input.nameAr, nameEn: input.nameEn, nameFr: input.nameFr || null, sortOrder: input.sortOrder };
  if (input.id) {
    await tx
      .update(medicalCategories)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(clinicId, input.id));
    return { id: input.id };
  }
  const [created] = await tx
    .insert(medicalCategories)
    .values({ clinicId, ...values })
    .returning({ id: medicalCategories.id });
  return { id: created!.id };
}

/** Spec §5: a category that has questions cannot be deleted (409 cannot_delete_medical_category). */
export async function deleteMedicalCategory(tx: Tx, clinicId: number, id: number) {
  await findMedicalCategory(tx, clinicId, id);
  const questions = await tx.$count(
    medicalQuestions,
    and(eq(medicalQuestions.clinicId, clinicId), eq(medicalQuestions.categoryId, id)),
  );
  if (questions) fail('cannot_delete_medical_category');
  await tx.delete(medicalCategories).where(byId(clinicId, id));
  return { ok: true as const };
}

export async function findMedicalCategory(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx.select().from(medicalCategories).where(byId(clinicId, id));
  return row ?? fail('not_found');
}
