/**
 * The payments module: money received from patients (LT1 against procedures, LT2 on account), reversals, credit
 * applied, balances, the patient ledger, instalment plans (docs/payments.md). Other modules (invoices, financials)
 * use only what this file exports: the SQL of each figure, so every report agrees with the ledger.
 */
import { sql } from 'drizzle-orm';
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { patientDeleteChecks } from '../patients/index.js';
import { rowsOf } from './payments.sql.js';
import { balanceSql } from './payments.sql.js';
import { seedDemoPayments } from './payments.seed.js';

export { patientBalanceParts, patientBalances, paymentAllocations, patientPayments, paymentPlanInstalments, paymentPlans, paymentReversals } from './payments.table.js';
export { registerPaymentsRoutes } from './payments.routes.js';
export {
  OWED_STATUSES, balancePartsDrift, balanceSql, balancesDrift, fromMilli, moneyText, notReversed, patientBalance, paymentApplied, procedurePaid, procedureShare, toMilli,
} from './payments.sql.js';
export { clinicToday } from './payments.service.js';

/**
 * A patient who owes (remaining on S2-S4 procedures), has credit on account, or paid planned procedures in advance
 * cannot be deleted (spec §5 "a patient with negative balance"; the money would be lost with the record).
 */
patientDeleteChecks.push(async (tx, clinicId, patientId) => {
  const [row] = rowsOf<{ open: boolean }>(
    await tx.execute(sql`select (remaining <> 0 or credit <> 0 or planned_paid <> 0) as open from (${balanceSql(clinicId, patientId)}) b`),
  );
  return row?.open ? 'patient_negative_balance' : null;
});
// after the patient procedures' seeder (modules/index.ts registers this module after that one)
addDemoRecordSeeder('payments', seedDemoPayments);
export { getPatientProcedurePrinting, getProcedurePayment, statementHeadFields } from './payments-read.service.js';
// the list from a chosen source (bench:billing times the entries' path against the summaries')
export { getPatientPaymentReport } from './payment-report.service.js';
