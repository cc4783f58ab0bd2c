import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH as PP, addProcedure, createProcedure } from '../patient-procedures/patient-procedures-test-kit.js';
import { PATH, billable, expectOk, newPatient } from './invoices-test-kit.js';

/*
 * Invoices and print settings issued at once, 50 requests each (on PostgreSQL the requests run side by side on the pool's
 * connections, `bash scripts/test-postgres.sh invoices`): numbers stay consecutive, a procedure is never on two live
 * invoices, an invoice is credited once, a document type keeps one default.
 */
const t = await testApp();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The house rule: every check-then-write is tried by 50 requests at once. */
const N = 50;

describe('concurrent invoices', () => {
  it(`${N} IssueInvoice on different procedures: ${N} consecutive numbers, no gap, no repeat`, async () => {
    const c = await newClinic(t);
    const patients = await Promise.all(Array.from({ length: 4 }, () => newPatient(t, c)));
    const procedures: Array<[number, number]> = [];
    for (let i = 0; i < N; i++) procedures.push([patients[i % 4]!, await billable(t, c, patients[i % 4]!, { price: `${i + 1}` })]);
    const { tally, responses } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.issueInvoice, { patientId: procedures[i]![0], branchId: c.branchId, patientProcedureIds: [procedures[i]![1]] }),
    );
    expect(tally).toEqual({ '201': N });
    const numbers = responses.map((r) => (r.json() as { number: number }).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });

  it(`the same procedure invoiced ${N} times at once: exactly one invoice, the others 409 procedure_already_invoiced`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await billable(t, c, patientId, { price: '100' });
    const { tally } = await concurrently(N, () =>
      api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [id] }),
    );
    expect(tally).toEqual({ '201': 1, '409 procedure_already_invoiced': N - 1 });
    const [row] = rowsOf<{ lines: number; last: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select (select count(*)::int from invoice_lines where clinic_id = ${c.clinicId}) as lines,
          (select value::int from clinic_counters where clinic_id = ${c.clinicId} and name = 'invoice') as last`),
      ),
    );
    // the refused requests gave their numbers back: the counter is at 1
    expect(row).toEqual({ lines: 1, last: 1 });
  });

  it(`one invoice credited ${N} times at once: one credit note, the others 409 invoice_already_credited`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const invoice = await api(t, c.token).post(PATH.issueInvoice, {
      patientId, branchId: c.branchId, patientProcedureIds: [await billable(t, c, patientId, { price: '100' })],
    });
    const { tally } = await concurrently(N, (i) => api(t, c.token).post(PATH.issueCreditNote, { invoiceId: invoice.json().id, reason: `r${i}` }));
    expect(tally).toEqual({ '201': 1, '409 invoice_already_credited': N - 1 });
  });
});

describe('invoices against procedure changes at once', () => {
  it(`${N / 2} procedures each invoiced while cancelled, discounted or deleted at once (${N} requests): one of each pair wins, no invoice bills a changed procedure, no deadlock`, async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const { procedureId } = await addProcedure(t, c, { price: '1000' });
    const made: Array<{ id: number; version: number }> = [];
    for (let i = 0; i < N / 2; i++) made.push(await createProcedure(t, c, { patientId, procedureId }));
    const base = { patientId, branchId: c.branchId, procedureId, doctorId: c.ownerId, teeth: [{ tooth: 36, surfaces: ['O'] }] };
    // request 2i issues procedure i's invoice; 2i + 1 changes it: cancel, discount, delete in turn
    const { responses } = await concurrently(N, (k) => {
      const p = made[k >> 1]!;
      if (k % 2 === 0) return api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [p.id] });
      const kind = (k >> 1) % 3;
      if (kind === 0) return api(t, c.token).post(PP.updateProcedureStatus, { id: p.id, version: p.version, status: 'S5' });
      if (kind === 1) return api(t, c.token).post(PP.savePatientProcedure, { ...base, id: p.id, version: p.version, discount: { kind: 'amount', value: '100' } });
      return api(t, c.token).delete(PP.deletePatientProcedure, { id: p.id, version: p.version });
    });
    const outcome = (r: (typeof responses)[number]) => (r.statusCode < 300 ? 'ok' : (r.json() as { code: string }).code);
    for (let i = 0; i < N / 2; i++) {
      const [invoice, change] = [outcome(responses[2 * i]!), outcome(responses[2 * i + 1]!)];
      const changeRefused = ['procedure_on_invoice'];
      // the change first: a cancelled one is not billable, a deleted one is not found, a discounted one is billed discounted
      const invoiceRefused = ['procedure_not_billable', 'patient_procedure_not_found'];
      const pair = `${invoice} / ${change}`;
      if (i % 3 === 1) expect(pair, `procedure ${i}`).toMatch(/^ok \/ (ok|procedure_on_invoice)$/);
      else expect(invoice === 'ok' ? changeRefused.includes(change) : change === 'ok' && invoiceRefused.includes(invoice), `${pair} (procedure ${i})`).toBe(true);
    }
    // every line bills its procedure as it stands: not cancelled, the discount it has now
    const [row] = rowsOf<{ wrong: number; lines: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select count(*) filter (where pp.status = 'S5' or l.discount <> pp.discount or l.unit_price <> pp.price - pp.insurance_share)::int as wrong,
            count(*)::int as lines
          from invoice_lines l join patient_procedures pp on pp.clinic_id = l.clinic_id and pp.id = l.patient_procedure_id
          where l.clinic_id = ${c.clinicId}`),
      ),
    );
    expect(row!.wrong).toBe(0);
    expect(row!.lines).toBe(responses.filter((r, k) => k % 2 === 0 && r.statusCode === 201).length);
  });
});

describe('concurrent print settings', () => {
  it(`${N} settings of one type saved as the default at once: all saved, exactly one default`, async () => {
    const c = await newClinic(t);
    const { tally } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.savePrintSettings, { name: `Invoice ${i}`, documentType: 'invoice', isDefault: true }),
    );
    expect(tally).toEqual({ '200': N });
    const [row] = rowsOf<{ all: number; defaults: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select count(*)::int as all, (count(*) filter (where is_default))::int as defaults
          from print_settings where clinic_id = ${c.clinicId} and document_type = 'invoice'`),
      ),
    );
    expect(row).toEqual({ all: N, defaults: 1 });
    const item = await expectOk<{ id: number; isDefault: boolean }>(api(t, c.token).get(PATH.getDefaultPrintTypeSettings, { documentType: 'invoice' }));
    expect(item.isDefault).toBe(true);
  });

  it('saves of the current default and new defaults of its type at once: no deadlock, all saved, exactly one default', async () => {
    const c = await newClinic(t);
    const first = await api(t, c.token).post(PATH.savePrintSettings, { name: 'First', documentType: 'receipt', isDefault: true, pageSize: '80mm' });
    const id = (first.json() as { id: number }).id;
    const { tally } = await concurrently(N, (i) =>
      api(t, c.token).post(
        PATH.savePrintSettings,
        i % 2 ? { id, name: 'First', documentType: 'receipt', isDefault: true, fontSize: 6 + (i % 10) } : { name: `Receipt ${i}`, documentType: 'receipt', isDefault: true },
      ),
    );
    expect(tally).toEqual({ '200': N });
    const [row] = rowsOf<{ defaults: number }>(
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.execute(sql`select (count(*) filter (where is_default))::int as defaults from print_settings
          where clinic_id = ${c.clinicId} and document_type = 'receipt'`),
      ),
    );
    expect(row).toEqual({ defaults: 1 });
  });
});
