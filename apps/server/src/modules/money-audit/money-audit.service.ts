import { type SQL, sql } from 'drizzle-orm';
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

/**
 * recordMoneyChange's row as a statement fed by `source` (a CTE of the same statement, e.g. the row just inserted):
 * `entityId` and `after` are SQL over it. For a service that writes the change and its history in one statement, to
 * keep a locked turn short (SaveProcedurePayment). `after` must be a jsonb expression.
 */
export function moneyChangeStatement(
  session: Pick<ClinicSession, 'clinicId' | 'userId'>,
  change: Pick<MoneyChange, 'patientId' | 'entity' | 'action'>,
  source: SQL,
  entityId: SQL,
  after: SQL,
): SQL {
  return sql`insert into ${moneyAudit} (clinic_id, patient_id, entity, entity_id, action, before, after, user_id)
    select ${session.clinicId}, ${change.patientId}, ${change.entity}, ${entityId}, ${change.action}, null, ${after}, ${session.userId}
    from ${source}`;
}
