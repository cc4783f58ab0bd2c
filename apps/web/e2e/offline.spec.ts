import { expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

// offline use is the service worker's work (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

/**
 * A save pressed offline says at once that it cannot be saved, the dialog can be cancelled, and nothing is sent when
 * the connection returns (issue 18). The offline banner sits at the foot of the window, clear of the header.
 */
test('an offline save is refused at once and never sent later', async ({ page, context }) => {
  const name = `غرفة بلا اتصال ${Date.now() % 100000}`;
  await loginAs(page, 'owner');
  await page.goto('/Rooms');
  await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();

  await context.setOffline(true);
  const banner = page.locator('.shell-banners').getByText('لا يوجد اتصال بالإنترنت', { exact: false });
  await expect(banner).toBeVisible();
  const header = await page.locator('.app-header, header').first().boundingBox();
  const bannerBox = await banner.boundingBox();
  expect(bannerBox!.y).toBeGreaterThan(header!.y + header!.height); // not over the header

  await page.getByRole('button', { name: 'إضافة غرفة' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('اسم الغرفة').fill(name);
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.locator('.ant-message').getByText('لا يوجد اتصال بالإنترنت')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'حفظ' })).not.toHaveClass(/ant-btn-loading/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  const owner = apiAs(page.request, (await apiLogin(page.request, 'owner')).token);
  const rooms = await owner.ok.get<{ items: Array<{ name: string }> }>('/api/Lookups/GetRooms', { search: name });
  expect(rooms.items.map((r) => r.name)).not.toContain(name);
});
