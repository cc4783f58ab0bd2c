import { sql } from 'drizzle-orm';
import {
  check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp,
} from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, money, ref, updatedAt } from '../../platform/db/columns.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { patientFk } from '../patients/patients.table.js';
import { procedures } from '../treatments/treatments.table.js';

/** One tooth of a patient procedure and the surfaces treated on it (empty when the whole tooth). */
export type ProcedureTooth = { tooth: number; surfaces: string[] };

/**
 * A procedure done or planned for a patient (spec §3 Patient procedure), in a clinic branch, by a doctor.
 * Status S1 planned, S2 in progress, S3 completed, S4 completed by another doctor, S5 cancelled; the allowed
 * transitions live in the contract. The price is copied from the branch's price list when the procedure is
 * created (the insurance price for an insured patient, whose company is kept), the discount is an amount (the
 * percent it came from is kept for display); `net` = price - discount is what billing charges. `version` moves on
 * every update: a save with an older version is refused (409), so two users never overwrite each other.
 * A procedure is never deleted once money refers to it (billing's rows hold foreign keys to it).
 */
export const patientProcedures = pgTable(
  'patient_procedures',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id').notNull(),
    procedureId: ref('procedure_id').notNull(),
    doctorId: ref('doctor_id').notNull(),
    status: text('status').notNull().default('S1'),
    /** [{ tooth: 36, surfaces: ['M', 'O'] }]; [] for a procedure on no tooth. */
    teeth: jsonb('teeth').$type<ProcedureTooth[]>().notNull().default([]),
    price: money('price').notNull(),
    discount: money('discount').notNull().default('0'),
    /** The percent the discount was given as, when it was (0-100). */
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }),
    net: money('net').notNull().generatedAlwaysAs(sql`price - discount`),
    /** Set when the price is the insurance price: the company that covers it. */
    insuranceCompanyId: ref('insurance_company_id'),
    /**
     * The part of `net` the insurance company bears (net × its coverage %, rounded to the currency), fixed when the
     * procedure is priced so a later change of the company's coverage never moves a patient's balance; 0 uninsured.
     */
    insuranceShare: money('insurance_share').notNull().default('0'),
    notes: text('notes'),
    /** The day it is planned for, in the clinic's time zone. */
    plannedDate: date('planned_date', { mode: 'string' }),
    /** When it reached S3/S4, and who did it (S4: another doctor than `doctorId`). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: ref('completed_by'),
    /** A status change past S1 confirmed without the insurance company's approval: who confirmed it. */
    approvalOverriddenBy: ref('approval_overridden_by'),
    version: integer('version').notNull().default(1),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.procedureId], foreignColumns: [procedures.clinicId, procedures.id] }),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.completedBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.approvalOverriddenBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({
      columns: [t.clinicId, t.insuranceCompanyId],
      foreignColumns: [insuranceCompanies.clinicId, insuranceCompanies.id],
    }),
    index('patient_procedures_patient_idx').on(t.clinicId, t.patientId, t.createdAt),
    index('patient_procedures_branch_idx').on(t.clinicId, t.branchId, t.createdAt),
    index('patient_procedures_doctor_idx').on(t.clinicId, t.doctorId, t.createdAt),
    index('patient_procedures_procedure_idx').on(t.clinicId, t.procedureId),
    /** GetPatientProceduresFilter over the whole clinic (the owner, every branch): newest first and date ranges. */
    index('patient_procedures_created_idx').on(t.clinicId, t.createdAt),
    // also patient_procedures_status_idx (clinic_id, status, created_at) include (id, branch_id, price, discount),
    // written by hand in migration 0023 (drizzle-kit cannot declare INCLUDE): the filter by status, index-only
    index('patient_procedures_teeth_idx').using('gin', sql`${t.teeth} jsonb_path_ops`),
    check('patient_procedures_status_ck', sql`${t.status} in ('S1', 'S2', 'S3', 'S4', 'S5')`),
    check('patient_procedures_money_ck', sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.price}`),
    check('patient_procedures_insurance_share_ck', sql`${t.insuranceShare} >= 0 and ${t.insuranceShare} <= ${t.price} - ${t.discount}`),
  ],
);

/** One sitting of a multi-visit patient procedure (procedure/SaveProcedureVisit). */
export const procedureVisits = pgTable(
  'procedure_visits',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientProcedureId: ref('patient_procedure_id').notNull(),
    /** The clinic day of the sitting. */
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    doctorId: ref('doctor_id').notNull(),
    notes: text('notes'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientProcedureId],
      foreignColumns: [patientProcedures.clinicId, patientProcedures.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('procedure_visits_procedure_idx').on(t.clinicId, t.patientProcedureId, t.visitDate),
  ],
);

/**
 * Every status change of a patient procedure (/TreatmentDetails' timeline): from (null: the status it was created in,
 * or had when the history began — migration 0014 wrote one such row per procedure), to, who, when, an optional note.
 * Written in the transaction of the change (SavePatientProcedure's create, UpdateProcedureStatus); it goes with the
 * procedure when a procedure is deleted.
 */
export const patientProcedureStatusHistory = pgTable(
  'patient_procedure_status_history',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientProcedureId: ref('patient_procedure_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Null on the rows the migration wrote for procedures whose creator is unknown. */
    changedBy: ref('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientProcedureId],
      foreignColumns: [patientProcedures.clinicId, patientProcedures.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.changedBy], foreignColumns: [users.clinicId, users.id] }),
    index('patient_procedure_status_history_procedure_idx').on(t.clinicId, t.patientProcedureId, t.changedAt),
    check(
      'patient_procedure_status_history_status_ck',
      sql`${t.toStatus} in ('S1', 'S2', 'S3', 'S4', 'S5') and (${t.fromStatus} is null or ${t.fromStatus} in ('S1', 'S2', 'S3', 'S4', 'S5'))`,
    ),
  ],
);
