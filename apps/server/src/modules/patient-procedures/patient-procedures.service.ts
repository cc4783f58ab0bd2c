import {
  type PatientProcedureStatus,
  PROCEDURE_APPROVAL_STATUSES,
  PROCEDURE_DELETABLE_STATUSES,
  type ProcedureDiscount,
  type SavePatientProcedureInput,
  type SavePatientProcedureOutput,
  type UpdateProcedureStatusInput,
  canMoveProcedure,
  compareDecimalText,
  currencyDecimals,
} from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { roles, userBranches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { insuranceCompanies } from '../insurance/index.js';
import { recordMoneyChange } from '../money-audit/index.js';
import { procedurePaid, procedureShare } from '../payments/payments.sql.js';
import { findPatient, patientLimits } from '../patients/index.js';
import { priceListProcedures, procedures } from '../treatments/index.js';
import { moneyText } from './patient-procedures-read.service.js';
import { patientProcedureStatusHistory, patientProcedures } from './patient-procedures.table.js';

export type PatientProcedureRow = typeof patientProcedures.$inferSelect;
type ProcedureTooth = PatientProcedureRow['teeth'][number];

const byId = (clinicId: number, id: number) => and(eq(patientProcedures.clinicId, clinicId), eq(patientProcedures.id, id));

/**
 * A patient procedure the user may see: another clinic's or a missing id is 404 patient_procedure_not_found, a
 * patient outside the user's branches 403 BS15 (findPatient). With `write`, the procedure's branch must be one of the
 * user's too (403 BS15), and the patient's row then the procedure's are locked (FOR UPDATE) until the transaction
 * ends — the order of payments and invoices (patient, then procedures by id), so neither waits on the other in a
 * cycle and a version or invoice checked here is still the row's at the update (which also says `where version = v`).
 */
export async function findPatientProcedure(tx: Tx, session: ClinicSession, id: number, write = false): Promise<PatientProcedureRow> {
  const [row] = await tx.select().from(patientProcedures).where(byId(session.clinicId, id));
  if (!row) return fail('patient_procedure_not_found');
  await findPatient(tx, session, row.patientId, write);
  if (!write) return row;
  // a procedure never moves to another patient: the row read again under the patient's lock is the current one
  const [locked] = await tx.select().from(patientProcedures).where(byId(session.clinicId, id)).for('update');
  if (!locked) return fail('patient_procedure_not_found');
  if (!session.branchIds.includes(locked.branchId)) fail('BS15');
  return locked;
}

/**
 * Whether the procedure is on a live invoice (an invoice without a credit note: `live`) or on any issued document
 * (`any`). A live invoice fixes the procedure (no cancel, delete, price, discount, procedure or branch change: 409
 * procedure_on_invoice) until a credit note frees it; a document ever issued keeps it from deletion. Raw table names:
 * the invoices module builds on this one (docs/invoices.md).
 */
async function invoiceState(tx: Tx, clinicId: number, id: number) {
  const [row] = rowsOf<{ live: boolean; any: boolean }>(
    await tx.execute(sql`select
        exists (select 1 from invoice_lines l join invoices i on i.clinic_id = l.clinic_id and i.id = l.invoice_id and i.kind = 'invoice'
          where l.clinic_id = ${clinicId} and l.patient_procedure_id = ${id}
            and not exists (select 1 from invoices c where c.clinic_id = i.clinic_id and c.credited_invoice_id = i.id)) as live,
        exists (select 1 from invoice_lines l where l.clinic_id = ${clinicId} and l.patient_procedure_id = ${id}) as any`),
  );
  return row!;
}

/** A branch of the clinic the user works in: not the clinic's → 404, not the user's → 403 BS15. */
export function assertUserBranch(session: ClinicSession, branchId: number) {
  if (!session.clinicBranchIds.includes(branchId)) fail('not_found', { branchId: 'not_found' });
  if (!session.branchIds.includes(branchId)) fail('BS15');
}

/**
 * The doctor (`field`) of a procedure or visit in `branchId`: a user of the clinic (else 404 user_not_found), active,
 * not deleted and working in the branch (home branch, assigned branch, or the owner) — else 400 doctor_not_in_branch.
 */
export async function assertBranchDoctor(tx: Tx, clinicId: number, branchId: number, userId: number, field: string) {
  const [row] = await tx
    .select({
      usable: sql<boolean>`${users.isActive} and ${users.deletedAt} is null and (
        ${users.branchId} = ${branchId}
        or exists (select 1 from ${userBranches} ub where ub.clinic_id = ${users.clinicId} and ub.user_id = ${users.id} and ub.branch_id = ${branchId})
        or exists (select 1 from ${roles} r where r.clinic_id = ${users.clinicId} and r.id = ${users.roleId} and r.base_role = 'RL1'))`,
    })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), eq(users.id, userId)));
  if (!row) fail('user_not_found', { [field]: 'user_not_found' });
  if (!row!.usable) fail('doctor_not_in_branch', { [field]: 'doctor_not_in_branch' });
}

/** The teeth a procedure's `toothSelection` needs: 'tooth' at least one tooth, 'surface' a surface on every tooth. */
function assertTeeth(toothSelection: string, teeth: readonly ProcedureTooth[]) {
  if (toothSelection === 'tooth' && !teeth.length) fail('select_tooth', { teeth: 'select_tooth' });
  if (toothSelection === 'surface' && (!teeth.length || teeth.some((t) => !t.surfaces.length)))
    fail('select_surface', { teeth: 'select_surface' });
}

/**
 * The patient's insurance when it prices procedures: an active company that is not the clinic's default (the
 * default company stands for "no particular insurer"), within the patient's insurance dates (clinic day).
 */
async function patientInsurance(tx: Tx, session: ClinicSession, patient: { insuranceCompanyId: number | null; insuranceStartDate: string | null; insuranceEndDate: string | null }) {
  if (!patient.insuranceCompanyId) return null;
  const [company] = await tx
    .select({
      id: insuranceCompanies.id,
      requiresApproval: insuranceCompanies.requiresApproval,
      coveragePercentage: insuranceCompanies.coveragePercentage,
      current: sql<boolean>`(${patient.insuranceStartDate}::date is null or ${patient.insuranceStartDate}::date <= (now() at time zone ${session.clinic.timeZone})::date)
        and (${patient.insuranceEndDate}::date is null or ${patient.insuranceEndDate}::date >= (now() at time zone ${session.clinic.timeZone})::date)`,
    })
    .from(insuranceCompanies)
    .where(
      and(
        eq(insuranceCompanies.clinicId, session.clinicId),
        eq(insuranceCompanies.id, patient.insuranceCompanyId),
        eq(insuranceCompanies.isActive, true),
        eq(insuranceCompanies.isDefault, false),
      ),
    );
  return company?.current ? company : null;
}

/** The procedure's price in the branch's price list: not listed or inactive → 400; another clinic's → 404. */
async function listedPrice(tx: Tx, clinicId: number, branchId: number, procedureId: number) {
  const [row] = await tx
    .select({
      price: priceListProcedures.price,
      insurancePrice: priceListProcedures.insurancePrice,
      toothSelection: procedures.toothSelection,
      isActive: procedures.isActive,
    })
    .from(priceListProcedures)
    .innerJoin(procedures, and(eq(procedures.clinicId, priceListProcedures.clinicId), eq(procedures.id, priceListProcedures.procedureId)))
    .where(
      and(
        eq(priceListProcedures.clinicId, clinicId),
        eq(priceListProcedures.branchId, branchId),
        eq(priceListProcedures.procedureId, procedureId),
      ),
    );
  if (!row) {
    // another clinic's procedure (or none) is not found, as every other id of another clinic
    const [own] = await tx.select({ id: procedures.id }).from(procedures).where(and(eq(procedures.clinicId, clinicId), eq(procedures.id, procedureId)));
    if (!own) return fail('not_found', { procedureId: 'not_found' });
  }
  if (!row?.isActive) return fail('procedure_not_in_price_list', { procedureId: 'procedure_not_in_price_list' });
  return row;
}

/** The discount columns for `discount` on `price` (canonical 3-decimal text); the percent is turned into an amount in SQL. */
function discountValues(discount: ProcedureDiscount, price: string, currency: string) {
  if (!discount) return { discount: '0', discountPercent: null };
  if (discount.kind === 'amount') {
    assertCurrencyAmount(discount.value, currency, 'discount');
    if (compareDecimalText(discount.value, price) > 0) fail('discount_above_price', { discount: 'discount_above_price' });
    return { discount: discount.value, discountPercent: null };
  }
  // round half away from zero to the currency's decimals (PostgreSQL's numeric round); never above the price
  const d = currencyDecimals(currency);
  return {
    discount: sql`round(${price}::numeric * ${discount.value}::numeric / 100, ${sql.raw(String(d))})`,
    discountPercent: discount.value,
  };
}

const isZeroDiscount = (discount: ProcedureDiscount) => !discount || /^0+(\.0+)?$/.test(discount.value);

/** Whether `discount` (as sent) differs from the stored one: the percent, or the amount without a percent. */
function discountChanged(row: PatientProcedureRow, discount: ProcedureDiscount) {
  if (isZeroDiscount(discount)) return compareDecimalText(row.discount, '0.000') !== 0;
  if (discount!.kind === 'percent') return row.discountPercent == null || compareDecimalText(row.discountPercent, discount!.value) !== 0;
  return row.discountPercent != null || compareDecimalText(row.discount, discount!.value) !== 0;
}

/**
 * checkPatientInsuranceLimit: the insured patient's limits that apply today (no dates or a period around the clinic's
 * today; no company or the patient's company) against what the company covers of the patient's insured procedures
 * (their stored insurance shares, every status but S5). When they pass the limits, the warning carries what was left before this
 * procedure (`remaining`, never below 0) and the limits' total. No limits: no warning.
 */
async function insuranceLimitWarning(tx: Tx, session: ClinicSession, patientId: number, procedureId: number, companyId: number) {
  const d = currencyDecimals(session.clinic.currency);
  const today = sql`(now() at time zone ${session.clinic.timeZone})::date`;
  const [row] = rowsOf<{ limits: string | null; before: string; after: string; over: boolean }>(
    await tx.execute(sql`with l as (
        select sum(amount) as total from ${patientLimits}
        where clinic_id = ${session.clinicId} and patient_id = ${patientId}
          and (insurance_company_id is null or insurance_company_id = ${companyId})
          and (start_date is null or start_date <= ${today}) and (end_date is null or end_date >= ${today})),
      u as (
        select coalesce(sum(p.insurance_share) filter (where p.id <> ${procedureId}), 0) as before,
          coalesce(sum(p.insurance_share), 0) as after
        from ${patientProcedures} p
        where p.clinic_id = ${session.clinicId} and p.patient_id = ${patientId} and p.status <> 'S5')
      select ${moneyText(sql`l.total`, d)} as limits, ${moneyText(sql`greatest(l.total - u.before, 0)`, d)} as before,
        u.after::text as after, (l.total is not null and u.after > l.total) as over
      from l, u`),
  );
  return row?.over ? { remaining: row.before, total: row.limits! } : null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The approval rule (spec §5): moving to S2-S4 a procedure priced for a company that requires approval, while no
 * approval exists (approvals come with the insurance issue) and nobody confirmed yet, is 400 approval_required
 * unless the user confirms; their id is then kept as approvalOverriddenBy.
 */
async function approvalOverride(
  tx: Tx,
  session: ClinicSession,
  row: { insuranceCompanyId: number | null; approvalOverriddenBy: number | null },
  to: PatientProcedureStatus,
  confirmed: boolean | undefined,
): Promise<number | null> {
  if (row.approvalOverriddenBy || !row.insuranceCompanyId || !PROCEDURE_APPROVAL_STATUSES.includes(to)) return row.approvalOverriddenBy;
  const [company] = await tx
    .select({ requiresApproval: insuranceCompanies.requiresApproval })
    .from(insuranceCompanies)
    .where(and(eq(insuranceCompanies.clinicId, session.clinicId), eq(insuranceCompanies.id, row.insuranceCompanyId)));
  if (!company?.requiresApproval) return null;
  if (!confirmed) fail('approval_required');
  return session.userId;
}

const moneyColumns = {
  price: patientProcedures.price,
  discount: patientProcedures.discount,
  insuranceShare: patientProcedures.insuranceShare,
};
type MoneyColumns = { price: string; discount: string; insuranceShare: string };
const trimMoney = (v: string, d: number) => v.replace(new RegExp(`(\\.\\d{${d}})0*$`), '$1');
const moneyOf = (row: MoneyColumns, d: number) => ({
  price: trimMoney(row.price, d),
  discount: trimMoney(row.discount, d),
  insuranceShare: trimMoney(row.insuranceShare, d),
});

/**
 * After a change of a procedure's price or discount: the money history gets the values before and after, and what is
 * already paid on it may not exceed the new patient share (409 procedure_paid_above_share; the payments lock the
 * procedure's row as this change does, so neither slips past the other).
 */
async function auditMoneyChange(tx: Tx, session: ClinicSession, before: PatientProcedureRow, after: MoneyColumns) {
  const d = currencyDecimals(session.clinic.currency);
  const [b, a] = [moneyOf(before, d), moneyOf(after, d)];
  if (b.price === a.price && b.discount === a.discount && b.insuranceShare === a.insuranceShare) return;
  const [row] = rowsOf<{ over: boolean }>(
    await tx.execute(sql`select ${procedurePaid('pp')} > ${procedureShare('pp')} as over from ${patientProcedures} pp
      where pp.clinic_id = ${session.clinicId} and pp.id = ${before.id}`),
  );
  if (row?.over) fail('procedure_paid_above_share');
  await recordMoneyChange(tx, session, {
    patientId: before.patientId,
    entity: 'patient_procedure',
    entityId: before.id,
    action: b.price !== a.price ? 'price_changed' : 'discount_changed',
    before: b,
    after: a,
  });
}

/** Whether unreversed payments (`paid`) or any payment ever (`any`) refer to the procedure. */
async function procedurePayments(tx: Tx, clinicId: number, id: number) {
  const [row] = rowsOf<{ paid: boolean; any: boolean }>(
    await tx.execute(sql`select ${procedurePaid('pp')} > 0 as paid,
        exists (select 1 from payment_allocations a where a.clinic_id = pp.clinic_id and a.patient_procedure_id = pp.id) as any
      from ${patientProcedures} pp where pp.clinic_id = ${clinicId} and pp.id = ${id}`),
  );
  return row!;
}

/**
 * Writes a status change of procedure `id` to its history (same transaction): from (null when created), to, the user,
 * now, the note. Every change of `patient_procedures.status` goes through here (create and UpdateProcedureStatus).
 */
async function recordStatus(tx: Tx, session: ClinicSession, id: number, from: string | null, to: string, note?: string | null) {
  await tx.insert(patientProcedureStatusHistory).values({
    clinicId: session.clinicId,
    patientProcedureId: id,
    fromStatus: from,
    toStatus: to,
    changedBy: session.userId,
    note: note?.trim() || null,
  });
}

/** The update must hit the version the user read; 0 rows means someone else changed (or deleted) it: 409. */
const staleVersion = () => fail('stale_version');

/**
 * PatientProcedure/SavePatientProcedure. Create: the patient, the user's branch, a doctor working there, the
 * procedure from the branch's price list (insurance price and company for an insured patient), teeth as the
 * procedure needs them, the discount (with patient_apply_discount), S1 or S3 (completed now by the doctor).
 * Update (id + version): the same checks; the price stays unless the procedure or branch changes; a discount that
 * changes needs the key again; `update … where version = v` (0 rows: 409 stale_version).
 */
export async function savePatientProcedure(tx: Tx, session: ClinicSession, input: SavePatientProcedureInput): Promise<SavePatientProcedureOutput> {
  const { clinicId } = session;
  const currency = session.clinic.currency;
  const existing = input.id ? await findPatientProcedure(tx, session, input.id, true) : null;
  if (existing && input.version === undefined) fail('field_required', { version: 'field_required' });
  if (existing && existing.patientId !== input.patientId) fail('patient_procedure_not_found');
  if (existing && existing.version !== input.version) staleVersion();
  if (existing?.status === 'S5') fail('procedure_cancelled');
  const patient = await findPatient(tx, session, input.patientId);
  assertUserBranch(session, input.branchId);
  await assertBranchDoctor(tx, clinicId, input.branchId, input.doctorId, 'doctorId');
  const listed = await listedPrice(tx, clinicId, input.branchId, input.procedureId);
  assertTeeth(listed.toothSelection, input.teeth);

  const reprice = !existing || existing.procedureId !== input.procedureId || existing.branchId !== input.branchId;
  const insurance = reprice ? await patientInsurance(tx, session, patient) : null;
  const price = reprice ? (insurance ? listed.insurancePrice : listed.price) : existing!.price;
  const insuranceCompanyId = reprice ? (insurance?.id ?? null) : existing!.insuranceCompanyId;

  // the discount: as sent (absent on an update keeps the stored one, re-applied to a new price)
  let discount: ProcedureDiscount;
  if (input.discount !== undefined || !existing) {
    discount = isZeroDiscount(input.discount) ? null : input.discount;
    const changed = existing ? discountChanged(existing, discount) : !!discount;
    if (changed && !session.permissions.has('patient_apply_discount')) fail('no_discount_permission');
  } else {
    discount = existing.discountPercent != null
      ? { kind: 'percent', value: existing.discountPercent }
      : isZeroDiscount({ kind: 'amount', value: existing.discount }) ? null : { kind: 'amount', value: existing.discount };
    if (discount?.kind === 'amount' && compareDecimalText(discount.value, price) > 0) fail('discount_above_price', { discount: 'discount_above_price' });
  }
  const discountCols = discountValues(discount, price, currency);
  // the insurer's share (net × the company's coverage %, half away from zero to the currency's decimals), fixed when
  // the procedure is priced or its discount changes; otherwise the stored share stays (a later coverage change of the
  // company never moves a patient's balance)
  const discountChangedNow = !existing || (input.discount !== undefined && discountChanged(existing, discount));
  const insuranceShare = !reprice && !discountChangedNow
    ? undefined
    : insuranceCompanyId
      ? sql`coalesce((select round((${price}::numeric - ${typeof discountCols.discount === 'string' ? sql`${discountCols.discount}::numeric` : discountCols.discount})
          * ic.coverage_percentage / 100, ${sql.raw(String(currencyDecimals(currency)))}) from ${insuranceCompanies} ic
          where ic.clinic_id = ${clinicId} and ic.id = ${insuranceCompanyId}), 0)`
      : '0';
  const values = {
    branchId: input.branchId,
    procedureId: input.procedureId,
    doctorId: input.doctorId,
    teeth: input.teeth,
    price,
    insuranceCompanyId,
    ...discountCols,
    ...(insuranceShare === undefined ? {} : { insuranceShare }),
    notes: input.notes || null,
    plannedDate: input.plannedDate ?? null,
  };

  let id: number;
  let version: number;
  if (existing) {
    const [updated] = await tx
      .update(patientProcedures)
      .set({ ...values, version: sql`${patientProcedures.version} + 1`, updatedAt: new Date() })
      .where(and(byId(clinicId, existing.id), eq(patientProcedures.version, input.version!)))
      .returning({ id: patientProcedures.id, version: patientProcedures.version, ...moneyColumns });
    if (!updated) return staleVersion();
    ({ id, version } = updated);
    const d = currencyDecimals(currency);
    const moved = reprice || JSON.stringify(moneyOf(existing, d)) !== JSON.stringify(moneyOf(updated, d));
    if (moved && (await invoiceState(tx, clinicId, existing.id)).live) fail('procedure_on_invoice');
    await auditMoneyChange(tx, session, existing, updated);
  } else {
    const status = input.status ?? 'S1';
    const overriddenBy = status === 'S3'
      ? await approvalOverride(tx, session, { insuranceCompanyId, approvalOverriddenBy: null }, 'S3', input.confirmWithoutApproval)
      : null;
    const [created] = await tx
      .insert(patientProcedures)
      .values({
        clinicId,
        patientId: input.patientId,
        ...values,
        status,
        completedAt: status === 'S3' ? sql`now()` : null,
        completedBy: status === 'S3' ? input.doctorId : null,
        approvalOverriddenBy: overriddenBy,
        createdBy: session.userId,
      })
      .returning({ id: patientProcedures.id, version: patientProcedures.version, ...moneyColumns });
    ({ id, version } = created!);
    await recordStatus(tx, session, id, null, status);
    await recordMoneyChange(tx, session, {
      patientId: input.patientId,
      entity: 'patient_procedure',
      entityId: id,
      action: 'created',
      after: moneyOf(created!, currencyDecimals(currency)),
    });
  }
  const warning = session.clinic.checkPatientInsuranceLimit && insuranceCompanyId
    ? await insuranceLimitWarning(tx, session, input.patientId, id, insuranceCompanyId)
    : null;
  return {
    id,
    version,
    offerAppointment: !existing && session.clinic.addAppointmentOnProcedureCreate,
    insuranceLimitWarning: warning,
  };
}

/**
 * PatientProcedure/UpdateProcedureStatus: only the transitions of PROCEDURE_TRANSITIONS (400
 * status_transition_invalid). S3 is completed by the procedure's doctor, S4 by `completedBy`, another doctor working
 * in the branch; S1, S2 and S5 clear the completion. Optimistic: `where version = v`, else 409 stale_version.
 */
export async function updateProcedureStatus(tx: Tx, session: ClinicSession, input: UpdateProcedureStatusInput) {
  const row = await findPatientProcedure(tx, session, input.id, true);
  if (row.version !== input.version) staleVersion();
  const from = row.status as PatientProcedureStatus;
  if (!canMoveProcedure(from, input.status)) fail('status_transition_invalid', { status: 'status_transition_invalid' });
  let completedBy: number | null = null;
  if (input.status === 'S3') completedBy = row.doctorId;
  if (input.status === 'S4') {
    if (!input.completedBy || input.completedBy === row.doctorId) fail('completed_by_required', { completedBy: 'completed_by_required' });
    await assertBranchDoctor(tx, session.clinicId, row.branchId, input.completedBy!, 'completedBy');
    completedBy = input.completedBy!;
  }
  // money paid on it stays with it: cancelling (S5 charges nothing) would hide it; reverse the payments first
  if (input.status === 'S5' && (await invoiceState(tx, session.clinicId, row.id)).live) fail('procedure_on_invoice');
  if (input.status === 'S5' && (await procedurePayments(tx, session.clinicId, row.id)).paid) fail('procedure_has_payments');
  const overriddenBy = await approvalOverride(tx, session, row, input.status, input.confirmWithoutApproval);
  const completing = input.status === 'S3' || input.status === 'S4';
  const [updated] = await tx
    .update(patientProcedures)
    .set({
      status: input.status,
      completedBy,
      // S3 ↔ S4 corrects who completed it, not when
      completedAt: completing ? (row.completedAt ?? sql`now()`) : null,
      approvalOverriddenBy: overriddenBy,
      version: sql`${patientProcedures.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(byId(session.clinicId, row.id), eq(patientProcedures.version, input.version)))
    .returning({ id: patientProcedures.id, version: patientProcedures.version });
  if (!updated) return staleVersion();
  await recordStatus(tx, session, row.id, from, input.status, input.note);
  return updated;
}

/**
 * PatientProcedure/DeletePatientProcedure: a planned (S1) or cancelled (S5) procedure only (409
 * procedure_not_deletable: 'Can't delete procedure'); its visits go with it (cascade). `where version = v`.
 */
export async function deletePatientProcedure(tx: Tx, session: ClinicSession, input: { id: number; version: number }) {
  const row = await findPatientProcedure(tx, session, input.id, true);
  if (row.version !== input.version) staleVersion();
  if (!PROCEDURE_DELETABLE_STATUSES.includes(row.status as PatientProcedureStatus)) fail('procedure_not_deletable');
  const invoiced = await invoiceState(tx, session.clinicId, row.id);
  if (invoiced.live) fail('procedure_on_invoice');
  if (invoiced.any) fail('procedure_invoiced');
  // a payment ever allocated to it (even reversed) is history that names it: never deleted (cancel it instead)
  if ((await procedurePayments(tx, session.clinicId, row.id)).any) fail('procedure_has_payments');
  const deleted = await tx
    .delete(patientProcedures)
    .where(and(byId(session.clinicId, row.id), eq(patientProcedures.version, input.version), sql`${patientProcedures.status} in ('S1', 'S5')`))
    .returning({ id: patientProcedures.id });
  if (!deleted.length) staleVersion();
  return { ok: true as const };
}

