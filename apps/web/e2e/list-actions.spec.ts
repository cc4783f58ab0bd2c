import { expect, test } from '@playwright/test';
import { loginByApi, openInApp, settle } from './support';

/**
 * On a 1366 px laptop every list keeps its row actions in view (issue 18): the actions column is fixed at the reading
 * end of the table (right in English and French, left in Arabic) while wide columns scroll sideways.
 */
const LISTS = ['/PatientsList', '/UsersList', '/TreatmentsList', '/PriceList', '/InsuranceCompaniesList', '/Rooms', '/Payments', '/Roles', '/MedicalQuestions'];

for (const lang of ['en', 'fr', 'ar'] as const) {
  test(`row actions stay visible at 1366 px (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const settled = settle(page);
    await loginByApi(page, 'owner', { lang, path: LISTS[0] });
    for (const path of LISTS) {
      // from list to list inside the app, as the menu goes (not the whole app started again for each)
      await openInApp(page, path);
      await settled(path);
      const row = page.locator('.ant-table-tbody .ant-table-row').first();
      await expect(row, path).toBeVisible({ timeout: 20_000 });
      const table = await page.locator('.ant-table-container').first().boundingBox();
      const actions = await row.locator('td').last().boundingBox();
      const button = await row.locator('td').last().locator('button, a').first().boundingBox();
      expect(table && actions && button, path).toBeTruthy();
      // the cell and its first button lie inside the table's visible box and the window
      for (const box of [actions!, button!]) {
        expect(box.x, path).toBeGreaterThanOrEqual(table!.x - 1);
        expect(box.x + box.width, path).toBeLessThanOrEqual(Math.min(table!.x + table!.width, 1366) + 1);
      }
      // ... at the reading end
      if (lang === 'ar') expect(actions!.x, path).toBeLessThan(table!.x + table!.width / 2);
      else expect(actions!.x, path).toBeGreaterThan(table!.x + table!.width / 2);
    }
  });
}
