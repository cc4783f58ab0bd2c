import { expect, test } from '@playwright/test';
import { loginByApi, openInApp } from './support';

/**
 * A split first load stays safe offline (issue 18, app/offline-ready.ts): the signed-in page fetches, once shown, what
 * it may need later; a shell part whose file comes after the network went waits for it; and the service worker
 * controls the page from its first install, so a page never opened on this device still opens offline.
 */

// offline use is the service worker's work (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

test.describe('before the service worker is ready', () => {
  test.use({ serviceWorkers: 'block' });

  test('the popup stack whose file comes after the network went waits for it; the page stays', async ({ page, context }) => {
    // hold the popup stack's file until the network is gone (the race the offline journey lost in CI)
    let release!: (online: boolean) => void;
    const offline = new Promise<boolean>((resolve) => (release = resolve));
    let asked = 0;
    await context.route(/\/assets\/message-popup-stack-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked === 1 && !(await offline)) return route.continue();
      if (asked === 1) return route.abort('internetdisconnected');
      return route.continue();
    });
    await loginByApi(page, 'owner', { path: '/Rooms', messagePopups: true });
    await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();
    await expect.poll(() => asked).toBeGreaterThan(0);

    await context.setOffline(true);
    release(true);
    await expect(page.locator('.shell-banners').getByText('لا يوجد اتصال بالإنترنت', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();
    await expect(page.getByText('تعذر تحميل الصفحة')).toHaveCount(0);

    const loaded = page.waitForResponse(/\/assets\/message-popup-stack-[\w-]+\.js$/);
    await context.setOffline(false);
    expect((await loaded).ok()).toBe(true); // fetched again once the connection returned
    await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();
  });

  test('offline, a page never opened shows the error view saying so, in the shown language', async ({ page, context }) => {
    await loginByApi(page, 'owner', { path: '/Rooms', lang: 'fr' });
    await expect(page.locator('html[data-offline-ready="true"]')).toBeAttached({ timeout: 30_000 });
    await context.setOffline(true);
    await openInApp(page, '/Roles');
    // the full error view (fetched once the page had shown), not the bare reload fallback
    await expect(page.locator('.ant-result-title')).toHaveText("La page n'a pas pu être chargée");
    await expect(page.getByText("Vous êtes hors ligne et cette page n'a pas encore été chargée")).toBeVisible();
  });
});

test('once the service worker has installed, a page never opened loads offline', async ({ page, context }) => {
  await loginByApi(page, 'owner', { path: '/Rooms' });
  await expect(page.getByRole('heading', { name: 'الغرف' })).toBeVisible();
  // the first install takes control of this very page (clientsClaim), its precache is the whole build
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.locator('html[data-offline-ready="true"]')).toBeAttached({ timeout: 30_000 });
  await context.setOffline(true);
  await openInApp(page, '/Roles');
  await expect(page.getByRole('heading', { name: 'الأدوار' })).toBeVisible();
  await expect(page.getByText('تعذر تحميل الصفحة')).toHaveCount(0);
});
