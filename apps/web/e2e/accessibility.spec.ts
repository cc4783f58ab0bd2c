import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storage';
import { LOGIN_PATH, apiLogin, loginByApi, newSharedPage, openInApp, settle } from './support';

/**
 * axe-core (WCAG 2 A and AA) finds no serious or critical violation on the main pages, in the light and the dark
 * theme (issue 18): login, calendar, patients list, a patient's file, users, a user's details (its labelled danger
 * button), clinic settings, duplicated patients (its merge buttons), a lab order's details (its attachments card with
 * a photo and a PDF), the calendar's month view, the dashboard.
 */
const PAGES = [
  { name: 'calendar', path: '/' },
  { name: 'calendar, month view', path: 'calendar-month' },
  { name: 'patients list', path: '/PatientsList' },
  { name: 'patient file', path: 'patient-file' },
  { name: 'patient file with medical alerts', path: 'patient-alerts' },
  { name: 'users', path: '/UsersList' },
  { name: 'user details', path: 'user-details' },
  { name: 'clinic settings', path: '/Clinic' },
  { name: 'duplicated patients', path: '/DuplicatedPatients' },
  { name: 'lab order details', path: 'lab-order' },
  { name: 'dashboard', path: '/Dashboard' },
] as const;

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/**
 * The demo's first lab order that still takes files (not used or cancelled), with a photo and a PDF in its
 * attachments card (added by the first theme's run).
 */
async function openLabOrder(page: Page) {
  const open = page.locator('[data-testid=lab-status]:not([data-status=LOS3]):not([data-status=LOS6])');
  await page.locator('.ant-table-row').filter({ has: open }).first().getByTestId('lab-order-link').click();
  await page.waitForURL(/\/LabOrderDetails\/\d+$/);
  const card = page.getByTestId('lab-order-attachments');
  await expect(card.locator('.ant-skeleton')).toHaveCount(0);
  if (!(await card.getByTestId('lab-attachment').count())) {
    await card.locator('input[type=file]').setInputFiles([
      { name: 'impression.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') },
      { name: 'x-ray.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
    ]);
    await card.getByTestId('lab-attachments-upload').click();
    await expect(card.getByTestId('lab-attachment')).toHaveCount(2);
  }
  // at least the two (a retried run finds the first run's), and the upload list's fading rows gone before axe reads colours
  await expect.poll(() => card.getByTestId('lab-attachment').count()).toBeGreaterThanOrEqual(2);
  await expect(card.locator('.ant-upload-list-item')).toHaveCount(0);
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1] ?? ''}`),
    }));
}

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [STORAGE_KEYS.theme, JSON.stringify(theme)],
  );

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test('login page', async ({ page }) => {
      await setTheme(page, theme);
      await page.goto(LOGIN_PATH);
      await expect(page.locator('form')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    // the owner signs in once per theme and goes from page to page inside the app, as a user does (starting the whole
    // app again for each page cost ~10 s a page); a failed test starts a new worker, so the next one signs in again
    let page: Page;
    let settled: (path?: string) => Promise<void>;
    test.beforeAll(async ({ browser }, testInfo) => {
      page = await newSharedPage(browser, testInfo);
      await setTheme(page, theme);
      settled = settle(page);
      await loginByApi(page, 'owner', { lang: 'ar', path: '/' });
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const { name, path } of PAGES) {
      test(name, async () => {
        if (path === 'calendar-month') {
          // the month view shows the days of the months around it (their numbers were 2.5:1 grey)
          await page.evaluate(() =>
            window.localStorage.setItem('dentix.scheduler', JSON.stringify({ view: 'month', colorBy: 'room' })),
          );
          await page.goto('/');
          await expect(page.locator('.scheduler-calendar[data-view="month"]')).toBeVisible();
        } else {
          // the owner looks at the demo doctor's details (a user they may delete: the red labelled button)
          const start =
            path === 'patient-file' || path === 'patient-alerts'
              ? '/PatientsList'
              : path === 'user-details'
                ? `/UserDetails/${(await apiLogin(page.request, 'doctor')).objectData.userId}`
                : path === 'lab-order'
                  ? '/LabsOrders'
                  : path;
          await openInApp(page, start);
          await settled(start);
        }
        if (path === 'patient-file') {
          await page.locator('a[href^="/Patient/"]').first().click();
          await page.waitForURL(/\/Patient\//);
        }
        if (path === 'patient-alerts') {
          // the demo's first patient: a penicillin allergy and a drug, red and orange tags in the header
          await page.locator('a[href^="/Patient/"]', { hasText: 'أحمد محمود عبد الله' }).first().click();
          await expect(page.getByRole('list', { name: 'تنبيهات طبية' }).getByRole('listitem')).not.toHaveCount(0);
        }
        if (path === 'lab-order') await openLabOrder(page);
        await settled();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
