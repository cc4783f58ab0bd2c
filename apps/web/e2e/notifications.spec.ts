import { expect, test } from '@playwright/test';
import { DEMO_CLINIC, loginByApi, startInLanguage } from './support';

test.describe('notifications (issue 17)', () => {
  test("an online booking on the public page rings the secretary's bell live, in Arabic; the item opens the appointment on the calendar", async ({ browser }) => {
    const secretary = await browser.newPage();
    await loginByApi(secretary, 'secretary', { path: '/' });
    const bell = secretary.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^الإشعارات/);
    // the list has loaded (its items or the empty state) before the count is read
    await bell.click();
    await expect(secretary.getByTestId('notification-panel').locator('.ant-list, .ant-empty')).toBeVisible();
    await bell.click();
    const badge = secretary.getByTestId('notification-count').locator('.ant-scroll-number');
    const unreadBefore = (await badge.count()) ? Number(await badge.getAttribute('title')) : 0;

    // a patient books on /book/demo (the first branch, the secretary's) in another tab
    const run = String(Date.now()).slice(-8);
    const name = `ريم إشعار ${run}`;
    const patient = await browser.newPage();
    await startInLanguage(patient, 'ar');
    await patient.goto(`/book/${DEMO_CLINIC}`);
    const day = patient.getByRole('listbox', { name: 'اختر اليوم' }).locator('[role="option"]:not([disabled])').nth(1);
    const date = await day.getAttribute('data-date');
    await day.click();
    await patient.getByRole('listbox', { name: 'اختر الوقت' }).getByRole('option').first().click();
    await patient.locator('#booking_name').fill(name);
    await patient.locator('#booking_mobile').fill(`011${run}`);
    await patient.getByRole('button', { name: 'تأكيد الحجز' }).click();
    await expect(patient.getByText('تم استلام طلب الحجز')).toBeVisible();
    await patient.close();

    // the secretary's bell counts it without a reload (the hub's Notification event)
    await expect(badge).toHaveAttribute('title', String(unreadBefore + 1));
    await bell.click();
    const item = secretary.getByTestId('notification-item').filter({ hasText: name }).first();
    await expect(item).toContainText('حجز جديد عبر الإنترنت');
    await expect(item).toContainText(date!.split('-').reverse().join('/'));
    await item.locator('.notification-open').click();
    // the calendar shows that day and opens the booked appointment's details; the address is cleaned
    await expect(secretary.locator('.ant-drawer-title').filter({ hasText: name })).toBeVisible();
    await expect(secretary).toHaveURL(/\/$/);
    // opening it marked it read
    if (unreadBefore) await expect(badge).toHaveAttribute('title', String(unreadBefore));
    else await expect(badge).toHaveCount(0);
  });
});
