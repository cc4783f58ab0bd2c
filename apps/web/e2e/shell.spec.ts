import { expect, test } from '@playwright/test';
import { LOGIN_PATH, expectLanguage, loginAs } from './support';

test.describe('the shell', () => {
  test('logs in in Arabic and shows the right-to-left shell', async ({ page }) => {
    await loginAs(page, 'owner');
    await expectLanguage(page, 'ar');
    await expect(page.locator('.ant-layout-sider')).toBeVisible();
    await expect(page.locator('.ant-layout-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await expect(page).toHaveTitle(/Dentix/);
    // the owner's name is in the header, the page body runs right to left
    await expect(page.getByText('د. أحمد سالم').first()).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  });

  test('keeps English and the dark theme after a reload', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/Rooms');
    await page.locator('button:has(.anticon-global)').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expectLanguage(page, 'en');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expectLanguage(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
    await expect(page).toHaveTitle('Rooms | Dentix');
  });

  test('the login page changes language from the keyboard (its menu loads after the page shows)', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await page.getByRole('button', { name: 'اللغة' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expectLanguage(page, 'fr');
    await expect(page.getByRole('button', { name: 'Langue' })).toContainText('Français');
  });

  test('Ctrl+K finds Rooms by its Arabic and by its English label', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/Payments');
    await expect(page.getByRole('heading', { name: 'طرق الدفع' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.locator('.search-palette input');
    await expect(palette).toBeFocused();
    await palette.fill('الغرف');
    await expect(page.getByRole('option', { name: 'الغرف' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Rooms$/);

    await page.goto('/Payments');
    await expect(page.getByRole('heading', { name: 'طرق الدفع' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.locator('.search-palette input').fill('Rooms');
    await expect(page.getByRole('option', { name: 'الغرف' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Rooms$/);
  });

  test('Ctrl+L locks the screen and Escape goes back', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/Rooms');
    await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();
    await page.keyboard.press('Control+l');
    await expect(page).toHaveURL(/\/pages\/LockScreen$/);
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/Rooms$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/NoSuchPage');
    await expect(page).toHaveURL(/\/pages\/Error404$/);
    await expect(page.getByRole('button', { name: 'Back to home' })).toBeVisible();
  });
});
