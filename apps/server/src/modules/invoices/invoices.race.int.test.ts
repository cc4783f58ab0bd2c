import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH, billable, expectOk, newPatient } from './invoices-test-kit.js';

/*
 * Invoices and print settings issued at once (on PostgreSQL the requests run side by side on the pool's
 * connections, `bash scripts/test-postgres.sh invoices`): numbers stay consecutive, a procedure is never on two live
 * invoices, an invoice is credited once, a document type keeps one default.
 */
const t = await testApp();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('concurrent invoices', () => {
  it('20 IssueInvoice on different procedures: 20 consecutive numbers, no gap, no repeat', async () => {
    const c = await newClinic(t);
    const patients = await Promise.all(Array.from({ length: 4 }, () => newPatient(t, c)));
    const procedures: Array<[number, number]> = [];
    for (let i = 0; i < 20; i++) procedures.push([patients[i % 4]!, await billable(t, c, patients[i % 4]!, { price: `${i + 1}` })]);
    const { tally, responses } = await concurrently(20, (i) =>
      api(t, c.token).post(PATH.issueInvoice, { patientId: procedures[i]![0], branchId: c.branchId, patientProcedureIds: [procedures[i]![1]] }),
    );
    expect(tally).toEqual({ '201': 20 });
    const numbers = responses.map((r) => (r.json() as { number: number }).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the same procedure twice at once (10 times): exactly one invoice, the others 409 procedure_already_invoiced', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await billable(t, c, patientId, { price: '100' });
    const { tally } = await concurrently(10, () =>
      api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [id] }),
    );
    expect(tally).toEqual({ '201': 1, '409 procedure_already_invoiced': 9 });
    const [row] = rowsOf<{ lines: number; last: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select (select count(*)::int from invoice_lines where clinic_id = ${c.clinicId}) as lines,
          (select value::int from clinic_counters where clinic_id = ${c.clinicId} and name = 'invoice') as last`),
      ),
    );
    // the refused requests gave their numbers back: the counter is at 1
    expect(row).toEqual({ lines: 1, last: 1 });
  });

  it('one invoice credited 10 times at once: one credit note, the others 409 invoice_already_credited', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const invoice = await api(t, c.token).post(PATH.issueInvoice, {
      patientId, branchId: c.branchId, patientProcedureIds: [await billable(t, c, patientId, { price: '100' })],
    });
    const { tally } = await concurrently(10, (i) => api(t, c.token).post(PATH.issueCreditNote, { invoiceId: invoice.json().id, reason: `r${i}` }));
    expect(tally).toEqual({ '201': 1, '409 invoice_already_credited': 9 });
  });
});

describe('concurrent print settings', () => {
  it('10 settings of one type saved as the default at once: all saved, exactly one default', async () => {
    const c = await newClinic(t);
    const { tally } = await concurrently(10, (i) =>
      api(t, c.token).post(PATH.savePrintSettings, { name: `Invoice ${i}`, documentType: 'invoice', isDefault: true }),
    );
    expect(tally).toEqual({ '200': 10 });
    const [row] = rowsOf<{ all: number; defaults: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select count(*)::int as all, (count(*) filter (where is_default))::int as defaults
          from print_settings where clinic_id = ${c.clinicId} and document_type = 'invoice'`),
      ),
    );
    expect(row).toEqual({ all: 10, defaults: 1 });
    const item = await expectOk<{ id: number; isDefault: boolean }>(api(t, c.token).get(PATH.getDefaultPrintTypeSettings, { documentType: 'invoice' }));
    expect(item.isDefault).toBe(true);
  });
});
