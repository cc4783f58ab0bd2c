import {
  type PgColumn, boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { clinicLookups } from '../lookups/lookups.table.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';

/**
 * A patient of the clinic (spec §3 Patient). `nameNormalized` is `normalizeName(name)` (contract), kept for
 * sorting and duplicate detection; the quick search uses `patient_search_words`. Patients are never hard-deleted: `deletedAt` hides them, `mergedIntoId` records a
 * duplicate merged into another patient. Migration 0005 adds `patients_search_cover_idx` (clinic_id, id) INCLUDE
 * (name_normalized, approval_status, deleted_at) for the quick search, which drizzle-kit cannot declare.
 */
export const patients = pgTable(
  'patients',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameNormalized: text('name_normalized').notNull(),
    /** E.164 ('+201001234567'); required unless a parent (house head) is set. */
    mobile: text('mobile'),
    parentId: ref('parent_id'),
    relativeTypeId: ref('relative_type_id'),
    maritalStatus: text('marital_status'),
    occupationId: ref('occupation_id'),
    nationalityId: ref('nationality_id'),
    employer: text('employer'),
    nationalId: text('national_id'),
    email: text('email'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    smsLanguage: text('sms_language').notNull().default('ar'),
    /** Marked not to be messaged (issue 17): message jobs skip the patient and sending is refused. */
    doNotMessage: boolean('do_not_message').notNull().default(false),
    patientType: text('patient_type').notNull().default('PT1'),
    referenceId: ref('reference_id'),
    insuranceCompanyId: ref('insurance_company_id'),
    insuranceNo: text('insurance_no'),
    policyNo: text('policy_no'),
    dependentCode: text('dependent_code'),
    membershipNo: text('membership_no'),
    certificateNo: text('certificate_no'),
    relatedCompany: text('related_company'),
    insuranceStartDate: date('insurance_start_date'),
    insuranceEndDate: date('insurance_end_date'),
    photoKey: text('photo_key'),
    photoThumbKey: text('photo_thumb_key'),
    /** 'approved', or 'waiting' for a patient from the public booking page while autoApprovePatient is off. */
    approvalStatus: text('approval_status').notNull().default('approved'),
    /** 'clinic' (added by staff) or 'website' (public booking page). */
    source: text('source').notNull().default('clinic'),
    isActive: boolean('is_active').notNull().default(true),
    mergedIntoId: ref('merged_into_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('patients_code_uq').on(t.clinicId, t.code),
    foreignKey({ columns: [t.clinicId, t.parentId], foreignColumns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.mergedIntoId], foreignColumns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.relativeTypeId], foreignColumns: [clinicLookups.clinicId, clinicLookups.id] }),
    foreignKey({ columns: [t.clinicId, t.occupationId], foreignColumns: [clinicLookups.clinicId, clinicLookups.id] }),
    foreignKey({ columns: [t.clinicId, t.nationalityId], foreignColumns: [clinicLookups.clinicId, clinicLookups.id] }),
    foreignKey({ columns: [t.clinicId, t.referenceId], foreignColumns: [clinicLookups.clinicId, clinicLookups.id] }),
    foreignKey({
      columns: [t.clinicId, t.insuranceCompanyId],
      foreignColumns: [insuranceCompanies.clinicId, insuranceCompanies.id],
    }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('patients_name_idx').on(t.clinicId, t.nameNormalized, t.id),
    index('patients_created_idx').on(t.clinicId, t.createdAt, t.id),
    /** The patients list sorted by age (date of birth), issue 19: page 1 of 100,000 patients 95 → 19 ms. */
    index('patients_dob_idx').on(t.clinicId, t.dateOfBirth, t.id),
    index('patients_national_id_idx').on(t.clinicId, t.nationalId),
    index('patients_parent_idx').on(t.clinicId, t.parentId),
  ],
);

/** The foreign key every table of a patient's records declares (the merge test finds them by it). */
export const patientFk = (t: { clinicId: PgColumn; patientId: PgColumn }) =>
  foreignKey({ columns: [t.clinicId, t.patientId], foreignColumns: [patients.clinicId, patients.id] });

/**
 * The quick search's words of a patient: each word of the folded name and the mobile's digits (whole and without
 * their first 1-3 digits, so a local number matches whatever the country code). Searched by prefix with the
 * leakproof operators ~>=~ and ~<~, which row-level security lets use the btree index (LIKE it does not).
 * Written by `refreshSearchWords()` whenever a patient's name or mobile changes.
 */
export const patientSearchWords = pgTable(
  'patient_search_words',
  {
    clinicId: clinicId(),
    word: text('word').notNull(),
    patientId: ref('patient_id').notNull(),
    /** The patient's folded name and whether the patients list shows them (approved, not deleted), copied here so a
     * one-word search sorts and pages inside the index (migration 0005 adds patient_search_words_prefix_idx on
     * (clinic_id, word text_pattern_ops, patient_id) INCLUDE (name_normalized, listed), which drizzle-kit cannot declare). */
    nameNormalized: text('name_normalized').notNull(),
    listed: boolean('listed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.word, t.patientId] }),
    patientFk(t),
    index('patient_search_words_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/** The branches a patient belongs to. */
export const patientBranches = pgTable(
  'patient_branches',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.patientId, t.branchId] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    index('patient_branches_branch_idx').on(t.clinicId, t.branchId),
  ],
);

/** Free-text notes on a patient's file (Notes tab). */
export const patientNotes = pgTable(
  'patient_notes',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id'),
    note: text('note').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('patient_notes_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/**
 * Files on a patient's file (Attachments tab): images (checked by content, with a thumbnail) and PDFs, optionally
 * tied to a patient procedure (the treatments module adds that table; the id is kept without a foreign key until then).
 */
export const patientAttachments = pgTable(
  'patient_attachments',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id'),
    patientProcedureId: ref('patient_procedure_id'),
    /** 'image' or 'pdf'. */
    attachmentType: text('attachment_type').notNull(),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    comments: text('comments'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('patient_attachments_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/** Insurance limits of a patient: an amount the company covers over a period. */
export const patientLimits = pgTable(
  'patient_limits',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    insuranceCompanyId: ref('insurance_company_id'),
    /** What the limit covers, e.g. 'Annual', 'Orthodontics'. */
    title: text('title').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({
      columns: [t.clinicId, t.insuranceCompanyId],
      foreignColumns: [insuranceCompanies.clinicId, insuranceCompanies.id],
    }),
    index('patient_limits_patient_idx').on(t.clinicId, t.patientId),
  ],
);
