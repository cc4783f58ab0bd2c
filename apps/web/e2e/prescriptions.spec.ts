import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginByApi } from './support';

/**
 * Prescriptions (issue 16), in Arabic. A new patient of the doctor's branch with a penicillin allergy flagged in the
 * medical history, and a template of the journey's own (so no other spec's templates matter).
 */
async function setUp(request: APIRequestContext) {
  const suffix = Date.now() % 1_000_000;
  const doctor = await apiLogin(request, 'doctor');
  const owner = await apiLogin(request, 'owner');
  const asOwner = apiAs(request, owner.token);
  const patientName = `مريض الوصفات ${suffix}`;
  const { id: patientId } = await asOwner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: patientName,
    mobile: `+2015${String(Date.now()).slice(-8)}`,
    branchIds: [doctor.objectData.branchId],
  });
  await asOwner.ok.post('/api/Patient/SaveProductDieases', {
    patientId,
    productName: `بنسلين ${suffix}`,
    notes: 'حساسية',
    isAlert: true,
  });
  const templateName = `بعد الخلع ${suffix}`;
  await asOwner.ok.post('/api/Prescription/SavePrescriptionTemplate', {
    name: templateName,
    drugs: [
      { drugName: 'Amoxicillin 500 mg', dosage: 'كبسولة واحدة', timesPerDay: 3, mealTiming: 'after', duration: '5 أيام' },
      { drugName: 'Ibuprofen 400 mg', dosage: 'قرص واحد', timesPerDay: 2, mealTiming: 'after', duration: '3 أيام' },
    ],
  });
  return { suffix, patientId, patientName, templateName, doctorToken: doctor.token };
}

/** The document as the printer gets it: print media, only the print layout's sheet. */
async function printView(page: Page) {
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('.print-root .print-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('prescriptions', () => {
  test('the doctor writes a prescription from a template, publishes and prints it, cannot edit it, and shares a link that stops working once revoked', async ({
    page,
    browser,
    context,
  }, testInfo) => {
    const { suffix, patientId, patientName, templateName, doctorToken } = await setUp(page.request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginByApi(page, 'doctor', { path: `/Patient/${patientId}/11` });

    // the patient file's prescriptions tab: none yet
    const tab = page.getByTestId('patient-prescriptions');
    await expect(tab.getByText('لا توجد وصفات طبية لهذا المريض بعد')).toBeVisible();
    await tab.getByRole('button', { name: 'وصفة جديدة' }).click();
    await expect(page).toHaveURL(new RegExp(`/Prescription/0/${patientId}$`));

    // the allergy is in view while prescribing
    await expect(page.getByTestId('rx-alerts')).toContainText(`بنسلين ${suffix}`);

    // the template in one step: its two drugs replace the empty line
    const template = page.getByRole('combobox', { name: 'تطبيق قالب' });
    await template.click();
    await template.fill(templateName);
    await page.locator('.ant-select-item-option').filter({ hasText: templateName }).click();
    await expect(page.getByText('أضيفت أدوية القالب')).toBeVisible();
    const lines = page.getByTestId('rx-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByRole('combobox', { name: 'الدواء' })).toHaveValue('Amoxicillin 500 mg');
    await page.getByLabel('التشخيص').fill('خلع ضرس العقل السفلي');

    // published after the confirmation
    await page.getByRole('button', { name: 'نشر' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('لا يمكن تعديل الوصفة المنشورة أو حذفها');
    await confirm.getByRole('button', { name: 'نشر' }).click();
    await expect(page.getByText('نُشرت الوصفة الطبية')).toBeVisible();

    // read-only: no field, no save or publish; the document as printed
    await expect(page.getByTestId('rx-read-only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'حفظ كمسودة' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'نشر', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('التشخيص')).toHaveCount(0);
    const prescriptionId = Number(/\/Prescription\/(\d+)$/.exec(page.url())?.[1]);
    expect(prescriptionId).toBeGreaterThan(0);

    // printed: the prescription alone, in Arabic, right to left, with its drugs and how to take them
    const sheet = await printView(page);
    await expect(sheet).toHaveAttribute('dir', 'rtl');
    await expect(sheet.locator('.print-title')).toHaveText('وصفة طبية');
    await expect(sheet.getByText(patientName)).toBeVisible();
    await expect(sheet.getByTestId('rx-drugs').locator('li')).toHaveCount(2);
    await expect(sheet.getByText('كبسولة واحدة · 3 مرات يوميًا · بعد الأكل · لمدة 5 أيام')).toBeVisible();
    await expect(sheet.getByText('خلع ضرس العقل السفلي')).toBeVisible();
    await testInfo.attach('prescription-print-ar', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    await page.emulateMedia({ media: 'screen' });

    // the server refuses to change it too
    const asDoctor = apiAs(page.request, doctorToken);
    const edit = await asDoctor.post('/api/Prescription/Save', {
      id: prescriptionId,
      patientId,
      branchId: (await apiLogin(page.request, 'doctor')).objectData.branchId,
      status: 'draft',
      drugs: [{ drugName: 'Paracetamol 500 mg' }],
    });
    expect(edit.status()).toBe(409);

    // the PDF, rendered by the server
    const download = page.waitForEvent('download');
    await page.getByTestId('download-pdf').click();
    expect((await download).suggestedFilename()).toBe(`prescription-${prescriptionId}.pdf`);

    // the public link: copied, opens without a login, shows only the prescription
    await page.getByRole('button', { name: 'نسخ الرابط العام' }).click();
    await expect(page.getByText('تم نسخ رابط الوصفة')).toBeVisible();
    const url = await page.getByTestId('rx-public-url').inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const publicPath = new URL(url).pathname;
    expect(publicPath).toMatch(/^\/rx\//);

    const visitor = await browser.newContext({ timezoneId: 'Africa/Cairo' });
    try {
      const patientPage = await visitor.newPage();
      await patientPage.goto(publicPath);
      await expect(patientPage).toHaveURL(new RegExp(`${publicPath}$`)); // no login page
      const paper = patientPage.locator('.print-preview');
      await expect(paper.getByText('Amoxicillin 500 mg')).toBeVisible();
      await expect(paper.getByText(patientName)).toBeVisible();
      await expect(paper.getByText('خلع ضرس العقل السفلي')).toHaveCount(0); // the diagnosis stays in the clinic

      // revoked: the link stops working
      await page.getByRole('button', { name: 'إلغاء الرابط' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'إلغاء الرابط' }).click();
      await expect(page.getByText('أُلغي الرابط العام')).toBeVisible();
      await patientPage.reload();
      await expect(patientPage.getByText('هذا الرابط لا يفتح وصفة طبية')).toBeVisible();
      await expect(patientPage.getByText('Amoxicillin 500 mg')).toHaveCount(0);
    } finally {
      await visitor.close();
    }

    // copied into a new draft with the same drugs, which can be edited
    await page.getByRole('button', { name: 'نسخ إلى وصفة جديدة' }).click();
    await expect(page.getByText('أُنشئت مسودة جديدة من الوصفة')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/Prescription/${prescriptionId}$`));
    await expect(page.getByTestId('rx-line')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'حفظ كمسودة' })).toBeEnabled();

    // the patient file lists both: the published one and the copy
    await page.goto(`/Patient/${patientId}/11`);
    const rows = page.getByTestId('patient-prescriptions').getByRole('row');
    await expect(rows.filter({ hasText: 'منشورة' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'مسودة' })).toHaveCount(1);
  });
});

test.describe('prescription templates', () => {
  test('the owner finds a template, removes one of its drugs after confirming, and deletes the template', async ({ page }) => {
    const owner = await apiLogin(page.request, 'owner');
    const name = `قالب الالتهاب ${Date.now() % 1_000_000}`;
    await apiAs(page.request, owner.token).ok.post('/api/Prescription/SavePrescriptionTemplate', {
      name,
      drugs: [
        { drugName: 'Metronidazole 500 mg', dosage: 'قرص واحد', timesPerDay: 3, mealTiming: 'after', duration: '7 أيام' },
        { drugName: 'Chlorhexidine 0.12%', dosage: '15 مل مضمضة', timesPerDay: 2, mealTiming: 'after' },
      ],
    });
    await loginByApi(page, 'owner', { path: '/PrescriptionTemplatesList' });
    await page.getByRole('textbox', { name: 'ابحث في القوالب' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Metronidazole 500 mg، Chlorhexidine 0.12%');

    // a saved line goes after the confirmation (DeletePrescriptionTemplateDrugs)
    await row.getByRole('button', { name: `تعديل ${name}` }).click();
    await expect(page.getByTestId('rx-line')).toHaveCount(2);
    await page.getByRole('button', { name: 'حذف هذا الدواء Chlorhexidine 0.12%' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByTestId('rx-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'القوالب' }).click();
    await page.getByRole('textbox', { name: 'ابحث في القوالب' }).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Chlorhexidine');

    // deleted after the confirmation: the search finds nothing
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: `حذف ${name}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
