import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { moneyAudit } from './money-audit.table.js';

/** What changed: the entity (payment, payment_reversal, allocation, patient_procedure, invoice, credit_note, payment_plan). */
export interface MoneyChange {
  patientId: number | null;
  entity: string;
  entityId: number;
  /** created, reversed, applied, price_changed, discount_changed, issued, credited, deleted ... */
  action: string;
  /** The values that changed, before and after (amounts as decimal text); null for a creation / a removal. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one row of the money history, by the session's user, in the caller's transaction (so the change and its
 * audit commit or roll back together). Every service that changes money calls it: payments, reversals, credit
 * applied, plans, a procedure's price or discount, invoices and credit notes.
 */
export async function recordMoneyChange(tx: Tx, session: Pick<ClinicSession, 'clinicId' | 'userId'>, change: MoneyChange) {
  await tx.insert(moneyAudit).values({
    clinicId: session.clinicId,
    patientId: change.patientId,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
    userId: session.userId,
  });
}
