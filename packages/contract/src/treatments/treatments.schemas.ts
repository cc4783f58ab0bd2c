import { z } from 'zod';
import { id, listInput, optionalId, optionalText } from '../common/schemas.js';
import { moneyAmount } from '../common/money.js';

/*
 * The clinic's treatment catalogue: treatment branches (Endodontics, Prosthodontics ...) and their procedures, and
 * each clinic branch's price list. Names: Arabic and English required, French optional (shown in French, else the
 * English name). Amounts travel as decimal text; answers carry them with the clinic currency's decimals.
 */

/** A query-string flag: true/false as JSON or as text. */
const flag = z.union([z.boolean(), z.stringbool()], { error: 'field_invalid' }).optional();
/** A catalogue name (spec §5 'a procedure name is required'). */
const catalogueName = z
  .string({ error: 'procedure_name_required' })
  .trim()
  .min(1, 'procedure_name_required')
  .max(150, 'field_too_long');
/** The optional French name: empty means "show the English one". */
const frenchName = optionalText(150).transform((v) => (v ? v : null));

export const TOOTH_SELECTIONS = ['none', 'tooth', 'surface'] as const;
export type ToothSelection = (typeof TOOTH_SELECTIONS)[number];

// ---- treatment branches

export const treatmentBranchItem = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number(),
  /** How many procedures of the catalogue it holds. */
  procedureCount: z.number(),
  createdAt: z.string(),
});

export const TREATMENT_BRANCH_SORT_FIELDS = ['sortOrder', 'nameAr', 'nameEn', 'procedureCount', 'createdAt'] as const;
export const treatmentBranchListInput = listInput(TREATMENT_BRANCH_SORT_FIELDS).extend({ activeOnly: flag });

/** Creates a treatment branch when `id` is absent, else updates it. Arabic and English names are unique in the clinic. */
export const saveTreatmentInput = z.object({
  id: optionalId,
  nameAr: catalogueName,
  nameEn: catalogueName,
  nameFr: frenchName,
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
  sortOrder: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(10_000, 'field_invalid').default(0),
});

export const activeTreatmentBranchesOutput = z.object({
  items: z.array(z.object({ id: z.number(), nameAr: z.string(), nameEn: z.string(), nameFr: z.string().nullable() })),
});

// ---- procedures

export const procedureItem = z.object({
  id: z.number(),
  treatmentBranchId: z.number(),
  treatmentBranchNameAr: z.string(),
  treatmentBranchNameEn: z.string(),
  treatmentBranchNameFr: z.string().nullable(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string().nullable(),
  /** ADA / CDT code, e.g. D3310. */
  code: z.string().nullable(),
  price: z.string(),
  insurancePrice: z.string(),
  toothSelection: z.enum(TOOTH_SELECTIONS),
  isActive: z.boolean(),
  /** How many clinic branches' price lists hold it. */
  priceListCount: z.number(),
  createdAt: z.string(),
});

export const PROCEDURE_SORT_FIELDS = ['nameAr', 'nameEn', 'code', 'price', 'treatmentBranch', 'createdAt'] as const;
/** Search by name (ar, en, fr) or code; filter by treatment branch and by active (true: active only, false: inactive only). */
export const procedureListInput = listInput(PROCEDURE_SORT_FIELDS).extend({
  treatmentBranchId: optionalId,
  isActive: flag,
});

/** An ADA/CDT-like code: letters, digits, dot and dash, stored in capitals; empty means none. */
const procedureCode = z
  .string({ error: 'field_invalid' })
  .trim()
  .max(20, 'field_too_long')
  .regex(/^[A-Za-z0-9.-]*$/, 'field_invalid')
  .transform((v) => (v ? v.toUpperCase() : null))
  .optional()
  .nullable()
  .transform((v) => v ?? null);

/**
 * Creates a procedure when `id` is absent, else updates it. Names (ar, en) and code are unique in the clinic,
 * ignoring case; prices are ≥ 0 with at most the clinic currency's decimals.
 */
export const saveProcedureInput = z.object({
  id: optionalId,
  treatmentBranchId: id,
  nameAr: catalogueName,
  nameEn: catalogueName,
  nameFr: frenchName,
  code: procedureCode,
  price: moneyAmount,
  insurancePrice: moneyAmount,
  toothSelection: z.enum(TOOTH_SELECTIONS, { error: 'field_invalid' }).default('tooth'),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
});

// ---- price lists

/** One procedure of a clinic branch's price list, with that branch's prices. */
export const priceListItem = z.object({
  /** The price list row. */
  id: z.number(),
  procedureId: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string().nullable(),
  code: z.string().nullable(),
  treatmentBranchId: z.number(),
  treatmentBranchNameAr: z.string(),
  treatmentBranchNameEn: z.string(),
  treatmentBranchNameFr: z.string().nullable(),
  toothSelection: z.enum(TOOTH_SELECTIONS),
  price: z.string(),
  insurancePrice: z.string(),
  /** The catalogue procedure is active (an inactive one stays in the list but not in pickers). */
  isActive: z.boolean(),
});

export const PRICE_LIST_SORT_FIELDS = ['nameAr', 'nameEn', 'code', 'price', 'treatmentBranch'] as const;
/**
 * A clinic branch's price list (the request's branch when `branchId` is absent). `activeOnly` leaves out inactive
 * procedures and treatment branches: the patient procedure picker's list.
 */
export const proceduresByBranchInput = listInput(PRICE_LIST_SORT_FIELDS).extend({
  branchId: optionalId,
  treatmentBranchId: optionalId,
  activeOnly: flag,
});

/**
 * Adds a procedure to a clinic branch's list, or sets its prices there. A price left out is the catalogue's.
 */
export const savePriceListProcedureInput = z.object({
  branchId: id,
  procedureId: id,
  price: moneyAmount.optional(),
  insurancePrice: moneyAmount.optional(),
});

/** Copies into `branchTo` the procedures of `branchFrom`'s list it lacks, with branchFrom's prices. */
export const copyProceduresInput = z
  .object({ branchFrom: id, branchTo: id })
  .refine((v) => v.branchFrom !== v.branchTo, { path: ['branchTo'], message: 'copy_same_branch' });

const copiedProcedure = z.object({ procedureId: z.number(), nameAr: z.string(), nameEn: z.string(), nameFr: z.string().nullable() });
export const copyProceduresOutput = z.object({
  copied: z.number(),
  skipped: z.number(),
  /** What was added to branchTo. */
  copiedProcedures: z.array(copiedProcedure),
  /** What branchTo already had (its own prices kept). */
  skippedProcedures: z.array(copiedProcedure),
});

export type TreatmentBranchItem = z.infer<typeof treatmentBranchItem>;
export type TreatmentBranchSortField = (typeof TREATMENT_BRANCH_SORT_FIELDS)[number];
export type TreatmentBranchListInput = z.output<typeof treatmentBranchListInput>;
export type SaveTreatmentInput = z.output<typeof saveTreatmentInput>;
export type ProcedureItem = z.infer<typeof procedureItem>;
export type ProcedureSortField = (typeof PROCEDURE_SORT_FIELDS)[number];
export type ProcedureListInput = z.output<typeof procedureListInput>;
export type SaveProcedureInput = z.output<typeof saveProcedureInput>;
export type PriceListItem = z.infer<typeof priceListItem>;
export type PriceListSortField = (typeof PRICE_LIST_SORT_FIELDS)[number];
export type ProceduresByBranchInput = z.output<typeof proceduresByBranchInput>;
export type SavePriceListProcedureInput = z.output<typeof savePriceListProcedureInput>;
export type CopyProceduresInput = z.output<typeof copyProceduresInput>;
export type CopyProceduresOutput = z.output<typeof copyProceduresOutput>;
