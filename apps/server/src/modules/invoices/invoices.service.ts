import {
  type InvoiceDocument,
  type IssueCreditNoteInput,
  type IssueInvoiceInput,
  type Language,
  compareDecimalText,
  currencyDecimals,
} from '@dental/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { branches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { nextNumber } from '../../platform/db/counters.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { clinicLookups } from '../lookups/index.js';
import { recordMoneyChange } from '../money-audit/index.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { findPatient, patients } from '../patients/index.js';
import { procedures } from '../treatments/index.js';
import { amountInWords } from './amount-in-words.js';
import { invoiceLines, invoices } from './invoices.table.js';
import { zatcaQr } from './zatca-qr.js';

/*
 * Issuing invoices and credit notes (docs/invoices.md). Every amount is computed by PostgreSQL on numeric values and
 * travels as text: no JavaScript number ever holds money.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const SAUDI_ARABIA = 'CN2';
/** A Saudi citizen's national ID: 10 digits starting with 1 (a resident's iqama starts with 2). */
const SAUDI_CITIZEN_ID = /^1\d{9}$/;
/** The clinic's Nationality lookup that means Saudi (the lookup is the clinic's own list: matched by its names). */
const isSaudiNationality = (nameAr: string, nameEn: string) =>
  /^saudi/i.test(nameEn.trim()) || /سعود/.test(nameAr);

/** The branch of a call: the clinic's (else 404) and one the user works in (else 403 BS15). */
function assertBranch(session: ClinicSession, branchId: number) {
  if (!session.clinicBranchIds.includes(branchId)) fail('not_found', { branchId: 'not_found' });
  if (!session.branchIds.includes(branchId)) fail('BS15');
}

/** The description of a line: the procedure's name in the document's language, then its teeth and surfaces. */
function lineDescription(
  language: Language,
  names: { nameAr: string; nameEn: string; nameFr: string | null },
  teeth: Array<{ tooth: number; surfaces?: string[] }>,
) {
  const name = language === 'ar' ? names.nameAr : language === 'fr' ? names.nameFr || names.nameEn : names.nameEn;
  const where = teeth.map((t) => (t.surfaces?.length ? `${t.tooth} ${t.surfaces.join('')}` : String(t.tooth))).join(', ');
  return where ? `${name} (${where})` : name;
}

/** The clinic's address (address, city) as a document prints it; '' when it has none. */
const clinicAddress = (clinic: { address: string | null; city: string | null }) =>
  [clinic.address, clinic.city].map((s) => s?.trim()).filter(Boolean).join(', ');

/**
 * The seller's address and phone of a document of `branchId` as they are now: the clinic's address and city, the
 * branch's mobile or else the clinic's ('' for none). Copied onto the document at issue.
 */
async function sellerContact(tx: Tx, session: ClinicSession, branchId: number) {
  const [branch] = await tx
    .select({ mobile: branches.mobile })
    .from(branches)
    .where(and(eq(branches.clinicId, session.clinicId), eq(branches.id, branchId)));
  return { address: clinicAddress(session.clinic), phone: branch?.mobile?.trim() || session.clinic.mobile?.trim() || '' };
}

/** Writes the money audit row of an issued document (`recordMoneyChange`, same transaction). */
async function auditIssued(
  tx: Tx,
  session: ClinicSession,
  doc: { id: number; patientId: number; kind: string; number: number; subtotal: string; vatTotal: string; total: string },
  before: Record<string, unknown> | null,
) {
  await recordMoneyChange(tx, session, {
    patientId: doc.patientId,
    entity: doc.kind,
    entityId: doc.id,
    action: 'issued',
    before,
    after: { number: doc.number, subtotal: doc.subtotal, vatTotal: doc.vatTotal, total: doc.total },
  });
}

/**
 * Invoice/IssueInvoice. One transaction: the patient's row is locked (FOR UPDATE) first, so two invoices of the
 * same patient take turns and the check that no procedure is on a live invoice (an invoice without a credit note)
 * holds; then the chosen procedures in id order (a procedure's cancel, delete or price change locks the same rows in
 * the same order); then the clinic's next invoice number (its counter row stays locked until the commit: no gap, no repeat).
 */
export async function issueInvoice(tx: Tx, session: ClinicSession, input: IssueInvoiceInput, requestLanguage: Language) {
  const patient = await findPatient(tx, session, input.patientId, true);
  assertBranch(session, input.branchId);
  const clinic = session.clinic;
  const language = input.language ?? requestLanguage;
  const decimals = currencyDecimals(clinic.currency);

  const found = await tx
    .select({
      id: patientProcedures.id,
      status: patientProcedures.status,
      branchId: patientProcedures.branchId,
      teeth: patientProcedures.teeth,
      nameAr: procedures.nameAr,
      nameEn: procedures.nameEn,
      nameFr: procedures.nameFr,
    })
    .from(patientProcedures)
    .innerJoin(procedures, and(eq(procedures.clinicId, patientProcedures.clinicId), eq(procedures.id, patientProcedures.procedureId)))
    .where(
      and(
        eq(patientProcedures.clinicId, session.clinicId),
        eq(patientProcedures.patientId, patient.id),
        inArray(patientProcedures.id, input.patientProcedureIds),
      ),
    )
    // locked in id order after the patient, as payments and procedure changes lock them: a cancel, delete or price
    // change of one of them waits for this invoice and then sees it (409 procedure_on_invoice)
    .orderBy(patientProcedures.id)
    .for('update', { of: patientProcedures });
  const byId = new Map(found.map((p) => [p.id, p]));
  if (byId.size !== input.patientProcedureIds.length) fail('patient_procedure_not_found', { patientProcedureIds: 'patient_procedure_not_found' });
  if (found.some((p) => p.status === 'S5')) fail('procedure_not_billable', { patientProcedureIds: 'procedure_not_billable' });
  if (found.some((p) => p.branchId !== input.branchId)) fail('invoice_branch_mismatch', { patientProcedureIds: 'invoice_branch_mismatch' });

  const [invoiced] = rowsOf<{ id: number }>(
    await tx.execute(sql`select l.patient_procedure_id as id from ${invoiceLines} l
      join ${invoices} i on i.clinic_id = l.clinic_id and i.id = l.invoice_id and i.kind = 'invoice'
      where l.clinic_id = ${session.clinicId} and l.patient_procedure_id in (${sql.join(input.patientProcedureIds.map((id) => sql`${id}`), sql`, `)})
        and not exists (select 1 from ${invoices} c where c.clinic_id = i.clinic_id and c.credited_invoice_id = i.id)
      limit 1`),
  );
  if (invoiced) fail('procedure_already_invoiced', { patientProcedureIds: 'procedure_already_invoiced' });

  // VAT: the clinic's rate, kept on each line; a Saudi citizen's healthcare in a Saudi clinic carries none (MONEY.md)
  const clinicRate = clinic.vatPercentage;
  const vatNo = clinic.taxNo?.trim() || null;
  if (compareDecimalText(clinicRate, '0.00') > 0 && !vatNo) fail('vat_number_missing');
  let citizen = false;
  if (clinic.countryId === SAUDI_ARABIA && patient.nationalId && SAUDI_CITIZEN_ID.test(patient.nationalId.trim()) && patient.nationalityId) {
    const [nationality] = await tx
      .select({ nameAr: clinicLookups.nameAr, nameEn: clinicLookups.nameEn })
      .from(clinicLookups)
      .where(and(eq(clinicLookups.clinicId, session.clinicId), eq(clinicLookups.id, patient.nationalityId)));
    citizen = !!nationality && isSaudiNationality(nationality.nameAr, nationality.nameEn);
  }
  const rate = citizen ? '0.00' : clinicRate;

  // the lines: the patient's share of each procedure (price less the insurer's share) less its discount; VAT per line
  // rounded half away from zero (PostgreSQL's round of numeric) to the currency's decimals; totals = sums of the lines
  const d = sql.raw(String(decimals));
  const lines = rowsOf<{
    id: number; unitPrice: string; discount: string; taxable: string; vat: string; lineTotal: string;
    subtotal: string; vatTotal: string; total: string; nothing: boolean;
  }>(
    await tx.execute(sql`with l as (
        select pp.id, pp.price - pp.insurance_share as unit_price, pp.discount,
          pp.price - pp.insurance_share - pp.discount as taxable,
          round((pp.price - pp.insurance_share - pp.discount) * ${rate}::numeric / 100, ${d}) as vat
        from ${patientProcedures} pp
        where pp.clinic_id = ${session.clinicId} and pp.id in (${sql.join(input.patientProcedureIds.map((id) => sql`${id}`), sql`, `)}))
      select id, unit_price::text as "unitPrice", discount::text as discount, taxable::text as taxable, vat::text as vat,
        (taxable + vat)::text as "lineTotal", (sum(taxable) over ())::text as subtotal, (sum(vat) over ())::text as "vatTotal",
        (sum(taxable) over () + sum(vat) over ())::text as total, sum(taxable) over () = 0 as nothing
      from l`),
  );
  const totals = lines[0]!;
  if (totals.nothing) fail('invoice_nothing_to_bill', { patientProcedureIds: 'invoice_nothing_to_bill' });

  const seller = await sellerContact(tx, session, input.branchId);
  const number = await nextNumber(tx, session.clinicId, 'invoice');
  const [invoice] = await tx
    .insert(invoices)
    .values({
      clinicId: session.clinicId,
      kind: 'invoice',
      number,
      patientId: patient.id,
      branchId: input.branchId,
      issuedBy: session.userId,
      currency: clinic.currency,
      language,
      sellerName: clinic.displayName,
      sellerVatNo: vatNo,
      sellerCrNo: clinic.commercialRegistrationNo?.trim() || null,
      sellerBranchAddress: seller.address,
      sellerPhone: seller.phone,
      buyerName: patient.name,
      buyerNationalId: citizen ? patient.nationalId!.trim() : null,
      subtotal: totals.subtotal,
      vatTotal: totals.vatTotal,
      total: totals.total,
      notes: input.notes?.trim() || null,
    })
    .returning({ id: invoices.id, uuid: invoices.uuid });
  const order = new Map(input.patientProcedureIds.map((id, i) => [id, i + 1]));
  await tx.insert(invoiceLines).values(
    lines.map((l) => {
      const p = byId.get(Number(l.id))!;
      return {
        clinicId: session.clinicId,
        invoiceId: invoice!.id,
        lineNo: order.get(Number(l.id))!,
        patientProcedureId: p.id,
        description: lineDescription(language, p, p.teeth),
        payer: 'patient',
        unitPrice: l.unitPrice,
        discount: l.discount,
        taxable: l.taxable,
        vatRate: rate,
        vatAmount: l.vat,
        total: l.lineTotal,
        vatExemption: citizen ? 'saudi_citizen' : null,
      };
    }),
  );
  await auditIssued(
    tx,
    session,
    { id: invoice!.id, patientId: patient.id, kind: 'invoice', number, subtotal: totals.subtotal, vatTotal: totals.vatTotal, total: totals.total },
    null,
  );
  return { id: invoice!.id, number, uuid: invoice!.uuid };
}

/** The invoice `id` of the clinic whose patient the user may see (404 invoice_not_found, 403 BS15). */
async function findInvoice(tx: Tx, session: ClinicSession, id: number, lock = false) {
  const [row] = await tx.select().from(invoices).where(and(eq(invoices.clinicId, session.clinicId), eq(invoices.id, id)));
  if (!row) return fail('invoice_not_found');
  await findPatient(tx, session, row.patientId, lock);
  return row;
}

/**
 * Invoice/IssueCreditNote: a new document of the 'credit_note' series referring to the invoice, its lines copied
 * (amounts as on the invoice, not negated), once per invoice: the patient is locked as for an invoice, and the
 * unique index on credited_invoice_id backs the check. The invoice's procedures can then be invoiced again.
 */
export async function issueCreditNote(tx: Tx, session: ClinicSession, input: IssueCreditNoteInput) {
  const invoice = await findInvoice(tx, session, input.invoiceId, true);
  if (!session.branchIds.includes(invoice.branchId)) fail('BS15');
  if (invoice.kind !== 'invoice') fail('credit_note_not_creditable');
  const [credited] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.clinicId, session.clinicId), eq(invoices.creditedInvoiceId, invoice.id)));
  if (credited) fail('invoice_already_credited');
  const number = await nextNumber(tx, session.clinicId, 'credit_note');
  const [note] = rowsOf<{ id: number; uuid: string }>(
    await tx.execute(sql`insert into ${invoices} (clinic_id, kind, number, credited_invoice_id, patient_id, branch_id, issued_by,
        currency, language, seller_name, seller_vat_no, seller_cr_no, seller_branch_address, seller_phone, buyer_name, buyer_national_id,
        subtotal, vat_total, total, reason, notes)
      select clinic_id, 'credit_note', ${number}, id, patient_id, branch_id, ${session.userId}, currency, language, seller_name,
        seller_vat_no, seller_cr_no, seller_branch_address, seller_phone, buyer_name, buyer_national_id, subtotal, vat_total, total, ${input.reason}, notes
      from ${invoices} where clinic_id = ${session.clinicId} and id = ${invoice.id}
      returning id, uuid`),
  );
  const noteId = Number(note!.id);
  await tx.execute(sql`insert into ${invoiceLines} (clinic_id, invoice_id, line_no, patient_procedure_id, payment_id, description, payer,
      unit_price, discount, taxable, vat_rate, vat_amount, total, vat_exemption)
    select clinic_id, ${noteId}, line_no, patient_procedure_id, payment_id, description, payer, unit_price, discount, taxable,
      vat_rate, vat_amount, total, vat_exemption
    from ${invoiceLines} where clinic_id = ${session.clinicId} and invoice_id = ${invoice.id}`);
  await auditIssued(
    tx,
    session,
    { id: noteId, patientId: invoice.patientId, kind: 'credit_note', number, subtotal: invoice.subtotal, vatTotal: invoice.vatTotal, total: invoice.total },
    { invoiceId: invoice.id, invoiceNumber: invoice.number, total: invoice.total },
  );
  await recordMoneyChange(tx, session, {
    patientId: invoice.patientId,
    entity: 'invoice',
    entityId: invoice.id,
    action: 'credited',
    before: { number: invoice.number, total: invoice.total },
    after: { creditNoteId: noteId, creditNoteNumber: number, reason: input.reason },
  });
  return { id: noteId, number, uuid: note!.uuid };
}

/** An instant as the QR and the document print it: ISO 8601 in UTC to the second. */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Invoice/GetInvoice: the whole document as printed. */
export async function getInvoice(tx: Tx, session: ClinicSession, id: number): Promise<InvoiceDocument> {
  const inv = await findInvoice(tx, session, id);
  const decimals = currencyDecimals(inv.currency);
  const d = sql.raw(String(decimals));
  const money = (column: string) => sql.raw(`round(${column}, ${decimals})::text`);
  const [head] = rowsOf<{
    subtotal: string; vatTotal: string; total: string; issuedByName: string; patientCode: string | null;
    branchName: string; branchPhone: string | null;
  }>(
    await tx.execute(sql`select ${money('i.subtotal')} as subtotal, ${money('i.vat_total')} as "vatTotal", ${money('i.total')} as total,
        u.display_name as "issuedByName", p.code as "patientCode", b.name as "branchName", b.mobile as "branchPhone"
      from ${invoices} i
      join ${users} u on u.clinic_id = i.clinic_id and u.id = i.issued_by
      join ${patients} p on p.clinic_id = i.clinic_id and p.id = i.patient_id
      join ${branches} b on b.clinic_id = i.clinic_id and b.id = i.branch_id
      where i.clinic_id = ${session.clinicId} and i.id = ${inv.id}`),
  );
  const lines = rowsOf<InvoiceDocument['lines'][number]>(
    await tx.execute(sql`select line_no as "lineNo", patient_procedure_id as "patientProcedureId", description, payer,
        round(unit_price, ${d})::text as "unitPrice", round(discount, ${d})::text as discount, round(taxable, ${d})::text as taxable,
        vat_rate::text as "vatRate", round(vat_amount, ${d})::text as "vatAmount", round(total, ${d})::text as total,
        vat_exemption as "vatExemption"
      from ${invoiceLines} where clinic_id = ${session.clinicId} and invoice_id = ${inv.id} order by line_no`),
  ).map((l) => ({ ...l, lineNo: Number(l.lineNo), patientProcedureId: l.patientProcedureId === null ? null : Number(l.patientProcedureId) }));
  const refOf = async (where: ReturnType<typeof sql>) => {
    const [r] = rowsOf<{ id: number; number: number; issuedAt: Date | string; total: string; reason: string | null }>(
      await tx.execute(sql`select id, number, issued_at as "issuedAt", ${money('total')} as total, reason from ${invoices}
        where clinic_id = ${session.clinicId} and ${where}`),
    );
    return r
      ? { id: Number(r.id), number: Number(r.number), issuedAt: new Date(r.issuedAt).toISOString(), total: r.total, reason: r.reason }
      : null;
  };
  const clinic = session.clinic;
  const issuedAt = new Date(inv.issuedAt);
  const qr =
    clinic.countryId === SAUDI_ARABIA && inv.sellerVatNo
      ? zatcaQr({ sellerName: inv.sellerName, vatNumber: inv.sellerVatNo, timestamp: isoSeconds(issuedAt), total: head!.total, vatTotal: head!.vatTotal })
      : null;
  // copied at issue; a document issued before the copy (null) prints the clinic's and branch's current ones
  const address = inv.sellerBranchAddress ?? clinicAddress(clinic);
  const phone = inv.sellerPhone ?? (head!.branchPhone || clinic.mobile || '');
  return {
    id: inv.id,
    uuid: inv.uuid,
    kind: inv.kind as InvoiceDocument['kind'],
    number: inv.number,
    issuedAt: issuedAt.toISOString(),
    issuedByName: head!.issuedByName,
    patientId: inv.patientId,
    patientCode: head!.patientCode,
    branchId: inv.branchId,
    currency: inv.currency,
    decimals,
    language: inv.language as Language,
    seller: {
      name: inv.sellerName,
      vatNo: inv.sellerVatNo,
      crNo: inv.sellerCrNo,
      branchName: head!.branchName,
      branchAddress: address || null,
      branchPhone: phone || null,
    },
    buyer: { name: inv.buyerName, nationalId: inv.buyerNationalId },
    lines,
    subtotal: head!.subtotal,
    vatTotal: head!.vatTotal,
    total: head!.total,
    totalInWords: amountInWords(head!.total, inv.currency, inv.language as Language),
    qr,
    notes: inv.notes,
    reason: inv.reason,
    creditNote: inv.kind === 'invoice' ? await refOf(sql`credited_invoice_id = ${inv.id}`) : null,
    creditedInvoice: inv.creditedInvoiceId ? await refOf(sql`id = ${inv.creditedInvoiceId}`) : null,
  };
}
