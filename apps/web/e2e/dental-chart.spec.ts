import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import type { ChartedTooth, ToothNumbering } from '@dental/contract';
import { apiAs, apiLogin, loginByApi } from './support';

const FILLING_BLUE = '#1e88e5';

/** A new patient of the demo clinic for one journey, so journeys never see each other's chart. */
async function newPatient(request: APIRequestContext) {
  const session = await apiLogin(request, 'owner');
  const owner = apiAs(request, session.token);
  const saved = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: `مريض المخطط ${Date.now() % 1_000_000}`,
    mobile: `+2011${String(Date.now()).slice(-8)}`,
    branchIds: [session.objectData.branchId],
  });
  return saved.id;
}

/** The patient's chart as the server has it. */
async function chartOf(request: APIRequestContext, patientId: number) {
  const doctor = apiAs(request, (await apiLogin(request, 'doctor')).token);
  return (await doctor.ok.get<{ teeth: ChartedTooth[] }>('/api/Patient/GetPatientTeeth', { patientId })).teeth;
}

/** Sets the demo doctor's own tooth numbering (a user setting, over the clinic's). */
async function setNumbering(request: APIRequestContext, system: ToothNumbering) {
  const doctor = apiAs(request, (await apiLogin(request, 'doctor')).token);
  await doctor.ok.post('/api/User/UpdateUserToothNumbering', { toothNumberingSystem: system });
}

const tooth = (page: Page, fdi: number) => page.locator(`[data-tooth="${fdi}"]`);
const focusedTooth = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-tooth'));

test.describe('dental chart', () => {
  // the e2e server is shared by every spec file: the doctor's numbering this file changes is put back
  test.afterAll(async ({ request }) => {
    await setNumbering(request, 'FDI');
  });

  test('the doctor colours tooth 36 and notes it, in Arabic; under Palmer it reads LL6 with its colour and badge', async ({
    page,
  }) => {
    await setNumbering(page.request, 'FDI');
    const patientId = await newPatient(page.request);
    await loginByApi(page, 'doctor', { path: `/Patient/${patientId}/3` });
    await expect(page.getByRole('tab', { name: 'مخطط الأسنان', selected: true })).toBeVisible();
    const t36 = page.getByRole('button', { name: 'السن 36', exact: true });
    await expect(t36).toBeVisible();

    // the chart stays anatomical in Arabic: the patient's right (18, 46) is on the viewer's left
    const x = async (fdi: number) => (await tooth(page, fdi).boundingBox())!.x;
    expect(await x(18)).toBeLessThan(await x(11));
    expect(await x(11)).toBeLessThan(await x(21));
    expect(await x(46)).toBeLessThan(await x(36));

    // nothing picked: the action says what is missing; a tooth without surfaces cannot have surfaces coloured
    await page.getByRole('button', { name: 'تلوين الأسنان' }).click();
    await expect(page.getByText('اختر سنًا واحدة على الأقل')).toBeVisible();
    await t36.click();
    await expect(t36).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('تم اختيار سن واحدة')).toBeVisible();
    await page.getByRole('button', { name: 'تلوين الأسطح' }).click();
    await expect(page.getByText('اختر سطحًا واحدًا على الأقل')).toBeVisible();

    await page.getByRole('button', { name: 'حشوة', exact: true }).click();
    await page.getByRole('button', { name: 'تلوين الأسنان' }).click();
    await expect(page.getByText('تم الحفظ').first()).toBeVisible();
    await expect(tooth(page, 36).locator('path').first()).toHaveAttribute('fill', FILLING_BLUE);
    expect((await chartOf(page.request, patientId)).map((c) => [c.tooth, c.color])).toEqual([[36, FILLING_BLUE]]);

    // a note on the tooth, from the side panel; the tooth then carries a notes badge of 1
    const panel = page.getByTestId('tooth-panel');
    await expect(panel.getByText('السن 36', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'إضافة ملاحظة' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب')).toBeVisible();
    await dialog.getByLabel('الملاحظة').fill('تسوس عميق في الجهة الوحشية');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('تسوس عميق في الجهة الوحشية')).toBeVisible();
    await expect(panel.getByRole('tab', { name: 'الملاحظات (1)' })).toBeVisible();
    await expect(tooth(page, 36).locator('.dc-badge-notes')).toHaveText('1');

    // keyboard: arrows move along the arch and across to the opposing tooth, Enter picks
    await t36.focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedTooth(page)).toBe('37');
    await page.keyboard.press('ArrowUp');
    expect(await focusedTooth(page)).toBe('27');
    await page.keyboard.press('Enter');
    await expect(tooth(page, 27)).toHaveAttribute('aria-pressed', 'true');

    // the doctor switches their numbering to Palmer: the same tooth reads LL6 (┌6), still blue with its badge
    await page.goto('/UserPersonalDetails');
    await page.getByRole('radiogroup', { name: 'ترقيم الأسنان' }).getByText('Palmer', { exact: true }).click();
    await expect(page.getByText('تم الحفظ').first()).toBeVisible();
    await page.goto(`/Patient/${patientId}/3`);
    const ll6 = page.getByRole('button', { name: 'السن LL6', exact: true });
    await expect(ll6).toBeVisible();
    await expect(ll6).toHaveAttribute('data-tooth', '36');
    await expect(ll6.locator('.dc-tooth-label')).toHaveText('┌6');
    await expect(ll6.locator('path').first()).toHaveAttribute('fill', FILLING_BLUE);
    await expect(ll6.locator('.dc-badge-notes')).toHaveText('1');
    await expect(page.getByText('الترقيم: بالمر')).toBeVisible();
    await setNumbering(page.request, 'FDI');
  });

  test('surfaces, extras, canal measurements and clearing a tooth, in English', async ({ page }) => {
    await setNumbering(page.request, 'FDI');
    const patientId = await newPatient(page.request);
    await loginByApi(page, 'doctor', { lang: 'en', path: `/Patient/${patientId}/3` });
    const t16 = page.getByRole('button', { name: 'Tooth 16', exact: true });

    // two surfaces picked on the drawing, painted red
    await tooth(page, 16).locator('[data-surface="O"]').click();
    await tooth(page, 16).locator('[data-surface="M"]').click();
    await expect(t16).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Caries', exact: true }).click();
    await page.getByRole('button', { name: 'Colour surfaces' }).click();
    await expect(tooth(page, 16).locator('[data-surface="O"]')).toHaveAttribute('fill', '#e53935');
    await expect.poll(async () => (await chartOf(page.request, patientId))[0]?.surfaces).toEqual({ M: '#e53935', O: '#e53935' });

    // an extra with its status
    await page.getByRole('button', { name: 'Set extra' }).click(); // Crown, Planned by default
    const panel = page.getByTestId('tooth-panel');
    await expect(panel.getByText('Crown · Planned')).toBeVisible();

    // a canal measurement with a field error first, then saved as exact decimal text
    await panel.getByRole('tab', { name: 'Canals (0)' }).click();
    await panel.getByRole('button', { name: 'Add canal' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Canal').fill('MB');
    await dialog.getByLabel('Working length (mm)').fill('21.555');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The canal length is 0.5 to 99.99 mm with at most 2 decimals')).toBeVisible();
    await dialog.getByLabel('Working length (mm)').fill('21.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('cell', { name: '21.50 mm' })).toBeVisible();
    await expect(tooth(page, 16).locator('.dc-badge-canals')).toHaveText('1');

    // deleting asks first
    await panel.getByRole('button', { name: 'Delete canal MB of Tooth 16' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(tooth(page, 16).locator('.dc-badge-canals')).toHaveCount(0);

    // clearing the tooth removes everything charted on it, after a confirmation
    await page.getByRole('button', { name: /Clear$/ }).click(); // not "Clear selection"
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Clear' }).click();
    await expect.poll(async () => chartOf(page.request, patientId)).toEqual([]);
    await expect(panel.getByText('Crown · Planned')).toHaveCount(0);
  });

  test('a user without patient_edit or patient_procedures reads the chart but cannot chart', async ({ page, request }) => {
    const patientId = await newPatient(request);
    const doctor = apiAs(request, (await apiLogin(request, 'doctor')).token);
    await doctor.ok.post('/api/Patient/SavePatientTeeth', { patientId, teeth: [{ tooth: 11, color: '#fb8c00' }] });

    await loginByApi(page, 'accountant', { lang: 'en', path: `/Patient/${patientId}/3` });
    await expect(page.getByRole('button', { name: 'Tooth 11', exact: true })).toBeVisible();
    await expect(tooth(page, 11).locator('path').first()).toHaveAttribute('fill', '#fb8c00');
    await expect(page.getByRole('button', { name: 'Colour teeth' })).toHaveCount(0);
    await tooth(page, 11).click();
    await expect(page.getByTestId('tooth-panel').getByRole('button', { name: 'Add note' })).toHaveCount(0);

    const accountant = apiAs(request, (await apiLogin(request, 'accountant')).token);
    const res = await accountant.post('/api/Patient/SavePatientTeeth', { patientId, teeth: [{ tooth: 11, clear: true }] });
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('BS11');
  });
});
