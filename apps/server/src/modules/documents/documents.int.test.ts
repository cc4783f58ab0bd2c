import { callPath, documentCalls, invoiceCalls, printCalls } from '@dental/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClinic, api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { pdfTextLines } from '../../../test/pdf-text.js';
import { billable, newPatient, setClinic } from '../invoices/invoices-test-kit.js';

let t: TestApp;
let sa: TestClinic;
let invoice: { id: number; number: number };
const PATIENT = 'منى عادل';

const INVOICE_PDF = callPath(documentCalls.getInvoicePdf);

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
    // the QR is an image on the page (the built-in invoice settings show it)
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  test("the clinic's default invoice settings apply: A5, English labels of a fixed language are the invoice's, footer, no patient details", async () => {
    const c = await newClinic(t);
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
