import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, loginByApi } from './support';

/** The clinic's day (YYYY-MM-DD) in its zone, whatever the machine's zone. */
const clinicToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

test.describe('dashboard', () => {
  test("the owner opens the dashboard from the menu and sees today's appointments and the overdue lab orders, in Arabic", async ({ page }) => {
    const { token, objectData } = await loginByApi(page, 'owner', { lang: 'ar' });
    const today = clinicToday(objectData.timeZone);
    const api = apiAs(page.request, token);
    const { items } = await api.ok.get<{ items: Array<{ total: number }> }>('/api/Dashboard/GetDailyAppointmentAsyncs', { fromDate: today, toDate: today });
    const { count: overdue } = await api.ok.get<{ count: number }>('/api/Lab/GetOverdueLabOrders');
    expect(overdue).toBeGreaterThan(0); // the demo has an overdue order

    // from the sidebar (expanded first when it starts collapsed)
    const toggle = page.getByRole('button', { name: /^(توسيع|طي) القائمة$/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-label')) === 'توسيع القائمة') await toggle.click();
    await page.locator('.ant-layout-sider a[href="/Dashboard"]').click();
    await page.waitForURL(/\/Dashboard$/);
    await expect(page.getByRole('heading', { name: 'لوحة التحكم', level: 3 })).toBeVisible();

    const todayCard = page.getByTestId('dash-card-today');
    await expect(todayCard).toContainText('مواعيد اليوم');
    await expect(todayCard.locator('.ant-statistic-content-value')).toHaveText(String(items[0]!.total));
    const overdueCard = page.getByTestId('dash-card-overdue');
    await expect(overdueCard).toContainText('طلبات المعمل المتأخرة');
    await expect(overdueCard.locator('.ant-statistic-content-value')).toHaveText(String(overdue));
    await expect(page.getByTestId('dash-chart-appointments')).toBeVisible();

    const axe = await new AxeBuilder({ page }).include('.dashboard').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // the card's link opens the lab orders filtered to the overdue ones
    await overdueCard.getByRole('link', { name: 'عرض الطلبات المتأخرة' }).click();
    await page.waitForURL(/\/LabsOrders\?overdue=1$/);
    await expect(page.getByTestId('overdue-only')).toBeChecked();
  });
});
