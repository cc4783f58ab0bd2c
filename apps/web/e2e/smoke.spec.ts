import { expect, test } from '@playwright/test';
import { LOGIN_PATH, expectLanguage, loginAs, startInLanguage } from './support';

test('the server answers /api/health', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok' });
});

test('the login page renders right-to-left in Arabic', async ({ page }) => {
  await startInLanguage(page, 'ar');
  await page.goto(LOGIN_PATH);
  await expectLanguage(page, 'ar');
  // antd's ConfigProvider runs with direction rtl: its components carry the -rtl class
  await expect(page.locator('[class*="ant-"][class*="-rtl"]').first()).toBeAttached();
  await expect(page.locator('form input').first()).toBeVisible();
});

test('the login page renders left-to-right in English', async ({ page }) => {
  await startInLanguage(page, 'en');
  await page.goto(LOGIN_PATH);
  await expectLanguage(page, 'en');
  await expect(page.locator('form input').first()).toBeVisible();
  await expect(page.locator('[class*="ant-"][class*="-rtl"]')).toHaveCount(0);
});

test('a demo user logs in through the login form and the session starts', async ({ page }) => {
  await loginAs(page, 'owner', { lang: 'en' });
  const stored = await page.evaluate(() => window.localStorage.getItem('dentix.session'));
  expect(stored, 'the web app stores the session in localStorage').toContain('owner@demo.test');
});
