import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, money, ref, updatedAt } from '../../platform/db/columns.js';

/** A treatment branch of the clinic's catalogue (Endodontics, Prosthodontics ...). */
export const treatmentBranches = pgTable(
  'treatment_branches',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown in French; the English name when empty. */
    nameFr: text('name_fr'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('treatment_branches_name_ar_uq').on(t.clinicId, sql`lower(${t.nameAr})`),
    uniqueIndex('treatment_branches_name_en_uq').on(t.clinicId, sql`lower(${t.nameEn})`),
  ],
);

/**
 * A procedure of the catalogue under a treatment branch, with its default price and insurance price (a clinic
 * branch's price list may set its own). `toothSelection` says what a patient procedure of it must pick on the
 * chart: 'none' (e.g. a consultation), 'tooth' (at least one tooth) or 'surface' (at least one surface).
 */
export const procedures = pgTable(
  'procedures',
  {
    clinicId: clinicId(),
    id: identityId(),
    treatmentBranchId: ref('treatment_branch_id').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr'),
    /** ADA / CDT code, e.g. D3310. */
    code: text('code'),
    price: money('price').notNull(),
    insurancePrice: money('insurance_price').notNull(),
    toothSelection: text('tooth_selection').notNull().default('tooth'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.treatmentBranchId], foreignColumns: [treatmentBranches.clinicId, treatmentBranches.id] }),
    uniqueIndex('procedures_name_ar_uq').on(t.clinicId, sql`lower(${t.nameAr})`),
    uniqueIndex('procedures_name_en_uq').on(t.clinicId, sql`lower(${t.nameEn})`),
    uniqueIndex('procedures_code_uq').on(t.clinicId, sql`upper(${t.code})`).where(sql`${t.code} is not null`),
    index('procedures_treatment_branch_idx').on(t.clinicId, t.treatmentBranchId),
    check('procedures_price_ck', sql`${t.price} >= 0 and ${t.insurancePrice} >= 0`),
    check('procedures_tooth_selection_ck', sql`${t.toothSelection} in ('none', 'tooth', 'surface')`),
  ],
);

/** A clinic branch's price list: the procedures it offers and at what price (SavePriceListProcedure). */
export const priceListProcedures = pgTable(
  'price_list_procedures',
  {
    clinicId: clinicId(),
    id: identityId(),
    branchId: ref('branch_id').notNull(),
    procedureId: ref('procedure_id').notNull(),
    price: money('price').notNull(),
    insurancePrice: money('insurance_price').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.procedureId], foreignColumns: [procedures.clinicId, procedures.id] }),
    uniqueIndex('price_list_procedures_procedure_uq').on(t.clinicId, t.branchId, t.procedureId),
    index('price_list_procedures_procedure_idx').on(t.clinicId, t.procedureId),
    check('price_list_procedures_price_ck', sql`${t.price} >= 0 and ${t.insurancePrice} >= 0`),
  ],
);
