import { expect, test } from '@playwright/test';
import { loginByApi, openInApp, settle } from './support';

/** On a 390 px phone the main pages fit the screen: no sideways page scroll (issue 18). */
const PAGES = [
  '/',
  '/PatientsList',
  'patient-file',
  '/UsersList',
  '/Clinic',
  '/Rooms',
  '/MedicalCategories',
  '/PatientFeedback',
  '/InsuranceCompaniesList',
  '/Labs',
];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const lang of ['ar', 'en'] as const) {
  test(`the main pages fit a phone (${lang})`, async ({ page }) => {
    test.slow(); // ten pages one after another
    const settled = settle(page);
    await loginByApi(page, 'owner', { lang, path: '/PatientsList' });
    // from page to page inside the app, as the menu goes (not the whole app started again for each)
    for (const path of PAGES) {
      const start = path === 'patient-file' ? '/PatientsList' : path;
      await openInApp(page, start);
      await settled(start);
      if (path === 'patient-file') {
        await page.locator('a[href^="/Patient/"]').first().click();
        await page.waitForURL(/\/Patient\//);
        await settled();
      }
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
  });
}

test('on a phone the calendar opens on the day, with the views in a list', async ({ page }) => {
  await loginByApi(page, 'owner', { lang: 'ar', path: '/' });
  await expect(page.locator('.scheduler-calendar[data-view="day"]')).toBeVisible();
  await expect(page.locator('.calendar-toolbar .ant-segmented')).toHaveCount(0);
  await expect(page.getByLabel('طريقة العرض')).toBeVisible();
});

test('on a phone the patients list keeps the code, the name and the actions', async ({ page }) => {
  await loginByApi(page, 'owner', { lang: 'ar', path: '/PatientsList' });
  const row = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  // the name is readable: its cell is at least 120 px wide and not under the fixed actions column
  const nameCell = await row.locator('td', { has: page.locator('a[href^="/Patient/"]') }).boundingBox();
  const actions = await row.locator('td').last().boundingBox();
  expect(nameCell!.width).toBeGreaterThanOrEqual(120);
  expect(nameCell!.x).toBeGreaterThanOrEqual(actions!.x + actions!.width - 1); // Arabic: actions on the left
  expect(nameCell!.x + nameCell!.width).toBeLessThanOrEqual(390);
  await expect(page.locator('.ant-table-thead th', { hasText: 'الجوال' })).toHaveCount(0);
});

for (const lang of ['ar', 'fr'] as const) {
  test(`on a phone the medical categories, the feedback answers, the insurance companies and the labs keep their key columns in view (${lang})`, async ({
    page,
  }) => {
    await loginByApi(page, 'owner', { lang, path: '/MedicalCategories' });
    for (const path of ['/MedicalCategories', '/PatientFeedback', '/InsuranceCompaniesList', '/Labs']) {
      await page.goto(path);
      const row = page.locator('.ant-table-tbody .ant-table-row').first();
      await expect(row, path).toBeVisible({ timeout: 20_000 });
      // the table is as wide as the screen: nothing behind a sideways scroll, every cell of the row on the screen
      const table = await page
        .locator('.ant-table-content')
        .first()
        .evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      expect(table.scroll, path).toBeLessThanOrEqual(table.client);
      for (const box of await row
        .locator('td')
        .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().toJSON() as DOMRect)))
        expect(box.x >= 0 && box.x + box.width <= 390, path).toBe(true);
    }
    // the categories' actions are in reach
    await page.goto('/MedicalCategories');
    await expect(page.locator('.ant-table-tbody .ant-table-row').first().getByRole('button').first()).toBeInViewport();
  });
}

test('on a phone the clinic settings choose their section from a list, the branches too (ar)', async ({ page }) => {
  await loginByApi(page, 'owner', { lang: 'ar', path: '/Clinic' });
  await expect(page.locator('.ant-tabs-nav')).toHaveCount(0); // no tab bar cut at the screen's edge
  await page.getByLabel('القسم').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'الفروع' }).click();
  const row = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('button').first()).toBeInViewport();
  await page.getByRole('button', { name: 'إضافة فرع' }).click();
  await expect(page.getByRole('dialog').getByLabel('اسم الفرع')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone a large drawer (the appointment form) fits the screen', async ({ page }) => {
  await loginByApi(page, 'owner', { lang: 'ar', path: '/' });
  await page.getByRole('button', { name: 'موعد جديد' }).click();
  const drawer = page.locator('.appointment-form-drawer');
  await expect(drawer.getByRole('button', { name: 'حفظ' })).toBeInViewport();
  // antd's large drawer is 736 px wide; on the phone it is the screen's width, once it has slid in
  await expect
    .poll(() =>
      page.locator('.ant-drawer-content-wrapper').evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect),
    )
    .toMatchObject({ x: 0, width: 390 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
