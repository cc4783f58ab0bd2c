import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { patientFk } from '../patients/patients.table.js';
import { users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId } from '../../platform/db/columns.js';

/**
 * Append-only history of every change to money (a trigger refuses updates and deletes, except the patient id moving
 * when patients are merged): a payment added or reversed, credit applied, a procedure's price or discount changed, an
 * invoice or credit note issued. `before` and `after` hold the values that changed; the owner reads a patient's
 * money history from here. Written by `recordMoneyChange()` in the same transaction as the change.
 */
export const moneyAudit = pgTable(
  'money_audit',
  {
    clinicId: clinicId(),
    id: identityId(),
    /** The patient whose money changed (moves with a merge, like every patient record). */
    patientId: bigint('patient_id', { mode: 'number' }),
    /** payment, payment_reversal, allocation, patient_procedure, invoice, credit_note, payment_plan. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    /** created, reversed, price_changed, discount_changed, issued, credited ... */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }),
    index('money_audit_patient_idx').on(t.clinicId, t.patientId, t.createdAt),
    index('money_audit_entity_idx').on(t.clinicId, t.entity, t.entityId),
  ],
);
