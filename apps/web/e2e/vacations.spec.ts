import { type Locator, type Page, expect, test } from '@playwright/test';
import { loginAs } from './support';

/** Far ahead, so these vacations never block an appointment of another journey (today, tomorrow, this week). */
const YEAR = new Date().getFullYear() + 3;
const day = (d: number, m = 12) => `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${YEAR}`;

/** Types a day/month/year date into an antd DatePicker and commits it by leaving the field (Enter would submit). */
async function pickDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

async function fillVacation(page: Page, v: { name: string; user?: string; start: string; end: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('اسم الإجازة').fill(v.name);
  if (v.user) {
    await dialog.getByLabel('المستخدم').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(v.user).click();
  }
  await pickDate(dialog.getByLabel('من تاريخ'), v.start);
  await pickDate(dialog.getByLabel('إلى تاريخ'), v.end);
}

test.describe('vacations', () => {
  test('the secretary adds a clinic holiday and a leave for the doctor, edits and deletes them, in Arabic', async ({
    page,
  }) => {
    const stamp = Date.now() % 100000;
    const holiday = `عطلة اختبار ${stamp}`;
    const leave = `إجازة الطبيب ${stamp}`;
    await loginAs(page, 'secretary');
    await page.goto('/VacationsList');
    await expect(page.getByRole('heading', { name: 'الإجازات' })).toBeVisible();
    await page.getByPlaceholder('ابحث في الإجازات').fill(String(stamp)); // this journey's rows only

    // a clinic holiday; an end day before the start day is refused with its message, nothing saved
    await page.getByRole('button', { name: 'إضافة إجازة' }).click();
    const dialog = page.getByRole('dialog');
    await fillVacation(page, { name: holiday, start: day(20), end: day(18) });
    await expect(dialog.getByText('لا يمكن أن يكون تاريخ النهاية قبل تاريخ البداية')).toBeVisible();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeVisible();
    await pickDate(dialog.getByLabel('إلى تاريخ'), day(22));
    await expect(dialog.getByText('لا يمكن أن يكون تاريخ النهاية قبل تاريخ البداية')).toBeHidden();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const holidayRow = page.getByRole('row', { name: new RegExp(holiday) });
    await expect(holidayRow).toContainText('العيادة كلها');
    await expect(holidayRow).toContainText(day(20));
    await expect(holidayRow).toContainText(day(22));

    // the doctor's leave
    await page.getByRole('button', { name: 'إضافة إجازة' }).click();
    await fillVacation(page, { name: leave, user: 'د. كريم نبيل', start: day(27), end: day(27) });
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const leaveRow = page.getByRole('row', { name: new RegExp(leave) });
    await expect(leaveRow).toContainText('د. كريم نبيل');

    // the kind filter: clinic holidays only, then users' leave only
    await page.getByLabel('النوع').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('عطلات العيادة').click();
    await expect(holidayRow).toBeVisible();
    await expect(leaveRow).toHaveCount(0);
    await page.getByLabel('النوع').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('إجازات المستخدمين').click();
    await expect(leaveRow).toBeVisible();
    await expect(holidayRow).toHaveCount(0);
    await page.getByLabel('النوع').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('كل الإجازات').click();
    await expect(holidayRow).toBeVisible();

    // edit the leave: another name and a second day; the form opens with what was saved
    const renamed = `${leave} ب`;
    await page.getByRole('button', { name: `تعديل ${leave}` }).click();
    await expect(dialog.getByLabel('اسم الإجازة')).toHaveValue(leave);
    await expect(dialog.getByLabel('من تاريخ')).toHaveValue(day(27));
    await dialog.getByLabel('اسم الإجازة').fill(renamed);
    await pickDate(dialog.getByLabel('إلى تاريخ'), day(28));
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const renamedRow = page.getByRole('row', { name: new RegExp(renamed) });
    await expect(renamedRow).toContainText(day(28));
    await expect(renamedRow).toContainText('د. كريم نبيل');

    // delete both, each after confirming
    for (const name of [renamed, holiday]) {
      await page.getByRole('button', { name: `حذف ${name}` }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    }
  });
});
