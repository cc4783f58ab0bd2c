import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ClinicDetail } from '@dental/contract';
import { apiAs, apiLogin, loginAs } from './support';

const GET_CLINIC = '/api/Lookups/GetClinic';
const SAVE_CLINIC = '/api/Lookups/SaveClinic';

/** The demo clinic as the owner sees it through the API. */
async function clinicOf(request: APIRequestContext): Promise<ClinicDetail> {
  const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
  return owner.ok.get<ClinicDetail>(GET_CLINIC);
}

/** Writes a clinic back exactly as it was read (SaveClinic is multipart: the fields as JSON in `data`). */
async function restoreClinic(request: APIRequestContext, clinic: ClinicDetail) {
  const { token } = await apiLogin(request, 'owner');
  const res = await request.post(SAVE_CLINIC, {
    headers: { Authorization: `Bearer ${token}`, Language: 'en' },
    // the read-only fields (id, tier, logoUrl ...) are not part of the save and are ignored
    multipart: { data: JSON.stringify(clinic) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('clinic settings and branches', () => {
  // the e2e server is shared by every spec file: whatever this file changes on the demo clinic, it puts back
  let original: ClinicDetail;
  test.beforeAll(async ({ request }) => {
    original = await clinicOf(request);
  });
  test.afterAll(async ({ request }) => {
    if (!original) return;
    await restoreClinic(request, original);
    const after = await clinicOf(request);
    expect([after.displayName, after.vatPercentage, after.website, after.mobile]).toEqual([
      original.displayName,
      original.vatPercentage,
      original.website,
      original.mobile,
    ]);
  });

  test('the owner changes the displayed name and the VAT; both are kept after a reload', async ({ page }) => {
    const displayName = `Smile Dental ${Date.now() % 100000}`;
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/Clinic');
    await expect(page.getByRole('heading', { name: 'Clinic settings' })).toBeVisible();
    const name = page.getByLabel('Displayed name');
    await expect(name).toHaveValue(original.displayName);
    await name.fill(displayName);
    const vat = page.getByLabel('VAT', { exact: true });
    await vat.fill('16.25');
    // the mobile typed as people in Egypt write it: stored in E.164, shown again as typed (issue 18)
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveAttribute('placeholder', '010 01234567');
    await page.getByLabel('Mobile', { exact: true }).fill('0100 123 4599');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('010 01234599');

    await page.reload();
    await expect(page.getByLabel('Displayed name')).toHaveValue(displayName);
    await expect(page.getByLabel('VAT', { exact: true })).toHaveValue('16.25');
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('010 01234599');
    const saved = await clinicOf(page.request);
    expect([saved.displayName, saved.vatPercentage, saved.mobile]).toEqual([displayName, '16.25', '+201001234599']);
  });

  test('a website typed with https:// shows the spec message and nothing is saved', async ({ page }) => {
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/Clinic');
    await page.getByLabel('Displayed name').fill('Not saved clinic name');
    await page.getByRole('tab', { name: 'Website and social media' }).click();
    await page.getByLabel('Website', { exact: true }).fill('https://example.com');
    const message = page.getByText('Please remove http or https from the website URL');
    await expect(message).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(message).toBeVisible();
    await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
    const after = await clinicOf(page.request);
    expect(after.website).toBe(original.website);
    expect(after.displayName).not.toBe('Not saved clinic name');

    // without the protocol it is accepted
    await page.getByLabel('Website', { exact: true }).fill('example.com');
    await expect(message).toHaveCount(0);
  });

  test('the owner adds a branch, renames it, places it and deletes it after confirming, in Arabic', async ({
    page,
  }) => {
    const name = `فرع الاختبار ${Date.now() % 100000}`;
    const renamed = `${name} الجديد`;
    await loginAs(page, 'owner');
    await page.goto('/Clinic');
    await page.getByRole('tab', { name: 'الفروع' }).click();
    await expect(page.getByRole('row', { name: /فرع مدينة نصر/ })).toBeVisible();

    await page.getByRole('button', { name: 'إضافة فرع' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('اسم الفرع').fill(name);
    await dialog.getByLabel('الجوال').fill('+20222609999');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    // a Cairo landline, stored +20222609999, written as the clinic writes it
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('02 22609999');

    // a branch with the same name is refused with the spec's message on the field
    await page.getByRole('button', { name: 'إضافة فرع' }).click();
    await dialog.getByLabel('اسم الفرع').fill('فرع مدينة نصر');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('اسم الفرع أو رقم الهاتف موجود بالفعل')).toBeVisible();
    await dialog.getByRole('button', { name: 'إلغاء' }).click();

    // renamed, and placed on the map (for the booking page's maximum distance): a lone coordinate is refused
    await page.getByRole('button', { name: `تعديل ${name}` }).click();
    await expect(dialog.getByLabel('الجوال')).toHaveValue('02 22609999');
    await dialog.getByLabel('اسم الفرع').fill(renamed);
    await dialog.getByLabel('خط العرض').fill('30.0561');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب')).toBeVisible();
    await dialog.getByLabel('خط الطول').fill('31.3301');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(renamed) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: '30.0561, 31.3301' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=30\.0561&mlon=31\.3301/,
    );

    await page.getByRole('button', { name: `حذف ${renamed}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /فرع مدينة نصر/ })).toBeVisible();
  });
});
