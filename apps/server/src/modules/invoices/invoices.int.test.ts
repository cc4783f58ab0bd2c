import { DEFAULT_ROLE_PERMISSIONS, invoiceCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClinic, api, expectContractAnswer, newClinic, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { decodeZatcaQr } from './zatca-qr.js';
import {
  PATH,
  addBranch,
  addUser,
  billable,
  expectError,
  expectOk,
  nationality,
  newPatient,
  setClinic,
} from './invoices-test-kit.js';
import { PATH as PP, addProcedure, createProcedure, rowOf } from '../patient-procedures/patient-procedures-test-kit.js';

let t: TestApp;
let c: TestClinic;
beforeAll(async () => {
  t = await testApp();
  c = await newClinic(t);
});

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
type Doc = ReturnType<typeof invoiceCalls.getInvoice.output.parse>;

async function issue(clinic: TestClinic, input: Record<string, unknown>, token = clinic.token) {
  const res = await api(t, token).post(PATH.issueInvoice, { branchId: clinic.branchId, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number: number; uuid: string };
}
const read = (clinic: TestClinic, id: number, token = clinic.token) => expectOk<Doc>(api(t, token).get(PATH.getInvoice, { id }));

/** A clinic of its own for tests that change the clinic's settings. */
async function clinicWith(values: Parameters<typeof setClinic>[2]) {
  const clinic = await newClinic(t);
  await setClinic(t, clinic, values);
  return clinic;
}

describe('IssueInvoice and GetInvoice', () => {
  test('VAT per line rounded half away from zero, totals = sums of the rounded lines, numbers 1, 2 ...', async () => {
    const clinic = await clinicWith({ vatPercentage: '14.00', taxNo: '100-200-300', commercialRegistrationNo: 'CR 5521', address: '12 Tahrir St', city: 'Cairo' });
    const patientId = await newPatient(t, clinic, { name: 'Mona Adel' });
    const a = await billable(t, clinic, patientId, { price: '1000.00', discount: '100.00', teeth: [{ tooth: 36, surfaces: ['M', 'O'] }] });
    const b = await billable(t, clinic, patientId, { price: '333.33' });
    const first = await issue(clinic, { patientId, patientProcedureIds: [a, b], notes: ' paid by card ' });
    expect(first.number).toBe(1);
    const doc = await read(clinic, first.id);
    expect(doc).toMatchObject({
      kind: 'invoice', number: 1, currency: 'EGP', decimals: 2, language: 'en', patientId,
      seller: { name: `Clinic ${clinic.clinicName}`, vatNo: '100-200-300', crNo: 'CR 5521', branchName: 'Main', branchAddress: '12 Tahrir St, Cairo' },
      buyer: { name: 'Mona Adel', nationalId: null },
      subtotal: '1233.33', vatTotal: '172.67', total: '1406.00', qr: null, notes: 'paid by card', creditNote: null, creditedInvoice: null,
      totalInWords: 'One thousand four hundred six Egyptian pounds',
    });
    expect(doc.lines).toEqual([
      { lineNo: 1, patientProcedureId: a, description: expect.stringMatching(/^Root canal .* \(36 MO\)$/), payer: 'patient', unitPrice: '1000.00', discount: '100.00', taxable: '900.00', vatRate: '14.00', vatAmount: '126.00', total: '1026.00', vatExemption: null },
      // 333.33 × 14 % = 46.6662 → 46.67
      { lineNo: 2, patientProcedureId: b, description: expect.stringMatching(/^Root canal /), payer: 'patient', unitPrice: '333.33', discount: '0.00', taxable: '333.33', vatRate: '14.00', vatAmount: '46.67', total: '380.00', vatExemption: null },
    ]);
    expect(doc.uuid).toBe(first.uuid);
    const second = await issue(clinic, { patientId, patientProcedureIds: [await billable(t, clinic, patientId, { price: '10' })], language: 'ar' });
    expect(second.number).toBe(2);
    const arabic = await read(clinic, second.id);
    expect(arabic.lines[0]!.description).toMatch(/^علاج عصب /);
    expect(arabic.totalInWords).toBe('أحد عشر جنيهاً مصرياً وأربعون قرشاً');
  });

  test('half a minor unit rounds away from zero; each line is rounded before the sum', async () => {
    const clinic = await clinicWith({ vatPercentage: '10.00', taxNo: '1' });
    const patientId = await newPatient(t, clinic);
    // 0.25 × 10 % = 0.025 → 0.03 (not banker's 0.02); three such lines: 0.09, where rounding the sum would give 0.08
    const ids = [await billable(t, clinic, patientId, { price: '0.25' }), await billable(t, clinic, patientId, { price: '0.25' }), await billable(t, clinic, patientId, { price: '0.25' })];
    const doc = await read(clinic, (await issue(clinic, { patientId, patientProcedureIds: ids })).id);
    expect(doc.lines.map((l) => l.vatAmount)).toEqual(['0.03', '0.03', '0.03']);
    expect([doc.subtotal, doc.vatTotal, doc.total]).toEqual(['0.75', '0.09', '0.84']);
  });

  test('LYD: 3 decimals everywhere, VAT rounded to the dirham', async () => {
    const clinic = await clinicWith({ currency: 'LYD', vatPercentage: '15.00', taxNo: 'LY-77' });
    const patientId = await newPatient(t, clinic);
    // 10.005 × 15 % = 1.50075 → 1.501; 0.003 × 15 % = 0.00045 → 0.000
    const ids = [await billable(t, clinic, patientId, { price: '10.005' }), await billable(t, clinic, patientId, { price: '0.003' })];
    const doc = await read(clinic, (await issue(clinic, { patientId, patientProcedureIds: ids, language: 'en' })).id);
    expect(doc.decimals).toBe(3);
    expect(doc.lines.map((l) => [l.taxable, l.vatAmount, l.total])).toEqual([['10.005', '1.501', '11.506'], ['0.003', '0.000', '0.003']]);
    expect([doc.subtotal, doc.vatTotal, doc.total]).toEqual(['10.008', '1.501', '11.509']);
    expect(doc.totalInWords).toBe('Eleven Libyan dinars and five hundred nine dirhams');
  });

  test('a 0 % clinic: no VAT, no tax number needed', async () => {
    const patientId = await newPatient(t, c);
    const doc = await read(c, (await issue(c, { patientId, patientProcedureIds: [await billable(t, c, patientId, { price: '150.50' })] })).id);
    expect(doc.lines[0]).toMatchObject({ vatRate: '0.00', vatAmount: '0.00', total: '150.50' });
    expect([doc.subtotal, doc.vatTotal, doc.total, doc.seller.vatNo]).toEqual(['150.50', '0.00', '150.50', null]);
  });

  test('a clinic with VAT and no tax number cannot issue (409 vat_number_missing), nothing written', async () => {
    const clinic = await clinicWith({ vatPercentage: '15.00', taxNo: '  ' });
    const patientId = await newPatient(t, clinic);
    const id = await billable(t, clinic, patientId, { price: '100' });
    await expectError(api(t, clinic.token).post(PATH.issueInvoice, { patientId, branchId: clinic.branchId, patientProcedureIds: [id] }), 409, 'vat_number_missing');
    await setClinic(t, clinic, { taxNo: '123' });
    expect((await issue(clinic, { patientId, patientProcedureIds: [id] })).number).toBe(1);
  });

  test("the patient's invoice bills the patient's share: the insurer's share is taken off the unit price; nothing left is refused", async () => {
    const clinic = await clinicWith({ vatPercentage: '15.00', taxNo: '9' });
    const patientId = await newPatient(t, clinic);
    const insured = await billable(t, clinic, patientId, { price: '1000.00', discount: '100.00', insuranceShare: '720.00' });
    const doc = await read(clinic, (await issue(clinic, { patientId, patientProcedureIds: [insured] })).id);
    expect(doc.lines[0]).toMatchObject({ unitPrice: '280.00', discount: '100.00', taxable: '180.00', vatAmount: '27.00', total: '207.00' });
    const covered = await billable(t, clinic, patientId, { price: '500', insuranceShare: '500' });
    await expectError(api(t, clinic.token).post(PATH.issueInvoice, { patientId, branchId: clinic.branchId, patientProcedureIds: [covered] }), 400, 'invoice_nothing_to_bill');
  });

  describe('a Saudi clinic (CN2)', () => {
    const SELLER = 'عيادة الرياض لطب الأسنان';
    let sa: TestClinic;
    let saudi: number;
    let egyptian: number;
    beforeAll(async () => {
      sa = await clinicWith({ countryId: 'CN2', currency: 'SAR', timeZone: 'Asia/Riyadh', vatPercentage: '15.00', taxNo: '300000000000003', commercialRegistrationNo: '1010010101', displayName: SELLER });
      saudi = await nationality(t, sa, 'سعودي الجنسية', 'Saudi national');
      egyptian = await nationality(t, sa, 'مصري الجنسية', 'Egyptian national');
    });

    test('a Saudi citizen with a national id: VAT 0, exemption saudi_citizen, the id on the invoice; the QR decodes to the five fields', async () => {
      const patientId = await newPatient(t, sa, { name: 'عبدالله القحطاني', nationalityId: saudi, nationalId: '1012345678' });
      const id = await billable(t, sa, patientId, { price: '100.50' });
      const doc = await read(sa, (await issue(sa, { patientId, patientProcedureIds: [id], language: 'ar' })).id);
      expect(doc.lines[0]).toMatchObject({ vatRate: '0.00', vatAmount: '0.00', vatExemption: 'saudi_citizen', total: '100.50' });
      expect(doc.buyer).toEqual({ name: 'عبدالله القحطاني', nationalId: '1012345678' });
      expect(doc.totalInWords).toBe('مائة ريال سعودي وخمسون هللة');
      const fields = decodeZatcaQr(doc.qr!);
      expect(fields).toEqual({ 1: SELLER, 2: '300000000000003', 3: doc.issuedAt.replace(/\.\d{3}Z$/, 'Z'), 4: '100.50', 5: '0.00' });
    });

    test('a non-Saudi patient (or a Saudi without a citizen id) pays the standard rate; the QR carries the totals as printed', async () => {
      const resident = await newPatient(t, sa, { name: 'Ahmed Samir', nationalityId: egyptian, nationalId: '2123456789' });
      const noId = await newPatient(t, sa, { name: 'Saad', nationalityId: saudi, nationalId: null });
      for (const patientId of [resident, noId]) {
        const id = await billable(t, sa, patientId, { price: '100.50' });
        const doc = await read(sa, (await issue(sa, { patientId, patientProcedureIds: [id] })).id);
        // 100.50 × 15 % = 15.075 → 15.08
        expect(doc.lines[0]).toMatchObject({ vatRate: '15.00', vatAmount: '15.08', vatExemption: null, total: '115.58' });
        expect(doc.buyer.nationalId).toBeNull();
        const raw = Buffer.from(doc.qr!, 'base64');
        // tag 1, then the seller name's length in UTF-8 bytes (Arabic letters are 2 bytes each), not in characters
        expect([raw[0], raw[1]]).toEqual([1, Buffer.byteLength(SELLER, 'utf8')]);
        expect(raw[1]).toBeGreaterThan(SELLER.length);
        const fields = decodeZatcaQr(doc.qr!);
        expect(fields).toEqual({ 1: SELLER, 2: '300000000000003', 3: doc.issuedAt.replace(/\.\d{3}Z$/, 'Z'), 4: '115.58', 5: '15.08' });
        expect(new Date(fields[3]!).getTime()).toBe(Math.floor(new Date(doc.issuedAt).getTime() / 1000) * 1000);
        expect(doc.totalInWords).toBe('One hundred fifteen Saudi riyals and fifty eight halalas');
      }
    });
  });
});

describe('credit notes', () => {
  test('a credit note copies the invoice, has its own series, frees the procedures, and is issued only once', async () => {
    const clinic = await clinicWith({ vatPercentage: '14.00', taxNo: '55' });
    const patientId = await newPatient(t, clinic);
    const id = await billable(t, clinic, patientId, { price: '200' });
    const invoice = await issue(clinic, { patientId, patientProcedureIds: [id] });
    await expectError(api(t, clinic.token).post(PATH.issueInvoice, { patientId, branchId: clinic.branchId, patientProcedureIds: [id] }), 409, 'procedure_already_invoiced');
    const res = await api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'Wrong procedure' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as { id: number; number: number };
    expect(note.number).toBe(1);
    const noteDoc = await read(clinic, note.id);
    const invoiceDoc = await read(clinic, invoice.id);
    expect(noteDoc).toMatchObject({ kind: 'credit_note', number: 1, reason: 'Wrong procedure', total: invoiceDoc.total, vatTotal: invoiceDoc.vatTotal });
    expect(noteDoc.lines).toEqual(invoiceDoc.lines);
    expect(noteDoc.creditedInvoice).toMatchObject({ id: invoice.id, number: invoice.number, total: '228.00' });
    expect(invoiceDoc.creditNote).toMatchObject({ id: note.id, number: 1, reason: 'Wrong procedure', total: '228.00' });
    await expectError(api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'again' }), 409, 'invoice_already_credited');
    await expectError(api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: note.id, reason: 'x' }), 400, 'credit_note_not_creditable');
    // the procedure is free again: the next invoice takes the next number
    expect((await issue(clinic, { patientId, patientProcedureIds: [id] })).number).toBe(invoice.number + 1);
  });

  test('every issued document writes the money audit; issued documents cannot be changed', async () => {
    const clinic = await clinicWith({ vatPercentage: '0.00' });
    const patientId = await newPatient(t, clinic);
    const invoice = await issue(clinic, { patientId, patientProcedureIds: [await billable(t, clinic, patientId, { price: '40' })] });
    await api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'r' });
    const rows = await withTenant(t.database.db, clinic.clinicId, async (tx) =>
      rowsOf(await tx.execute(sql`select entity, action, patient_id::int, after->>'total' as total, before->>'invoiceNumber' as "invoiceNumber", user_id::int
        from money_audit where clinic_id = ${clinic.clinicId} order by id`)),
    );
    expect(rows).toEqual([
      { entity: 'invoice', action: 'issued', patient_id: patientId, total: '40.000', invoiceNumber: null, user_id: clinic.ownerId },
      { entity: 'credit_note', action: 'issued', patient_id: patientId, total: '40.000', invoiceNumber: '1', user_id: clinic.ownerId },
      { entity: 'invoice', action: 'credited', patient_id: patientId, total: null, invoiceNumber: null, user_id: clinic.ownerId },
    ]);
    await expect(
      withTenant(t.database.db, clinic.clinicId, (tx) => tx.execute(sql`update invoices set total = 1, subtotal = 1 where clinic_id = ${clinic.clinicId}`)),
    ).rejects.toThrow();
  });
});

describe('refusals', () => {
  test('400 for bad input of any shape, with translated field messages', async () => {
    const patientId = await newPatient(t, c);
    const bad: Array<Record<string, unknown>> = [
      {},
      { patientId, branchId: c.branchId },
      { patientId, branchId: c.branchId, patientProcedureIds: [] },
      { patientId, branchId: c.branchId, patientProcedureIds: 'x' },
      { patientId, branchId: c.branchId, patientProcedureIds: [1, 1] },
      { patientId, branchId: c.branchId, patientProcedureIds: [-1] },
      { patientId, branchId: c.branchId, patientProcedureIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      { patientId, branchId: c.branchId, patientProcedureIds: [1], language: 'de' },
      { patientId, branchId: c.branchId, patientProcedureIds: [1], notes: 'x'.repeat(501) },
      { patientId: 'abc', branchId: c.branchId, patientProcedureIds: [1] },
    ];
    for (const body of bad) {
      const res = await api(t, c.token).post(PATH.issueInvoice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    for (const body of [{}, { invoiceId: 1 }, { invoiceId: 1, reason: '  ' }, { invoiceId: 'x', reason: 'r' }, { invoiceId: 1, reason: 'r'.repeat(501) }])
      expect((await api(t, c.token).post(PATH.issueCreditNote, body)).statusCode).toBe(400);
    for (const query of [{}, { id: 'x' }, { id: 0 }]) expect((await api(t, c.token).get(PATH.getInvoice, query)).statusCode).toBe(400);
    expect((await api(t, c.token).get(PATH.getPatientInvoices, { patientId: 'x' })).statusCode).toBe(400);
    for (const query of [{ from: '2026-02-30' }, { kind: 'bill' }, { page: 0 }, { pageSize: 201 }, { sortField: 'name' }])
      expect((await api(t, c.token).get(PATH.getInvoicesList, query)).statusCode).toBe(400);
    await expectError(api(t, c.token).get(PATH.getInvoicesList, { from: '2026-02-02', to: '2026-02-01' }), 400, 'end_date_before_start');
    const fr = await t.app.inject({ method: 'POST', url: PATH.issueInvoice, headers: { authorization: `Bearer ${c.token}`, language: 'fr' }, payload: { patientId } });
    expect(fr.json().errors).toMatchObject({ branchId: 'Ce champ est obligatoire' });
  });

  test('a cancelled procedure, a procedure of another branch, of another patient', async () => {
    const patientId = await newPatient(t, c);
    const other = await newPatient(t, c);
    const cancelled = await billable(t, c, patientId, { price: '10', status: 'S5' });
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [cancelled] }), 409, 'procedure_not_billable');
    const branch2 = await addBranch(t, c);
    const elsewhere = await billable(t, c, patientId, { price: '10', branchId: branch2 });
    const here = await billable(t, c, patientId, { price: '10' });
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [here, elsewhere] }), 400, 'invoice_branch_mismatch');
    const theirs = await billable(t, c, other, { price: '10' });
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [here, theirs] }), 404, 'patient_procedure_not_found');
  });

  test('403 without the keys', async () => {
    const patientId = await newPatient(t, c);
    const invoice = await issue(c, { patientId, patientProcedureIds: [await billable(t, c, patientId, { price: '5' })] });
    const none = await newUser(t, c, ['patient_list']);
    await expectError(api(t, none).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [1] }), 403, 'BS11');
    await expectError(api(t, none).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'r' }), 403, 'BS11');
    await expectError(api(t, none).get(PATH.getInvoice, { id: invoice.id }), 403, 'BS11');
    await expectError(api(t, none).get(PATH.getPatientInvoices, { patientId }), 403, 'BS11');
    await expectError(api(t, none).get(PATH.getInvoicesList, {}), 403, 'BS11');
    // reading a patient's invoices is open to patient_procedures (the /Invoice page's key); issuing and the list are not
    const doctor = await newUser(t, c, ['patient_procedures'], 'RL3');
    expect((await api(t, doctor).get(PATH.getInvoice, { id: invoice.id })).statusCode).toBe(200);
    expect((await api(t, doctor).get(PATH.getPatientInvoices, { patientId })).statusCode).toBe(200);
    await expectError(api(t, doctor).get(PATH.getInvoicesList, {}), 403, 'BS11');
    await expectError(api(t, doctor).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'r' }), 403, 'BS11');
    // the secretary's key is enough to issue
    const secretary = await newUser(t, c, ['patient_remaining_payments'], 'RL4');
    expect((await api(t, secretary).post(PATH.issueInvoice, { patientId, branchId: c.branchId, patientProcedureIds: [await billable(t, c, patientId, { price: '5' })] })).statusCode).toBe(201);
  });

  test("404 for another clinic's invoice, patient, procedures and branch; nothing changes", async () => {
    const other = await newClinic(t);
    const theirPatient = await newPatient(t, other);
    const theirProcedure = await billable(t, other, theirPatient, { price: '10' });
    const theirInvoice = await issue(other, { patientId: theirPatient, patientProcedureIds: [theirProcedure] });
    await expectError(api(t, c.token).get(PATH.getInvoice, { id: theirInvoice.id }), 404, 'invoice_not_found');
    await expectError(api(t, c.token).post(PATH.issueCreditNote, { invoiceId: theirInvoice.id, reason: 'r' }), 404, 'invoice_not_found');
    await expectError(api(t, c.token).get(PATH.getPatientInvoices, { patientId: theirPatient }), 404, 'patient_not_found');
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId: theirPatient, branchId: c.branchId, patientProcedureIds: [theirProcedure] }), 404, 'patient_not_found');
    const mine = await newPatient(t, c);
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId: mine, branchId: c.branchId, patientProcedureIds: [theirProcedure] }), 404, 'patient_procedure_not_found');
    await expectError(api(t, c.token).post(PATH.issueInvoice, { patientId: mine, branchId: other.branchId, patientProcedureIds: [theirProcedure] }), 404, 'not_found');
    await expectError(api(t, c.token).get(PATH.getInvoicesList, { branchId: other.branchId }), 404, 'not_found');
    const still = await read(other, theirInvoice.id, other.token);
    expect(still.creditNote).toBeNull();
  });

  test('403 BS15: a branch the user does not work in, a patient of none of their branches', async () => {
    const clinic = await newClinic(t);
    const branch2 = await addBranch(t, clinic);
    // a patient of branch 2 only, with an invoice there
    const patientId = await newPatient(t, clinic);
    await withTenant(t.database.db, clinic.clinicId, (tx) =>
      tx.execute(sql`update patient_branches set branch_id = ${branch2} where clinic_id = ${clinic.clinicId} and patient_id = ${patientId}`),
    );
    const id = await billable(t, clinic, patientId, { price: '10', branchId: branch2 });
    const invoice = await issue(clinic, { patientId, branchId: branch2, patientProcedureIds: [id] });
    // a user of the main branch only
    const { token } = await addUser(t, clinic, ['patient_remaining_payments'], 'RL4');
    await expectError(api(t, token).get(PATH.getInvoice, { id: invoice.id }), 403, 'BS15');
    await expectError(api(t, token).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'r' }), 403, 'BS15');
    await expectError(api(t, token).get(PATH.getPatientInvoices, { patientId }), 403, 'BS15');
    await expectError(api(t, token).post(PATH.issueInvoice, { patientId, branchId: branch2, patientProcedureIds: [id] }), 403, 'BS15');
    await expectError(api(t, token).get(PATH.getInvoicesList, { branchId: branch2 }), 403, 'BS15');
    // a patient the user sees, billed in a branch they do not work in
    const mine = await newPatient(t, clinic);
    const there = await billable(t, clinic, mine, { price: '10', branchId: branch2 });
    await expectError(api(t, token).post(PATH.issueInvoice, { patientId: mine, branchId: branch2, patientProcedureIds: [there] }), 403, 'BS15');
    // their list leaves out branch 2's documents
    const list = expectContractAnswer(invoiceCalls.getInvoicesList, await api(t, token).get(PATH.getInvoicesList, {}));
    expect(list.items).toEqual([]);
  });
});

describe('GetInvoiceableProcedures: the secretary invoices', () => {
  test("the default secretary (RL4 keys) lists a patient's invoiceable procedures and issues; the live invoice is shown; 403 without the key", async () => {
    const clinic = await newClinic(t);
    const patientId = await newPatient(t, clinic);
    const a = await billable(t, clinic, patientId, { price: '300.00', discount: '50.00', insuranceShare: '100.00', teeth: [{ tooth: 36, surfaces: ['O'] }] });
    const b = await billable(t, clinic, patientId, { price: '80.00', status: 'S1' });
    await billable(t, clinic, patientId, { price: '10.00', status: 'S5' });
    const secretary = await newUser(t, clinic, DEFAULT_ROLE_PERMISSIONS.RL4, 'RL4');
    const list = async (token: string) =>
      expectContractAnswer(invoiceCalls.getInvoiceableProcedures, await api(t, token).get(PATH.getInvoiceableProcedures, { patientId }));
    const before = await list(secretary);
    // the cancelled one is left out; the share billed is price − discount − the insurer's share
    expect(before.items.map((p) => [p.id, p.branchId, p.status, p.patientShare, p.invoiceId, p.invoiceNumber])).toEqual([
      [a, clinic.branchId, 'S3', '150.00', null, null],
      [b, clinic.branchId, 'S1', '80.00', null, null],
    ]);
    expect(before.items[0]).toMatchObject({ procedureNameEn: expect.stringMatching(/^Root canal/), teeth: [{ tooth: 36, surfaces: ['O'] }], doctorName: expect.any(String) });
    const invoice = await issue(clinic, { patientId, patientProcedureIds: [a] }, secretary);
    expect((await list(secretary)).items.map((p) => [p.id, p.invoiceId, p.invoiceNumber])).toEqual([[a, invoice.id, invoice.number], [b, null, null]]);
    // a credit note frees it again
    expect((await api(t, secretary).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'wrong' })).statusCode).toBe(201);
    expect((await list(secretary)).items.map((p) => p.invoiceId)).toEqual([null, null]);
    // the clinical key alone does not reach it; neither does none
    const doctor = await newUser(t, clinic, ['patient_procedures'], 'RL3');
    await expectError(api(t, doctor).get(PATH.getInvoiceableProcedures, { patientId }), 403, 'BS11');
    await expectError(api(t, await newUser(t, clinic, ['patient_list'])).get(PATH.getInvoiceableProcedures, { patientId }), 403, 'BS11');
  });

  test("400 on a bad patient id, 404 for another clinic's patient", async () => {
    await expectError(api(t, c.token).get(PATH.getInvoiceableProcedures, { patientId: 'x' }), 400, 'validation');
    expect((await api(t, c.token).get(PATH.getInvoiceableProcedures, {})).statusCode).toBe(400);
    const other = await newClinic(t);
    const theirs = await newPatient(t, other);
    await billable(t, other, theirs, { price: '10' });
    await expectError(api(t, c.token).get(PATH.getInvoiceableProcedures, { patientId: theirs }), 404, 'patient_not_found');
  });
});

describe('a procedure on a live invoice is fixed until a credit note', () => {
  test('no cancel, delete, discount, price or procedure change (409 procedure_on_invoice, translated); notes and teeth may change; a credit note frees it; a procedure ever invoiced is never deleted', async () => {
    const clinic = await newClinic(t);
    const patientId = await newPatient(t, clinic);
    const { procedureId } = await addProcedure(t, clinic, { price: '1500' });
    const other = await addProcedure(t, clinic, { price: '700' });
    const created = await createProcedure(t, clinic, { patientId, procedureId });
    const invoice = await issue(clinic, { patientId, patientProcedureIds: [created.id] });
    const base = { id: created.id, patientId, branchId: clinic.branchId, procedureId, doctorId: clinic.ownerId, teeth: [{ tooth: 36, surfaces: ['O'] }] };
    const pp = api(t, clinic.token);
    const refused = [
      await expectError(pp.post(PP.updateProcedureStatus, { id: created.id, version: 1, status: 'S5' }), 409, 'procedure_on_invoice'),
      await expectError(pp.delete(PP.deletePatientProcedure, { id: created.id, version: 1 }), 409, 'procedure_on_invoice'),
      await expectError(pp.post(PP.savePatientProcedure, { ...base, version: 1, discount: { kind: 'amount', value: '100' } }), 409, 'procedure_on_invoice'),
      await expectError(pp.post(PP.savePatientProcedure, { ...base, version: 1, discount: { kind: 'percent', value: '10' } }), 409, 'procedure_on_invoice'),
      await expectError(pp.post(PP.savePatientProcedure, { ...base, version: 1, procedureId: other.procedureId }), 409, 'procedure_on_invoice'),
    ];
    expect(refused[0]!.message).toMatch(/credit note/);
    const arabic = await api(t, clinic.token, { language: 'ar' }).post(PP.updateProcedureStatus, { id: created.id, version: 1, status: 'S5' });
    expect(arabic.json().message).toMatch(/إشعارًا دائنًا/);
    // nothing changed
    expect(await rowOf(t, clinic, created.id)).toMatchObject({ status: 'S1', version: 1, price: '1500.000', discount: '0.000', procedureId });
    // what the invoice does not bill may change
    const saved = await expectOk<{ version: number }>(pp.post(PP.savePatientProcedure, { ...base, version: 1, notes: 'upper', teeth: [{ tooth: 36, surfaces: ['M'] }] }));
    expect(saved.version).toBe(2);
    const moved = await expectOk<{ version: number }>(pp.post(PP.updateProcedureStatus, { id: created.id, version: 2, status: 'S2' }));
    // credited: free again (discount, cancel), but the issued documents name it: never deleted
    expect((await pp.post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'discount forgotten' })).statusCode).toBe(201);
    const discounted = await expectOk<{ version: number }>(pp.post(PP.savePatientProcedure, { ...base, version: moved.version, discount: { kind: 'amount', value: '100' } }));
    const cancelled = await expectOk<{ version: number }>(pp.post(PP.updateProcedureStatus, { id: created.id, version: discounted.version, status: 'S5' }));
    await expectError(pp.delete(PP.deletePatientProcedure, { id: created.id, version: cancelled.version }), 409, 'procedure_invoiced');
    // a procedure never invoiced is deleted as before
    const plain = await createProcedure(t, clinic, { patientId, procedureId });
    expect((await pp.delete(PP.deletePatientProcedure, { id: plain.id, version: plain.version })).statusCode).toBe(200);
  });
});

describe("the seller's address and phone", () => {
  test('copied at issue (and onto the credit note): a later change of the clinic or branch leaves issued documents as they were; documents from before the copy print the current ones', async () => {
    const clinic = await clinicWith({ address: '12 Tahrir St', city: 'Cairo', mobile: '+20200000000' });
    const patientId = await newPatient(t, clinic);
    await withTenant(t.database.db, clinic.clinicId, (tx) =>
      tx.execute(sql`update branches set mobile = '+20111111111' where clinic_id = ${clinic.clinicId} and id = ${clinic.branchId}`),
    );
    const invoice = await issue(clinic, { patientId, patientProcedureIds: [await billable(t, clinic, patientId, { price: '10' })] });
    const noPhone = await issue(clinic, { patientId, patientProcedureIds: [await billable(t, clinic, patientId, { price: '10' })] });
    await withTenant(t.database.db, clinic.clinicId, (tx) =>
      tx.execute(sql`update branches set mobile = null where clinic_id = ${clinic.clinicId} and id = ${clinic.branchId}`),
    );
    await setClinic(t, clinic, { address: '1 Nile Corniche', city: 'Giza', mobile: null });
    expect((await read(clinic, invoice.id)).seller).toMatchObject({ branchAddress: '12 Tahrir St, Cairo', branchPhone: '+20111111111' });
    const note = (await api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: invoice.id, reason: 'r' })).json() as { id: number };
    expect((await read(clinic, note.id)).seller).toMatchObject({ branchAddress: '12 Tahrir St, Cairo', branchPhone: '+20111111111' });
    // issued now: the new address, and no phone at all (not the old one, not a later one)
    const later = await issue(clinic, { patientId, patientProcedureIds: [await billable(t, clinic, patientId, { price: '10' })] });
    await setClinic(t, clinic, { mobile: '+20333333333' });
    expect((await read(clinic, later.id)).seller).toMatchObject({ branchAddress: '1 Nile Corniche, Giza', branchPhone: null });
    // a document issued before the columns existed (null): the current address and phone
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoices disable trigger invoices_immutable`);
      await tx.execute(sql`select set_config('app.clinic_id', ${String(clinic.clinicId)}, true)`);
      await tx.execute(sql`update invoices set seller_branch_address = null, seller_phone = null where clinic_id = ${clinic.clinicId} and id = ${noPhone.id}`);
      await tx.execute(sql`alter table invoices enable trigger invoices_immutable`);
    });
    expect((await read(clinic, noPhone.id)).seller).toMatchObject({ branchAddress: '1 Nile Corniche, Giza', branchPhone: '+20333333333' });
  });
});

describe('GetPatientInvoices and GetInvoicesList', () => {
  test("a patient's documents newest first; the clinic's list filters, sorts, pages and totals", async () => {
    const clinic = await clinicWith({ vatPercentage: '15.00', taxNo: '3', timeZone: 'Africa/Cairo' });
    const branch2 = await addBranch(t, clinic, 'North');
    const mona = await newPatient(t, clinic, { name: 'Mona Adel' });
    const sara = await newPatient(t, clinic, { name: 'Sara Hany' });
    const i1 = await issue(clinic, { patientId: mona, patientProcedureIds: [await billable(t, clinic, mona, { price: '100' })] });
    const i2 = await issue(clinic, { patientId: mona, patientProcedureIds: [await billable(t, clinic, mona, { price: '200' })] });
    const i3 = await issue(clinic, { patientId: sara, branchId: branch2, patientProcedureIds: [await billable(t, clinic, sara, { price: '300', branchId: branch2 })] });
    const cn = (await api(t, clinic.token).post(PATH.issueCreditNote, { invoiceId: i1.id, reason: 'r' })).json() as { id: number };

    const mine = expectContractAnswer(invoiceCalls.getPatientInvoices, await api(t, clinic.token).get(PATH.getPatientInvoices, { patientId: mona }));
    expect(mine.items.map((i) => [i.kind, i.number, i.total, i.credited, i.creditedInvoiceNumber])).toEqual([
      ['credit_note', 1, '115.00', false, 1],
      ['invoice', 2, '230.00', false, null],
      ['invoice', 1, '115.00', true, null],
    ]);
    expect(mine.items[0]).toMatchObject({ id: cn.id, patientId: mona, patientName: 'Mona Adel', branchName: 'Main', subtotal: '100.00', vatTotal: '15.00' });

    const list = async (query: Record<string, unknown>) =>
      expectContractAnswer(invoiceCalls.getInvoicesList, await api(t, clinic.token).get(PATH.getInvoicesList, query));
    const all = await list({});
    expect(all.items.map((i) => i.id)).toEqual([cn.id, i3.id, i2.id, i1.id]);
    expect(all.total).toBe(4);
    expect(all.totals).toEqual({
      invoiceCount: 3, creditNoteCount: 1, invoicesTotal: '690.00', invoicesVat: '90.00', creditNotesTotal: '115.00',
      creditNotesVat: '15.00', netTotal: '575.00', netVat: '75.00',
    });
    expect((await list({ kind: 'invoice', sortField: 'total', sortOrder: 'ascend' })).items.map((i) => i.id)).toEqual([i1.id, i2.id, i3.id]);
    expect((await list({ branchId: branch2 })).items.map((i) => [i.id, i.branchName])).toEqual([[i3.id, 'North']]);
    expect((await list({ search: 'sara' })).items.map((i) => i.id)).toEqual([i3.id]);
    // a number matches the document number (invoice 2) or the patient code (Sara is patient 2)
    expect((await list({ search: '2' })).items.map((i) => i.id)).toEqual([i3.id, i2.id]);
    expect((await list({ search: '2', kind: 'invoice', branchId: clinic.branchId })).items.map((i) => i.id)).toEqual([i2.id]);
    const page2 = await list({ pageSize: 3, page: 2 });
    expect([page2.items.map((i) => i.id), page2.total, page2.totals.invoiceCount]).toEqual([[i1.id], 4, 3]);
    // the clinic's days: everything was issued today in Cairo; nothing tomorrow
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    expect((await list({ from: today, to: today })).total).toBe(4);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const next = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(tomorrow);
    const none = await list({ from: next });
    expect([none.items, none.total, none.totals.netTotal]).toEqual([[], 0, '0.00']);
    // issued documents stay as issued: the row count for the patient equals what the list says
    const [count] = (await withTenant(t.database.db, clinic.clinicId, async (tx) =>
      rowsOf(await tx.execute(sql`select count(*)::int as n from invoices where clinic_id = ${clinic.clinicId}`)),
    )) as Array<{ n: number }>;
    expect(count!.n).toBe(4);
  });
});
