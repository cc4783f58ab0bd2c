import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import type { ClinicDetail } from '@dental/contract';
import { OTHER_CLINIC, addCompletedProcedures, apiAs, apiLogin, loginByApi } from './support';

/**
 * A new patient of the demo clinic with two completed procedures (a molar root canal, 3,000 EGP, and a simple
 * extraction, 400 EGP), so the journey never sees another spec's invoices. /Invoice/:PID?, its invoiceable procedures and
 * issuing need patient_remaining_payments: the desk's key (the secretary RL4 has it, not patient_procedures).
 */
async function patientWithProcedures(request: APIRequestContext) {
  const owner = await apiLogin(request, 'owner');
  const { id } = await apiAs(request, owner.token).ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: `مريض الفواتير ${Date.now() % 1_000_000}`,
    mobile: `+2015${String(Date.now()).slice(-8)}`,
    branchIds: [owner.objectData.branchId],
  });
  await addCompletedProcedures(request, id, [['D3330', 36], ['D7140', 18]]);
  return id;
}

/** The clinic registered for VAT at 14 % for the journey; put back afterwards (the e2e server is shared by every spec). */
async function withClinicVat(request: APIRequestContext, run: () => Promise<void>) {
  const { token } = await apiLogin(request, 'owner');
  const save = async (clinic: ClinicDetail) => {
    const res = await request.post('/api/Lookups/SaveClinic', {
      headers: { Authorization: `Bearer ${token}`, Language: 'en' },
      multipart: { data: JSON.stringify(clinic) },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const original = await apiAs(request, token).ok.get<ClinicDetail>('/api/Lookups/GetClinic');
  await save({ ...original, vatPercentage: '14.00', taxNo: '310123456700003', commercialRegistrationNo: '1010123456' });
  try {
    await run();
  } finally {
    await save(original);
  }
}

/** Ticks the procedures to invoice and issues the invoice after the confirmation. */
async function issueInvoice(page: Page, issueLabel: string, procedures: string[]) {
  const card = page.getByTestId('new-invoice');
  for (const name of procedures) await card.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
  await card.getByRole('button', { name: issueLabel }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: issueLabel }).click();
}

/** The document as the printer gets it: print media, the app hidden, only the print layout's sheet. */
async function printView(page: Page) {
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('.print-root .print-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  return sheet;
}

test.describe('invoices', () => {
  test('the secretary issues an invoice with VAT, prints it in Arabic, credits it once, and prints an English invoice', async ({
    page,
  }, testInfo) => {
    const patientId = await patientWithProcedures(page.request);
    await withClinicVat(page.request, async () => {
      await loginByApi(page, 'secretary', { path: `/Invoice/${patientId}` });

      // the procedures not yet invoiced; both ticked; issued after the confirmation (the invoice in Arabic)
      const card = page.getByTestId('new-invoice');
      await expect(card.getByRole('row', { name: /علاج جذور ضرس/ })).toBeVisible();
      await issueInvoice(page, 'إصدار فاتورة', ['علاج جذور ضرس', 'خلع بسيط']);

      // the issued invoice opens as it prints: number, VAT per line at 14 %, totals
      const view = page.locator('.ant-modal').filter({ has: page.locator('.print-preview') });
      const preview = view.locator('.print-preview');
      await expect(preview.getByText('فاتورة ضريبية', { exact: true })).toBeVisible();
      const number = (await preview.getByTestId('invoice-number').textContent())!.trim();
      expect(number).toMatch(/^\d+$/);
      await expect(preview.getByTestId('invoice-vat')).toHaveText('476.00 EGP');
      await expect(preview.getByTestId('invoice-total')).toHaveText('3,876.00 EGP');

      // printed: only the document, in Arabic, right to left
      const sheet = await printView(page);
      await expect(sheet).toHaveAttribute('dir', 'rtl');
      await expect(sheet.locator('.print-title')).toHaveText('فاتورة ضريبية');
      await expect(sheet.getByTestId('invoice-number')).toHaveText(number);
      await expect(sheet.getByTestId('invoice-vat')).toHaveText('476.00 EGP');
      await expect(sheet.getByTestId('invoice-total')).toHaveText('3,876.00 EGP');
      await expect(sheet.getByText('310123456700003').first()).toBeVisible();
      await testInfo.attach('invoice-print-ar', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      await page.emulateMedia({ media: 'screen' });

      // a credit note, with its reason: it opens as the printed credit note
      await view.getByRole('button', { name: 'إشعار دائن' }).click();
      const credit = page.locator('.ant-modal').filter({ hasText: `إصدار إشعار دائن للفاتورة ${number}` });
      await credit.getByRole('button', { name: 'إصدار الإشعار الدائن' }).click();
      await expect(credit.getByText('هذا الحقل مطلوب')).toBeVisible();
      await credit.getByLabel('السبب').fill('خطأ في بيانات المريض');
      await credit.getByRole('button', { name: 'إصدار الإشعار الدائن' }).click();
      await expect(preview.getByRole('heading', { name: 'إشعار دائن' })).toBeVisible();
      await expect(preview.getByText('خطأ في بيانات المريض')).toBeVisible();
      await view.getByRole('button', { name: 'إغلاق' }).last().click();

      // once: the invoice is marked credited and offers no second credit note; the server refuses one too
      const list = page.getByTestId('patient-invoices');
      const invoiceRow = list.getByRole('row').filter({ hasText: 'صدر لها إشعار دائن' });
      await expect(invoiceRow).toHaveCount(1);
      await expect(invoiceRow.getByRole('button', { name: 'إشعار دائن' })).toHaveCount(0);
      const owner = await apiLogin(page.request, 'owner');
      const invoices = await apiAs(page.request, owner.token).ok.get<{
        items: Array<{ id: number; kind: string; number: number }>;
      }>('/api/Invoice/GetPatientInvoices', { patientId });
      const invoiceId = invoices.items.find((i) => i.kind === 'invoice' && String(i.number) === number)!.id;
      const again = await apiAs(page.request, owner.token).post('/api/Invoice/IssueCreditNote', {
        invoiceId,
        reason: 'مرة ثانية',
      });
      expect(again.status()).toBe(409);

      // the procedures are free again: invoiced in English this time, the UI still in Arabic
      await page.getByTestId('new-invoice').getByRole('combobox', { name: 'لغة الفاتورة' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
      await issueInvoice(page, 'إصدار فاتورة', ['علاج جذور ضرس', 'خلع بسيط']);
      await expect(preview.getByText('Tax invoice', { exact: true })).toBeVisible();
      const english = await printView(page);
      await expect(english).toHaveAttribute('dir', 'ltr');
      await expect(english.getByText('Total incl. VAT').last()).toBeVisible();
      await expect(english.getByTestId('invoice-vat')).toHaveText('476.00 EGP');
      await expect(english.getByTestId('invoice-total')).toHaveText('3,876.00 EGP');
      await testInfo.attach('invoice-print-en', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      await page.emulateMedia({ media: 'screen' });

      // the same invoice as a PDF rendered by the server
      const englishNumber = (await preview.getByTestId('invoice-number').textContent())!.trim();
      const [download] = await Promise.all([page.waitForEvent('download'), view.getByTestId('download-pdf').click()]);
      expect(download.suggestedFilename()).toBe(`invoice-${englishNumber}.pdf`);
      expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

      // the patient's statement from the procedures tab (the owner's: the secretary has no procedures tab), as the server's PDF too
      await loginByApi(page, 'owner', { path: `/Patient/${patientId}/8` });
      const [statement] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
      expect(statement.suggestedFilename()).toBe(`statement-${patientId}.pdf`);
      expect(readFileSync(await statement.path()).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  test('a Saudi clinic’s invoice is a simplified tax invoice with its ZATCA QR drawn on the page (Arabic)', async ({ page }) => {
    const request = page.request;
    const login = { clinic: OTHER_CLINIC.clinicName };
    const owner = await apiLogin(request, OTHER_CLINIC.email, login);
    const api = apiAs(request, owner.token);
    const save = async (clinic: ClinicDetail) => {
      const res = await request.post('/api/Lookups/SaveClinic', {
        headers: { Authorization: `Bearer ${owner.token}`, Language: 'en' },
        multipart: { data: JSON.stringify(clinic) },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    const original = await api.ok.get<ClinicDetail>('/api/Lookups/GetClinic');
    await save({ ...original, vatPercentage: '15.00', taxNo: '310123456700003', commercialRegistrationNo: '1010123456' });
    try {
      // a patient without a Saudi national id: the standard rate applies
      const { id } = await api.ok.post<{ id: number }>('/api/Patient/SavePatient', {
        name: 'John Smith',
        mobile: `+96650${String(Date.now()).slice(-7)}`,
        branchIds: [owner.objectData.branchId],
      });
      const list = await api.ok.get<{ items: Array<{ procedureId: number; code: string }> }>(
        '/api/Procedure/GetProceduresByBranch',
        { activeOnly: true, pageSize: 200 },
      );
      const saved = await api.ok.post<{ id: number; version: number }>('/api/PatientProcedure/SavePatientProcedure', {
        patientId: id,
        branchId: owner.objectData.branchId,
        procedureId: list.items.find((i) => i.code === 'D7140')!.procedureId,
        doctorId: owner.objectData.userId,
        teeth: [{ tooth: 18 }],
      });
      await api.ok.post('/api/PatientProcedure/UpdateProcedureStatus', { id: saved.id, version: saved.version, status: 'S3' });
      const invoice = await api.ok.post<{ id: number }>('/api/Invoice/IssueInvoice', {
        patientId: id,
        branchId: owner.objectData.branchId,
        patientProcedureIds: [saved.id],
        language: 'ar',
      });

      await loginByApi(page, OTHER_CLINIC.email, { ...login, path: `/Invoice/${id}?doc=${invoice.id}` });
      const sheet = await printView(page);
      await expect(sheet.locator('.print-title')).toHaveText('فاتورة ضريبية مبسطة');
      await expect(sheet.getByTestId('invoice-vat')).toHaveText('37.50 SAR');
      await expect(sheet.getByTestId('invoice-total')).toHaveText('287.50 SAR');
      const qr = sheet.getByTestId('invoice-qr');
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    } finally {
      await save(original);
    }
  });
});
