import { type Page, expect, test } from '@playwright/test';
import { loginAs } from './support';

/**
 * Picks an option of the antd Select dropdown opened last (the last in the page: antd adds each dropdown when it first
 * opens). Not the first one showing it: a closed dropdown caught in its closing motion still showed, and the click went
 * to the page's branch select's option instead of the dialog's (CI, once).
 */
const choose = (page: Page, option: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).last().click();

/* Issue 14: the catalogue and branch price lists, in Arabic (the demo clinic: branch 1 lists every procedure,
   branch 2 only three treatment branches' procedures). */
test.describe('treatments: catalogue and price lists', () => {
  test('the owner copies the price list from branch 1 to branch 2, then adds a procedure to the catalogue', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/PriceList');
    await expect(page.getByRole('heading', { name: 'قائمة الأسعار' })).toBeVisible();

    // branch 2 lacks the periodontics procedures
    await page.getByRole('combobox', { name: 'فرع العيادة' }).click();
    await choose(page, 'فرع المعادي');
    const search = page.getByPlaceholder('ابحث بالاسم أو الكود');
    await search.fill('D4273');
    await expect(page.locator('.ant-table .empty-state')).toBeVisible();
    await search.fill('');

    await page.getByRole('button', { name: 'نسخ من فرع آخر' }).click();
    const dialog = page.getByRole('dialog');
    await expect(async () => {
      await dialog.getByRole('combobox', { name: 'النسخ من' }).click();
      await choose(page, 'فرع مدينة نصر');
      await expect(dialog.getByTitle('فرع مدينة نصر')).toBeVisible({ timeout: 2000 });
    }).toPass();
    await dialog.getByRole('button', { name: 'نسخ', exact: true }).click();
    const report = dialog.getByTestId('copy-report');
    await expect(report).toContainText('نُسخ');
    await expect(report).toContainText('ترقيع نسيج ضام للثة');
    await dialog.getByRole('button', { name: 'تم' }).click();

    await search.fill('D4273');
    await expect(page.getByRole('row', { name: /ترقيع نسيج ضام للثة/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /ترقيع نسيج ضام للثة/ })).toContainText('5,000.00 EGP');

    // a new procedure in the catalogue
    const code = `D9${String(Date.now() % 1000).padStart(3, '0')}`;
    await page.goto('/TreatmentsList');
    await page.getByRole('button', { name: 'إضافة إجراء' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect(form.getByText('اسم الإجراء مطلوب').first()).toBeVisible(); // nothing saved without names
    await form.getByLabel('الاسم بالعربية').fill(`واقي ليلي ${code}`);
    await form.getByLabel('الاسم بالإنجليزية').fill(`Night guard ${code}`);
    const prosthodontics = 'التركيبات الثابتة والمتحركة';
    await expect(async () => {
      await form.getByRole('combobox', { name: 'فرع العلاج' }).click();
      await choose(page, prosthodontics);
      await expect(form.getByTitle(prosthodontics)).toBeVisible({ timeout: 2000 });
    }).toPass();
    await form.getByLabel('كود ADA').fill(code);
    await form.getByLabel('السعر', { exact: true }).fill('1500.555');
    await form.getByLabel('سعر التأمين').fill('1650');
    await form.getByRole('button', { name: 'حفظ' }).click();
    // 3 decimals in EGP: refused on the field, with the server's message
    await expect(form.locator('#price_help')).toContainText('منازل عشرية أكثر مما تسمح به عملة العيادة');
    await form.getByLabel('السعر', { exact: true }).fill('1500.5');
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect(form).toBeHidden();
    await page.getByPlaceholder('ابحث بالاسم أو الكود').fill(code);
    const row = page.getByRole('row', { name: new RegExp(`واقي ليلي ${code}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('1,500.50 EGP');
  });
});
