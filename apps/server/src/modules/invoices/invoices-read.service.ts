import {
  type InvoiceListItem,
  type InvoiceableProcedure,
  type invoiceableProceduresOutput,
  type InvoicesListInput,
  currencyDecimals,
  invoicesListOutput,
  normalizeName,
  patientInvoicesOutput,
} from '@dental/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { branches } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { findPatient, patients } from '../patients/index.js';
import { statementHeadFields } from '../payments/index.js';
import { invoices } from './invoices.table.js';

/*
 * The lists of invoices (hot list reads, docs/architecture.md §10): PostgreSQL builds the JSON, amounts rounded to the
 * currency's decimals as text, and the text is passed through.
 */

const inv = alias(invoices, 'inv');
const cn = alias(invoices, 'cn');
const orig = alias(invoices, 'orig');
const br = alias(branches, 'br');
const pt = alias(patients, 'pt');

const moneyText = (value: SQLWrapper, decimals: number) => sql`round(${value}, ${sql.raw(String(decimals))})::text`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function itemFields(decimals: number) {
  return {
    id: inv.id,
    kind: inv.kind,
    number: inv.number,
    issuedAt: isoInstant(inv.issuedAt),
    patientId: inv.patientId,
    patientName: inv.buyerName,
    branchId: inv.branchId,
    branchName: br.name,
    subtotal: moneyText(inv.subtotal, decimals),
    vatTotal: moneyText(inv.vatTotal, decimals),
    total: moneyText(inv.total, decimals),
    credited: sql`exists (select 1 from ${invoices} ${cn} where ${cn.clinicId} = ${inv.clinicId} and ${cn.creditedInvoiceId} = ${inv.id})`,
    creditedInvoiceNumber: sql`(select ${orig.number} from ${invoices} ${orig} where ${orig.clinicId} = ${inv.clinicId} and ${orig.id} = ${inv.creditedInvoiceId})`,
  } satisfies Record<keyof InvoiceListItem, SQLWrapper>;
}

const itemJoins = sql`join ${branches} ${br} on ${br.clinicId} = ${inv.clinicId} and ${br.id} = ${inv.branchId}`;

/**
 * The live invoice (an invoice without a credit note) whose lines bill the patient procedure `pp` (an alias with
 * clinic_id and id): `column` of it, or null. The invoice issue's check uses the same rule.
 */
const liveInvoiceOf = (pp: string, column: 'id' | 'number') =>
  sql.raw(`(select i.${column} from invoice_lines l
    join invoices i on i.clinic_id = l.clinic_id and i.id = l.invoice_id and i.kind = 'invoice'
    where l.clinic_id = ${pp}.clinic_id and l.patient_procedure_id = ${pp}.id
      and not exists (select 1 from invoices c where c.clinic_id = i.clinic_id and c.credited_invoice_id = i.id)
    limit 1)`);

/**
 * Invoice/GetInvoiceableProcedures: the patient's procedures but the cancelled ones, oldest first, with the patient's
 * share an invoice would bill and the live invoice each is on (one statement; the patient's guard first).
 */
export async function getInvoiceableProcedures(
  tx: Tx,
  session: ClinicSession,
  patientId: number,
): Promise<JsonText<z.input<typeof invoiceableProceduresOutput>>> {
  await findPatient(tx, session, patientId);
  const d = currencyDecimals(session.clinic.currency);
  const r = (s: string) => sql.raw(s);
  const fields = {
    ...statementHeadFields,
    branchId: r('pp.branch_id'),
    patientShare: moneyText(r('(pp.net - pp.insurance_share)'), d),
    invoiceId: liveInvoiceOf('pp', 'id'),
    invoiceNumber: liveInvoiceOf('pp', 'number'),
  } satisfies Record<keyof InvoiceableProcedure, SQLWrapper>;
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(fields, [r('pp.created_at'), r('pp.id')])} as items
      from patient_procedures pp
      join procedures pr on pr.clinic_id = pp.clinic_id and pr.id = pp.procedure_id
      join users du on du.clinic_id = pp.clinic_id and du.id = pp.doctor_id
      where pp.clinic_id = ${session.clinicId} and pp.patient_id = ${patientId} and pp.status <> 'S5'`),
  );
  return new JsonText(`{"items":${row!.items}}`);
}

/** Invoice/GetPatientInvoices: every invoice and credit note of a patient the user may see, newest first. */
export async function getPatientInvoices(
  tx: Tx,
  session: ClinicSession,
  patientId: number,
): Promise<JsonText<z.input<typeof patientInvoicesOutput>>> {
  await findPatient(tx, session, patientId);
  const d = currencyDecimals(session.clinic.currency);
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(itemFields(d), [sql`${inv.issuedAt} desc`, sql`${inv.id} desc`])} as items
      from ${invoices} ${inv} ${itemJoins}
      where ${inv.clinicId} = ${session.clinicId} and ${inv.patientId} = ${patientId}`),
  );
  return new JsonText(`{"items":${row!.items}}`);
}

const SORT_KEYS: Record<NonNullable<InvoicesListInput['sortField']>, SQL> = {
  issuedAt: sql`${inv.issuedAt}`,
  number: sql`${inv.number}`,
  total: sql`${inv.total}`,
};

/** The clinic day `date` (YYYY-MM-DD) starts at this instant. */
const dayStart = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

function filterWhere(session: ClinicSession, input: InvoicesListInput): SQL {
  const parts: SQL[] = [sql`${inv.clinicId} = ${session.clinicId}`];
  if (input.branchId) {
    if (!session.clinicBranchIds.includes(input.branchId)) fail('not_found', { branchId: 'not_found' });
    if (!session.branchIds.includes(input.branchId)) fail('BS15');
    parts.push(sql`${inv.branchId} = ${input.branchId}`);
  } else if (!session.allBranches) {
    parts.push(session.branchIds.length ? sql`${inv.branchId} in (${sql.join(session.branchIds.map((b) => sql`${b}`), sql`, `)})` : sql`false`);
  }
  if (input.kind) parts.push(sql`${inv.kind} = ${input.kind}`);
  const tz = session.clinic.timeZone;
  if (input.from) parts.push(sql`${inv.issuedAt} >= ${dayStart(input.from, tz)}`);
  if (input.to) parts.push(sql`${inv.issuedAt} < ${dayStart(input.to, tz)} + interval '1 day'`);
  const search = input.search?.trim();
  if (search) {
    const folded = normalizeName(search).replace(/[\\%_]/g, (c) => `\\${c}`);
    const asNumber = /^\d{1,9}$/.test(search) ? sql` or ${inv.number} = ${Number(search)}` : sql``;
    parts.push(sql`(exists (select 1 from ${patients} ${pt} where ${pt.clinicId} = ${inv.clinicId} and ${pt.id} = ${inv.patientId}
      and (${pt.code} = ${search} or ${pt.nameNormalized} like ${`%${folded}%`}))${asNumber})`);
  }
  return sql.join(parts, sql` and `);
}

/** The totals object as JSON text over the matched rows `m` (kind, total, vat). */
function totalsText(decimals: number) {
  const sum = (column: string, kind: string) => moneyText(sql.raw(`coalesce(sum(${column}) filter (where kind = '${kind}'), 0)`), decimals);
  const net = (column: string) =>
    moneyText(sql.raw(`coalesce(sum(case kind when 'invoice' then ${column} else -${column} end), 0)`), decimals);
  return sql`'{"invoiceCount":' || count(*) filter (where kind = 'invoice') || ',"creditNoteCount":' || count(*) filter (where kind = 'credit_note')
    || ',"invoicesTotal":"' || ${sum('total', 'invoice')} || '","invoicesVat":"' || ${sum('vat', 'invoice')}
    || '","creditNotesTotal":"' || ${sum('total', 'credit_note')} || '","creditNotesVat":"' || ${sum('vat', 'credit_note')}
    || '","netTotal":"' || ${net('total')} || '","netVat":"' || ${net('vat')} || '"}'`;
}

/**
 * Invoice/GetInvoicesList: the clinic's invoices and credit notes in the user's branches, filtered, sorted (newest
 * first by default; the id breaks ties), one page, the count and the totals over the whole filter; one statement.
 */
export async function getInvoicesList(
  tx: Tx,
  session: ClinicSession,
  input: InvoicesListInput,
): Promise<JsonText<z.input<typeof invoicesListOutput>>> {
  if (input.from && input.to && input.to < input.from) fail('end_date_before_start', { to: 'end_date_before_start' });
  const d = currencyDecimals(session.clinic.currency);
  const where = filterWhere(session, input);
  const dir = sql.raw(input.sortOrder === 'ascend' ? 'asc' : 'desc');
  const key = SORT_KEYS[input.sortField ?? 'issuedAt'];
  const offset = (input.page - 1) * input.pageSize;
  const [row] = rowsOf<{ answer: string }>(
    await tx.execute(sql`with m as materialized (
        select ${inv.id} as id, ${key} as k, ${inv.kind} as kind, ${inv.total} as total, ${inv.vatTotal} as vat
        from ${invoices} ${inv} where ${where}),
      page as (select id, k from m order by k ${dir}, id ${dir} limit ${input.pageSize} offset ${offset})
      select '{"items":' || (
          select ${jsonArray(itemFields(d), [sql`page.k ${dir}`, sql`page.id ${dir}`])}
          from page join ${invoices} ${inv} on ${inv.clinicId} = ${session.clinicId} and ${inv.id} = page.id ${itemJoins})
        || ',"total":' || count(*) || ',"page":' || ${input.page}::int || ',"pageSize":' || ${input.pageSize}::int
        || ',"totals":' || ${totalsText(d)} || '}' as answer
      from m`),
  );
  return new JsonText(row!.answer);
}
