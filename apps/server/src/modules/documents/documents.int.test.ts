import { callPath, documentCalls, invoiceCalls, printCalls } from '@dental/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClinic, api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { pdfImageCount, pdfTextLines } from '../../../test/pdf-text.js';
import { billable, newPatient, setClinic } from '../invoices/invoices-test-kit.js';
import { pay, patientWith, paymentTypeOf } from '../payments/payments-test-kit.js';

let t: TestApp;
let sa: TestClinic;
let invoice: { id: number; number: number };
const PATIENT = 'منى عادل';

const INVOICE_PDF = callPath(documentCalls.getInvoicePdf);
const RECEIPT_PDF = callPath(documentCalls.getReceiptPdf);
const STATEMENT_PDF = callPath(documentCalls.getPatientStatementPdf);

async function issue(c: TestClinic, input: Record<string, unknown>) {
  const res = await api(t, c.token).post(callPath(invoiceCalls.issueInvoice), { branchId: c.branchId, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number: number };
}

/** A PDF answer: 200, application/pdf shown inline, not sniffed, not cached; its bytes. */
function expectPdf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename="[a-z-]+-\d+\.pdf"$/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return res.rawPayload;
}

beforeAll(async () => {
  t = await testApp();
  sa = await newClinic(t);
  await setClinic(t, sa, {
    countryId: 'CN2',
    currency: 'SAR',
    timeZone: 'Asia/Riyadh',
    vatPercentage: '15.00',
    taxNo: '300000000000003',
    commercialRegistrationNo: '1010010101',
    displayName: 'عيادة الابتسامة',
  });
  const patientId = await newPatient(t, sa, { name: PATIENT });
  const a = await billable(t, sa, patientId, { price: '100.00' });
  invoice = await issue(sa, { patientId, patientProcedureIds: [a], language: 'ar' });
});

describe('Documents/GetInvoicePdf', () => {
  test('an Arabic tax invoice: number, patient, total with VAT, tax number and the ZATCA QR, in reading order', async () => {
    const pdf = expectPdf(await api(t, sa.token).get(INVOICE_PDF, { id: invoice.id }));
    const text = (await pdfTextLines(pdf)).join('\n');
    expect(text).toContain('فاتورة ضريبية مبسطة');
    expect(text).toContain('عيادة الابتسامة');
    expect(text).toContain(PATIENT);
    expect(text).toMatch(new RegExp(`الرقم ${invoice.number}\\b`));
    expect(text).toContain('115.00 SAR');
    expect(text).toContain('15.00 SAR');
    expect(text).toContain('300000000000003');
    // the QR is the one image on the page (the built-in invoice settings show it; the clinic has no logo)
    expect(await pdfImageCount(pdf)).toBe(1);
  });

  test("the clinic's default invoice settings apply: A5, the clinic's logo, footer, no patient details; the invoice's language", async () => {
    const c = await newClinic(t);
    const logoKey = `clinics/${c.clinicId}/logo-pdf-test.png`;
    await t.app.deps.files.put(logoKey, await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a7' } }).png().toBuffer());
    await setClinic(t, c, { logoKey });
    const patientId = await newPatient(t, c, { name: 'Mona Adel' });
    const a = await billable(t, c, patientId, { price: '250.50' });
    const doc = await issue(c, { patientId, patientProcedureIds: [a], language: 'en' });
    const saved = await api(t, c.token).post(callPath(printCalls.savePrintSettings), {
      name: 'Small',
      documentType: 'invoice',
      pageSize: 'A5',
      footerText: 'Thank you for your visit',
      show: { patientDetails: false },
      isDefault: true,
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const pdf = expectPdf(await api(t, c.token).get(INVOICE_PDF, { id: doc.id }));
    const text = (await pdfTextLines(pdf)).join('\n');
    expect(text).toContain('Invoice');
    expect(text).toContain(`No. ${doc.number}`);
    expect(text).toContain('250.50 EGP');
    expect(text).toContain('Thank you for your visit');
    expect(text).not.toContain('Mona Adel');
    const box = pdf.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect([Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([420, 595]);
    // the logo is the only image (no QR outside Saudi Arabia)
    expect(await pdfImageCount(pdf)).toBe(1);
  });

  test('named settings of another document type are refused (404); unknown ones too', async () => {
    const saved = await api(t, sa.token).post(callPath(printCalls.savePrintSettings), { name: 'Roll', documentType: 'receipt', pageSize: '80mm' });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const id = (saved.json() as { id: number }).id;
    const res = await api(t, sa.token).get(INVOICE_PDF, { id: invoice.id, printSettingsId: id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('print_settings_not_found');
    expect((await api(t, sa.token).get(INVOICE_PDF, { id: invoice.id, printSettingsId: 999999 })).statusCode).toBe(404);
  });

  test('400 for a malformed id, 401 without a token, 403 without a key, 404 for another clinic’s invoice', async () => {
    const bad = await api(t, sa.token).get(INVOICE_PDF, { id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect((await api(t).get(INVOICE_PDF, { id: invoice.id })).statusCode).toBe(401);
    const noKey = await newUser(t, sa, ['patient_list']);
    const denied = await api(t, noKey).get(INVOICE_PDF, { id: invoice.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('BS11');
    const other = await newClinic(t);
    const foreign = await api(t, other.token).get(INVOICE_PDF, { id: invoice.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('Documents/GetReceiptPdf and GetPatientStatementPdf', () => {
  let c: TestClinic;
  let patientId: number;
  let payment: { id: number; receiptNo: number };
  beforeAll(async () => {
    c = await newClinic(t);
    await setClinic(t, c, { currency: 'LYD', displayName: 'عيادة النور' });
    patientId = await newPatient(t, c, { name: 'سالم الورفلي', smsLanguage: 'ar' });
    const { procedureIds } = await patientWith(t, c, ['300.000', '200.000'], 'S3', patientId);
    payment = await pay(t, c, await paymentTypeOf(t, c), { patientId, procedureIds, amount: '350.250' });
  });

  test("a receipt on the built-in 80 mm roll, in the patient's language: receipt number, patient, amount with the currency's 3 decimals", async () => {
    const pdf = expectPdf(await api(t, c.token).get(RECEIPT_PDF, { id: payment.id }));
    const text = (await pdfTextLines(pdf)).join('\n');
    expect(text).toContain('سند قبض');
    expect(text).toContain('عيادة النور');
    expect(text).toContain(`رقم السند ${payment.receiptNo}`);
    expect(text).toContain('سالم الورفلي');
    expect(text).toContain('350.250 LYD');
    const box = pdf.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect(Number(box[1])).toBeCloseTo(226.77, 1);
  });

  test("a statement: each procedure's share, paid and remaining, then the balance; settings in English apply", async () => {
    let pdf = expectPdf(await api(t, c.token).get(STATEMENT_PDF, { patientId }));
    let text = (await pdfTextLines(pdf)).join('\n');
    expect(text).toContain('كشف حساب المريض');
    expect(text).toContain('سالم الورفلي');
    expect(text).toContain('500.000 LYD');
    expect(text).toContain('149.750 LYD');
    const saved = await api(t, c.token).post(callPath(printCalls.savePrintSettings), { name: 'EN', documentType: 'statement', language: 'en' });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    pdf = expectPdf(await api(t, c.token).get(STATEMENT_PDF, { patientId, printSettingsId: (saved.json() as { id: number }).id }));
    text = (await pdfTextLines(pdf)).join('\n');
    expect(text).toContain('Patient statement');
    expect(text).toContain('Remaining 149.750 LYD');
    // the remaining amount in words, as on invoices
    expect(text).toContain('Remaining in words: One hundred forty nine Libyan dinars and seven hundred fifty dirhams');
  });

  test('403 without a key, 404 for another clinic’s payment or patient, 400 for a malformed id', async () => {
    const noKey = await newUser(t, c, ['patient_list']);
    expect((await api(t, noKey).get(RECEIPT_PDF, { id: payment.id })).statusCode).toBe(403);
    expect((await api(t, noKey).get(STATEMENT_PDF, { patientId })).statusCode).toBe(403);
    const other = await newClinic(t);
    const foreignReceipt = await api(t, other.token).get(RECEIPT_PDF, { id: payment.id });
    expect(foreignReceipt.statusCode).toBe(404);
    expect(foreignReceipt.json().code).toBe('payment_not_found');
    expect((await api(t, other.token).get(STATEMENT_PDF, { patientId })).statusCode).toBe(404);
    expect((await api(t, c.token).get(RECEIPT_PDF, { id: '1x' })).statusCode).toBe(400);
    expect((await api(t, c.token).get(STATEMENT_PDF, { patientId: -3 })).statusCode).toBe(400);
  });
});
