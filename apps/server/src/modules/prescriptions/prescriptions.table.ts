import { sql } from 'drizzle-orm';
import { type PgColumn, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { medicalProducts } from '../medical/medical.table.js';
import { patientFk } from '../patients/patients.table.js';

/** The columns of a drug line, shared by prescriptions and templates (docs/prescriptions.md). */
const drugLineColumns = () => ({
  /** Position on the prescription (1, 2, ...), as last saved. */
  lineNo: integer('line_no').notNull(),
  /** The clinic's drug (medical_products) it was chosen from; null when typed. */
  productId: ref('product_id'),
  /** The drug's name as prescribed (a chosen drug's name copied when saved). */
  drugName: text('drug_name').notNull(),
  dosage: text('dosage'),
  duration: text('duration'),
  timesPerDay: integer('times_per_day'),
  /** before, with, after (eating) or any. */
  mealTiming: text('meal_timing').notNull().default('any'),
  repeatCount: integer('repeat_count').notNull().default(0),
  notes: text('notes'),
});

const drugLineChecks = (name: string, t: { mealTiming: PgColumn; timesPerDay: PgColumn; repeatCount: PgColumn; clinicId: PgColumn; productId: PgColumn }) => [
  check(`${name}_meal_ck`, sql`${t.mealTiming} in ('before', 'with', 'after', 'any')`),
  check(`${name}_times_ck`, sql`${t.timesPerDay} is null or ${t.timesPerDay} between 1 and 24`),
  check(`${name}_repeat_ck`, sql`${t.repeatCount} between 0 and 99`),
  foreignKey({ columns: [t.clinicId, t.productId], foreignColumns: [medicalProducts.clinicId, medicalProducts.id] }),
];

/**
 * A prescription: a doctor's for a patient, in a branch, on a date. A draft until published; a published one is
 * immutable (the service refuses with 409 under a row lock, and the `prescriptions_immutable` trigger of the
 * migration refuses any update or delete of it but the patient id moving when patients are merged).
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    doctorId: ref('doctor_id').notNull(),
    branchId: ref('branch_id').notNull(),
    date: date('date').notNull(),
    diagnosis: text('diagnosis'),
    notes: text('notes'),
    /** draft or published. */
    status: text('status').notNull().default('draft'),
    createdAt: createdAt(),
    createdBy: ref('created_by').notNull(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: ref('published_by'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.publishedBy], foreignColumns: [users.clinicId, users.id] }),
    index('prescriptions_patient_idx').on(t.clinicId, t.patientId, t.date, t.id),
    check('prescriptions_status_ck', sql`${t.status} in ('draft', 'published')`),
    check(
      'prescriptions_published_ck',
      sql`(${t.status} = 'published') = (${t.publishedAt} is not null and ${t.publishedBy} is not null)`,
    ),
  ],
);

/**
 * A drug line of a prescription. Lines of a published prescription never change: the `prescription_drugs_immutable`
 * trigger reads the prescription (FOR SHARE, so a publish and a line change take turns) and refuses.
 */
export const prescriptionDrugs = pgTable(
  'prescription_drugs',
  {
    clinicId: clinicId(),
    id: identityId(),
    prescriptionId: ref('prescription_id').notNull(),
    ...drugLineColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.prescriptionId], foreignColumns: [prescriptions.clinicId, prescriptions.id] }).onDelete('cascade'),
    index('prescription_drugs_prescription_idx').on(t.clinicId, t.prescriptionId, t.lineNo),
    ...drugLineChecks('prescription_drugs', t),
  ],
);

/** A named set of drug lines applied to a new prescription in one step; names unique in the clinic ignoring case. */
export const prescriptionTemplates = pgTable(
  'prescription_templates',
  {
    clinicId: clinicId(),
    id: identityId(),
    name: text('name').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    createdBy: ref('created_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('prescription_templates_name_uq').on(t.clinicId, sql`lower(${t.name})`),
  ],
);

export const prescriptionTemplateDrugs = pgTable(
  'prescription_template_drugs',
  {
    clinicId: clinicId(),
    id: identityId(),
    templateId: ref('template_id').notNull(),
    ...drugLineColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.templateId], foreignColumns: [prescriptionTemplates.clinicId, prescriptionTemplates.id] }).onDelete('cascade'),
    index('prescription_template_drugs_template_idx').on(t.clinicId, t.templateId, t.lineNo),
    ...drugLineChecks('prescription_template_drugs', t),
  ],
);

/**
 * A public link to a published prescription: only the SHA-256 of its token is kept (the token itself is shown once,
 * when the link is made). Revoked links stay, with who revoked them and when.
 */
export const prescriptionLinks = pgTable(
  'prescription_links',
  {
    clinicId: clinicId(),
    id: identityId(),
    prescriptionId: ref('prescription_id').notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    createdBy: ref('created_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: ref('revoked_by'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.prescriptionId], foreignColumns: [prescriptions.clinicId, prescriptions.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.revokedBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('prescription_links_token_uq').on(t.clinicId, t.tokenHash),
    index('prescription_links_prescription_idx').on(t.clinicId, t.prescriptionId),
    check('prescription_links_revoked_ck', sql`(${t.revokedAt} is null) = (${t.revokedBy} is null)`),
  ],
);
