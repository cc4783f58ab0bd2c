import { foreignKey, index, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { patientFk } from '../patients/patients.table.js';

/**
 * The charted state of one tooth (FDI number) of a patient (SavePatientTeeth): a whole-tooth colour, colours per
 * surface ({ M, D, B, L, O } → '#rrggbb'), extras with a status, custom parts and extensions (JSON arrays the
 * contract defines). A tooth with nothing charted has no row.
 */
export const patientTeeth = pgTable(
  'patient_teeth',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    tooth: smallint('tooth').notNull(),
    color: text('color'),
    surfaces: jsonb('surfaces').$type<Record<string, string>>().notNull().default({}),
    extras: jsonb('extras').$type<unknown[]>().notNull().default([]),
    parts: jsonb('parts').$type<unknown[]>().notNull().default([]),
    extensions: jsonb('extensions').$type<unknown[]>().notNull().default([]),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.patientId, t.tooth] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.updatedBy], foreignColumns: [users.clinicId, users.id] }),
  ],
);

/** Notes on one tooth of a patient. */
export const toothNotes = pgTable(
  'tooth_notes',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    tooth: smallint('tooth').notNull(),
    note: text('note').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('tooth_notes_patient_idx').on(t.clinicId, t.patientId, t.tooth),
  ],
);

/** Root-canal measurements of one tooth: canal name (e.g. MB, DB, P) and working length in millimetres. */
export const toothCanals = pgTable(
  'tooth_canals',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    tooth: smallint('tooth').notNull(),
    canalName: text('canal_name').notNull(),
    length: numeric('length', { precision: 5, scale: 2 }).notNull(),
    referencePoint: text('reference_point'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('tooth_canals_patient_idx').on(t.clinicId, t.patientId, t.tooth),
  ],
);
