import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { addCompletedProcedures, apiAs, apiLogin, loginAs, loginByApi } from './support';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const LAB_PASSWORD = 'Lab@12345';

/**
 * A lab of its own (so the lab user's list holds only this journey's order), with one priced service, a login for
 * its staff made by the owner, and a new patient. The journey makes its own data so it never sees another spec's.
 */
async function labWithLogin(request: APIRequestContext) {
  const owner = await apiLogin(request, 'owner');
  const asOwner = apiAs(request, owner.token);
  const stamp = String(Date.now()).slice(-7);
  const lab = await asOwner.ok.post<{ id: number }>('/api/Lab/SaveLab', { name: `معمل الرحلة ${stamp}`, contactPerson: 'م. سامي', isActive: true });
  const service = await asOwner.ok.post<{ id: number }>('/api/Lab/SaveLabService', {
    labId: lab.id,
    nameAr: `تاج زركونيا ${stamp}`,
    nameEn: `Zirconia crown ${stamp}`,
  });
  await asOwner.ok.post('/api/Lab/SaveLabPrice', { labId: lab.id, labServiceId: service.id, price: '1250.50' });
  const email = `lab${stamp}@demo.test`;
  await asOwner.ok.post('/api/Lab/SaveLabUser', {
    labId: lab.id,
    fullName: 'فني المعمل',
    userName: `lab${stamp}`,
    email,
    mobile: `+2012${stamp}1`,
    password: LAB_PASSWORD,
    branchId: owner.objectData.branchId,
    countryId: 'CN3',
    language: 'ar',
  });
  const patientName = `مريض المعمل ${stamp}`;
  const patient = await asOwner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: patientName,
    mobile: `+2015${stamp}2`,
    branchIds: [owner.objectData.branchId],
  });
  return { labId: lab.id, serviceAr: `تاج زركونيا ${stamp}`, email, patientId: patient.id, patientName };
}

/** Confirms the open confirmation dialog with its button `name`. */
async function confirmWith(page: Page, name: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('lab-move-note') });
  await dialog.getByRole('button', { name }).click();
  await expect(dialog).toBeHidden();
}

test.describe('labs', () => {
  test('the secretary sends a lab order, the lab user sees only that order and marks it ready, the clinic receives it (Arabic)', async ({
    page,
    browser,
  }) => {
    const data = await labWithLogin(page.request);

    // the secretary: a new order for the patient at this lab (both from the route), the service's price shown
    await loginByApi(page, 'secretary', { path: `/LabOrderDetails/0/${data.labId}/${data.patientId}` });
    const form = page.getByTestId('lab-order-form');
    await expect(page.getByRole('heading', { name: 'طلب معمل جديد' })).toBeVisible();
    await expect(form).toContainText(data.patientName);
    await form.getByTestId('lab-order-service').click();
    await page.locator('.ant-select-item-option').filter({ hasText: data.serviceAr }).click();
    await expect(form.getByTestId('lab-order-price')).toContainText('1,250.50');
    await form.getByTestId('lab-order-shade').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^A2$/ }).click();
    await form.getByTestId('lab-order-save').click();
    await expect(page).toHaveURL(/\/LabOrderDetails\/\d+$/);
    const orderId = Number(/\/LabOrderDetails\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('lab-status').first()).toHaveText('جديد');

    // sent to the lab: the only move left for a new order besides cancelling
    await page.getByTestId('lab-move-LOS2').click();
    await confirmWith(page, 'إرسال إلى المعمل');
    await expect(page.getByTestId('lab-status').first()).toHaveText('أُرسل وقيد التحضير');
    await expect(page.getByTestId('lab-history-item')).toHaveCount(2);

    // a photo of the impression goes with the order (a 1×1 PNG)
    const attachments = page.getByTestId('lab-order-attachments');
    await attachments.locator('input[type=file]').setInputFiles({ name: 'impression.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await attachments.getByTestId('lab-attachments-upload').click();
    await expect(attachments.getByTestId('lab-attachment')).toHaveCount(1);
    await expect(attachments.getByTestId('lab-attachment')).toContainText('impression.png');

    // the lab user logs in on the login page and lands on their lab's orders: this one order only, no other menu item
    const labContext = await browser.newContext();
    const labPage = await labContext.newPage();
    await loginAs(labPage, data.email, { password: LAB_PASSWORD });
    await expect(labPage).toHaveURL(/\/LabMyOrders$/);
    const rows = labPage.getByTestId('my-lab-orders-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(data.patientName);
    await expect(labPage.locator('.ant-layout-sider .ant-menu-root > li')).toHaveCount(1);
    await rows.first().getByTestId('lab-act-ready').click();
    await confirmWith(labPage, 'تحديد كجاهز');
    await expect(rows.first()).toContainText('حدده المعمل كجاهز');
    await expect(rows.first().getByTestId('lab-act-ready')).toHaveCount(0);
    // the order's details show the clinic's photo
    await rows.first().getByRole('button', { name: /#\d+/ }).click();
    await expect(labPage.getByRole('dialog').getByTestId('lab-attachment')).toContainText('impression.png');
    // the clinic's list is not the lab user's
    await labPage.goto('/LabsOrders');
    await expect(labPage).toHaveURL(/\/pages\/NotAuthorized$/);
    await labContext.close();

    // the clinic sees the ready mark and receives the order
    await page.reload();
    await expect(page.getByTestId('lab-order-ready')).toBeVisible();
    await page.getByTestId('lab-move-LOS7').click();
    await confirmWith(page, 'تأكيد الاستلام');
    await expect(page.getByTestId('lab-status').first()).toHaveText('استُلم في العيادة');
    const history = page.getByTestId('lab-history-item');
    await expect(history).toHaveCount(4);
    await expect(history.nth(2)).toContainText('حدده المعمل كجاهز');
    await expect(history.nth(3)).toContainText('أُرسل وقيد التحضير ← استُلم في العيادة');

    // and the clinic's list shows it received, not overdue
    await page.goto('/LabsOrders');
    await page.getByLabel('اسم المريض أو رمزه أو جواله').fill(data.patientName);
    const row = page.getByTestId('lab-orders-table').locator('tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('lab-status')).toHaveText('استُلم في العيادة');
    await expect(row.getByTestId('lab-overdue')).toHaveCount(0);
    await row.getByTestId('lab-order-link').click();
    await expect(page).toHaveURL(new RegExp(`/LabOrderDetails/${orderId}$`));
  });

  test('the owner orders from a lab on a patient\'s procedure: the order starts with the patient, the procedure and its tooth (English)', async ({ page }) => {
    const data = await labWithLogin(page.request);
    await addCompletedProcedures(page.request, data.patientId, [['D2740', 36]]);
    await loginByApi(page, 'owner', { lang: 'en', path: `/Patient/${data.patientId}/8` });
    await page.getByTestId('procedures-table').getByTestId('order-from-lab').first().click();
    await expect(page).toHaveURL(new RegExp(`/LabOrderDetails/0/0/${data.patientId}/36\\?procedure=\\d+$`));
    const form = page.getByTestId('lab-order-form');
    await expect(form).toContainText(data.patientName);
    await expect(form.getByTestId('lab-order-procedure')).toContainText('36');
    await expect(form.getByTestId('lab-order-tooth')).toContainText('36');
  });
});
