import { z } from 'zod';
import { moneyAmount } from '../common/money.js';
import { parsePercentage } from '../common/decimal-text.js';
import { SORT_ORDERS, calendarDate, id, optionalId, optionalText } from '../common/schemas.js';
import { LIMITS, PROCEDURE_STATUSES } from '../enums.js';
import { TOOTH_SURFACES, toothNumber } from '../dental-chart/dental-chart.schemas.js';

/*
 * A patient's procedures (spec §3 Patient procedure, §4 procedure status, §7 PatientProcedure calls) and their
 * visits (procedure/…Visit…). Money travels as decimal text with the clinic currency's decimals ("150.00", LYD
 * "12.500"); amounts a user enters are checked against those decimals on the server.
 */

export type PatientProcedureStatus = (typeof PROCEDURE_STATUSES)[number];

/**
 * The status machine (docs/patient-procedures.md): S1 planned → S2 in progress, S3 completed, S4 completed by another
 * doctor, S5 cancelled; S2 → S3, S4, S5; a completed one (S3/S4) may be reopened to S2 (in progress again, e.g. a
 * filling redone) and S3 ↔ S4 corrects who completed it; a cancelled one (S5) goes back to the plan (S1).
 */
export const PROCEDURE_TRANSITIONS: Readonly<Record<PatientProcedureStatus, readonly PatientProcedureStatus[]>> = {
  S1: ['S2', 'S3', 'S4', 'S5'],
  S2: ['S3', 'S4', 'S5'],
  S3: ['S2', 'S4'],
  S4: ['S2', 'S3'],
  S5: ['S1'],
};

/** The statuses a procedure in `status` may move to (what the UI offers). */
export const allowedNextStatuses = (status: PatientProcedureStatus): readonly PatientProcedureStatus[] =>
  PROCEDURE_TRANSITIONS[status] ?? [];

/** Whether `from` → `to` is allowed. */
export const canMoveProcedure = (from: PatientProcedureStatus, to: PatientProcedureStatus): boolean =>
  allowedNextStatuses(from).includes(to);

/** Statuses a new procedure may start in: planned, or completed on the spot. */
export const PROCEDURE_CREATE_STATUSES = ['S1', 'S3'] as const;
/** Statuses that need the insurance company's approval when it requires one. */
export const PROCEDURE_APPROVAL_STATUSES: readonly PatientProcedureStatus[] = ['S2', 'S3', 'S4'];
/** A procedure may be deleted only while planned or cancelled. */
export const PROCEDURE_DELETABLE_STATUSES: readonly PatientProcedureStatus[] = ['S1', 'S5'];

/** What the procedure of the catalogue needs picked on the chart (the catalogue's toothSelection). */
const toothSelections = ['none', 'tooth', 'surface'] as const;

const status = z.enum(PROCEDURE_STATUSES, {
  error: (issue) => (issue.input === undefined ? 'field_required' : 'field_invalid'),
});
/** One status or several (a query string repeats the key, or a single value). */
const statusList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v),
  z.array(status, { error: 'field_invalid' }).max(5, 'field_invalid').optional(),
);

/** A tooth of a patient procedure with the surfaces treated on it (none: the whole tooth). */
export const procedureTooth = z.object({
  tooth: toothNumber,
  surfaces: z
    .array(z.enum(TOOTH_SURFACES, { error: 'tooth_surface_invalid' }), { error: 'tooth_surface_invalid' })
    .max(TOOTH_SURFACES.length, 'tooth_surface_invalid')
    .refine((s) => new Set(s).size === s.length, 'tooth_surface_invalid')
    .default([]),
});
/** At most 52 teeth (every adult and child tooth), each once. */
export const procedureTeeth = z
  .array(procedureTooth, { error: 'field_invalid' })
  .max(52, 'field_invalid')
  .refine((t) => new Set(t.map((x) => x.tooth)).size === t.length, 'tooth_invalid')
  .default([]);

/** A discount as an amount of money or a percent of the price (0-100, at most 2 decimals); absent or null: none. */
export const procedureDiscount = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('amount'), value: moneyAmount }),
      z.object({
        kind: z.literal('percent'),
        /** 0-100 with at most 2 decimals, as text ("12.50"). */
        value: z.union([z.string(), z.number()], { error: 'discount_percent_invalid' }).transform((v, ctx) => {
          const text = parsePercentage(v);
          if (text === null) {
            ctx.addIssue({ code: 'custom', message: 'discount_percent_invalid' });
            return z.NEVER;
          }
          return text;
        }),
      }),
    ],
    { error: 'field_invalid' },
  )
  .optional()
  .nullable();

const moneyText = z.string();

/** One patient procedure as every read returns it. Money is text with the currency's decimals. */
export const patientProcedureItem = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  patientCode: z.string(),
  procedureId: z.number(),
  procedureNameAr: z.string(),
  procedureNameEn: z.string(),
  /** The French name, else the English one. */
  procedureNameFr: z.string(),
  procedureCode: z.string().nullable(),
  toothSelection: z.enum(toothSelections),
  treatmentBranchId: z.number(),
  treatmentBranchNameAr: z.string(),
  treatmentBranchNameEn: z.string(),
  treatmentBranchNameFr: z.string(),
  teeth: z.array(z.object({ tooth: z.number(), surfaces: z.array(z.string()) })),
  status: z.enum(PROCEDURE_STATUSES),
  doctorId: z.number(),
  doctorName: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  price: moneyText,
  discount: moneyText,
  /** The percent the discount was given as ("10.00"), null when given as an amount or none. */
  discountPercent: z.string().nullable(),
  net: moneyText,
  insuranceCompanyId: z.number().nullable(),
  insuranceCompanyName: z.string().nullable(),
  notes: z.string().nullable(),
  plannedDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedById: z.number().nullable(),
  completedByName: z.string().nullable(),
  approvalOverridden: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  visitCount: z.number(),
});

/** The sums of a group of procedures, as text with the currency's decimals. */
export const procedureTotals = z.object({ count: z.number(), price: moneyText, discount: moneyText, net: moneyText });

/** PatientProcedure/GetPatientProcedures: a patient's procedures, optionally on one tooth (TN) and in some statuses. */
export const patientProceduresInput = z.object({
  patientId: id,
  tooth: toothNumber.optional(),
  status: statusList,
});
/**
 * Items newest first; totals per status group: planned (S1, the treatment plan), inProgress (S2), completed (S3+S4),
 * cancelled (S5), and all (every status but S5).
 */
export const patientProceduresOutput = z.object({
  items: z.array(patientProcedureItem),
  totals: z.object({
    planned: procedureTotals,
    inProgress: procedureTotals,
    completed: procedureTotals,
    cancelled: procedureTotals,
    all: procedureTotals,
  }),
});

/**
 * One status change of a patient procedure (/TreatmentDetails' timeline), oldest first. `fromStatus` null: the status
 * it was created in (or had when the history began: procedures older than the history have one such row, who
 * unknown).
 */
export const procedureStatusChange = z.object({
  fromStatus: z.enum(PROCEDURE_STATUSES).nullable(),
  toStatus: z.enum(PROCEDURE_STATUSES),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
  note: z.string().nullable(),
});
export type ProcedureStatusChange = z.infer<typeof procedureStatusChange>;
/** PatientProcedure/GetPatientProcedure: the procedure as listed, with its status history. */
export const patientProcedureOutput = patientProcedureItem.extend({ statusHistory: z.array(procedureStatusChange) });

/**
 * PatientProcedure/SavePatientProcedure: creates when `id` is absent, else updates (with `version`, 409
 * stale_version when it moved). The price comes from the branch's price list at creation and stays unless the
 * procedure changes. `status` applies only to a new one (S1 planned or S3 completed); later changes go through
 * UpdateProcedureStatus. `discount` absent keeps an existing discount on update; null removes it.
 */
export const savePatientProcedureInput = z.object({
  id: optionalId,
  version: z.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid').optional(),
  patientId: id,
  branchId: id,
  procedureId: id,
  doctorId: id,
  teeth: procedureTeeth,
  discount: procedureDiscount,
  notes: optionalText(2000),
  plannedDate: calendarDate.optional().nullable(),
  status: z.enum(PROCEDURE_CREATE_STATUSES, { error: 'field_invalid' }).optional(),
  /** Moving a new procedure to S3 for a company that requires approval: the user confirmed without one. */
  confirmWithoutApproval: z.boolean({ error: 'field_invalid' }).optional(),
});
export const savePatientProcedureOutput = z.object({
  id: z.number(),
  version: z.number(),
  /** The clinic offers the next appointment with the doctor after a new procedure (addAppointmentOnProcedureCreate). */
  offerAppointment: z.boolean(),
  /**
   * checkPatientInsuranceLimit: this procedure takes the insured patient past their insurance limits; `remaining` is
   * what the limits had left before it (text, may be "0.00"). Null when within the limits or not checked.
   */
  insuranceLimitWarning: z.object({ remaining: moneyText, total: moneyText }).nullable(),
});

/**
 * PatientProcedure/UpdateProcedureStatus. S3 records the procedure's doctor as who completed it; S4 needs
 * `completedBy`, another doctor. S2-S4 for a company that requires approval needs `confirmWithoutApproval` (400
 * approval_required otherwise).
 */
export const updateProcedureStatusInput = z.object({
  id,
  version: z.number({ error: 'field_required' }).int('field_invalid').positive('field_invalid'),
  status,
  confirmWithoutApproval: z.boolean({ error: 'field_invalid' }).optional(),
  completedBy: optionalId,
  /** Why, kept with the change in the status history. */
  note: optionalText(500),
});
export const procedureVersionOutput = z.object({ id: z.number(), version: z.number() });

/** PatientProcedure/DeletePatientProcedure: only S1 or S5; its visits go with it. */
export const deletePatientProcedureInput = z.object({
  id,
  version: z.number({ error: 'field_required' }).int('field_invalid').positive('field_invalid'),
});

export const PATIENT_PROCEDURE_SORT_FIELDS = ['createdAt', 'plannedDate', 'completedAt', 'patientName', 'price', 'net', 'status'] as const;
export type PatientProcedureSortField = (typeof PATIENT_PROCEDURE_SORT_FIELDS)[number];

/**
 * PatientProcedure/GetPatientProceduresFilter (/PatientsProceduresList): every patient's procedures the user may see
 * (their branches). Dates are clinic days and filter the procedure's creation day (`dateField` 'createdAt', default),
 * its planned day or its completion day. `search` matches the patient's name or code.
 */
export const patientProceduresFilterInput = z.object({
  status: statusList,
  doctorId: optionalId,
  branchId: optionalId,
  patientId: optionalId,
  treatmentBranchId: optionalId,
  procedureId: optionalId,
  dateField: z.enum(['createdAt', 'plannedDate', 'completedAt'], { error: 'field_invalid' }).default('createdAt'),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  search: z.string().trim().max(100, 'field_too_long').optional(),
  sortField: z.enum(PATIENT_PROCEDURE_SORT_FIELDS, { error: 'field_invalid' }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { error: 'field_invalid' }).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});
export const patientProceduresFilterOutput = z.object({
  items: z.array(patientProcedureItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every procedure that matches the filter (not only the page). */
  totals: procedureTotals,
});

/** PatientProcedure/GetPatientToothDetails: one tooth's procedures and how many notes the tooth has. */
export const patientToothDetailsInput = z.object({ patientId: id, tooth: toothNumber });
export const patientToothDetailsOutput = z.object({
  tooth: z.number(),
  items: z.array(patientProcedureItem),
  notesCount: z.number(),
});

/** One sitting of a procedure. */
export const procedureVisitItem = z.object({
  id: z.number(),
  patientProcedureId: z.number(),
  visitDate: z.string(),
  doctorId: z.number(),
  doctorName: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export const procedureVisitListInput = z.object({ patientProcedureId: id });
export const procedureVisitListOutput = z.object({ items: z.array(procedureVisitItem) });
/** procedure/SaveProcedureVisit: adds a sitting (no id) or changes one. Not on a cancelled (S5) procedure. */
export const saveProcedureVisitInput = z.object({
  id: optionalId,
  patientProcedureId: id,
  visitDate: calendarDate,
  doctorId: id,
  notes: optionalText(2000),
});

export type PatientProcedureItem = z.infer<typeof patientProcedureItem>;
export type PatientProcedureOutput = z.infer<typeof patientProcedureOutput>;
export type ProcedureTotals = z.infer<typeof procedureTotals>;
export type PatientProceduresInput = z.output<typeof patientProceduresInput>;
export type PatientProceduresOutput = z.infer<typeof patientProceduresOutput>;
export type SavePatientProcedureInput = z.output<typeof savePatientProcedureInput>;
export type SavePatientProcedureOutput = z.infer<typeof savePatientProcedureOutput>;
export type ProcedureDiscount = z.output<typeof procedureDiscount>;
export type UpdateProcedureStatusInput = z.output<typeof updateProcedureStatusInput>;
export type DeletePatientProcedureInput = z.output<typeof deletePatientProcedureInput>;
export type PatientProceduresFilterInput = z.output<typeof patientProceduresFilterInput>;
export type PatientProceduresFilterOutput = z.infer<typeof patientProceduresFilterOutput>;
export type PatientToothDetailsInput = z.output<typeof patientToothDetailsInput>;
export type PatientToothDetailsOutput = z.infer<typeof patientToothDetailsOutput>;
export type ProcedureVisitItem = z.infer<typeof procedureVisitItem>;
export type SaveProcedureVisitInput = z.output<typeof saveProcedureVisitInput>;
