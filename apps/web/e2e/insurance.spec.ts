import { expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

const LIST = '/api/MedicalInsurance/GetInsuranceCompanies';
const DEFAULT_NAME = 'التأمين الافتراضي';

test.describe('insurance companies', () => {
  test('the owner adds a company, sees it in the list, edits it and cannot delete the default one, in Arabic', async ({
    page,
    request,
  }) => {
    const name = `شركة الدلتا للتأمين ${Date.now() % 100000}`;
    await loginAs(page, 'owner');
    await page.goto('/InsuranceCompaniesList');
    await expect(page.getByRole('heading', { name: 'شركات التأمين' })).toBeVisible();
    await expect(page.getByRole('row', { name: /مصر للتأمين/ })).toBeVisible(); // a demo company

    // add: the empty form is refused, then saved with contact details and terms
    await page.getByRole('button', { name: 'إضافة شركة تأمين' }).click();
    await expect(page).toHaveURL(/\/AddInsuranceCompany$/);
    await expect(page.getByRole('heading', { name: 'شركة تأمين جديدة' })).toBeVisible();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('هذا الحقل مطلوب')).toBeVisible();
    await page.getByRole('textbox', { name: 'اسم الشركة' }).fill(name);
    await page.getByRole('textbox', { name: 'المسؤول' }).fill('أ. سامح عادل');
    await page.locator('#mobile').fill('01001234599');
    await page.locator('#coveragePercentage').fill('101');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('نسبة التغطية من 0 إلى 100 برقمين عشريين على الأكثر')).toBeVisible();
    await page.locator('#coveragePercentage').fill('85');
    await page.getByRole('switch', { name: 'تتطلب موافقة' }).click();
    await page.getByRole('button', { name: 'حفظ' }).click();

    await expect(page).toHaveURL(/\/InsuranceCompaniesList$/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('85%');
    await expect(row).toContainText('010 01234599'); // stored +201001234599, written as an Egyptian clinic writes it
    await expect(row).toContainText('تتطلب موافقة');

    // the same name again is refused with the server's message on the field
    await page.getByRole('button', { name: 'إضافة شركة تأمين' }).click();
    await expect(page.getByRole('heading', { name: 'شركة تأمين جديدة' })).toBeVisible();
    await page.getByRole('textbox', { name: 'اسم الشركة' }).fill(name);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('الاسم موجود بالفعل')).toBeVisible();
    await page.getByRole('button', { name: 'إلغاء' }).click();
    await expect(page).toHaveURL(/\/InsuranceCompaniesList$/);

    // edit: the form opens with the saved values
    const renamed = `${name} ٢`;
    await page.getByRole('button', { name: `تعديل ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'تعديل شركة التأمين' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'اسم الشركة' })).toHaveValue(name);
    await expect(page.locator('#coveragePercentage')).toHaveValue('85');
    await page.getByRole('textbox', { name: 'اسم الشركة' }).fill(renamed);
    await page.locator('#coveragePercentage').fill('90.5');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page).toHaveURL(/\/InsuranceCompaniesList$/);
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('90.5%');

    // the default company: its delete button is off and says why; the server refuses too
    const deleteDefault = page.getByRole('button', { name: `حذف ${DEFAULT_NAME}` });
    await expect(deleteDefault).toBeDisabled();
    await deleteDefault.hover({ force: true });
    await expect(page.getByText('لا يمكن حذف شركة التأمين الافتراضية، ويمكنك تغيير اسمها بدلًا من ذلك.')).toBeVisible();
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token, { Language: 'ar' });
    const companies = await owner.ok.get<{ items: Array<{ id: number; isDefault: boolean }> }>(LIST);
    const refused = await owner.delete('/api/MedicalInsurance/DeleteInsuranceCompany', {
      id: companies.items.find((c) => c.isDefault)!.id,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'cannot_delete_default_insurance',
      message: 'لا يمكن حذف شركة التأمين الافتراضية',
    });

    // a company nobody uses can be deleted, after confirming
    await page.getByRole('button', { name: `حذف ${renamed}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByText('تم حذف شركة التأمين')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(DEFAULT_NAME) })).toBeVisible();
  });

  test('an unknown company id shows the not-found page', async ({ page }) => {
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/AddInsuranceCompany/999999');
    await expect(page.getByText('Insurance company not found')).toBeVisible();
    await page.getByRole('button', { name: 'Back to insurance companies' }).click();
    await expect(page).toHaveURL(/\/InsuranceCompaniesList$/);
  });

  test('a clinic below the Standard tier sees the locked-feature view and the server refuses', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'owner@riyadh.test', { lang: 'en', clinic: 'riyadh' });
    await page.goto('/InsuranceCompaniesList');
    await expect(page.getByText('Upgrade to access this feature')).toBeVisible();
    const riyadh = apiAs(request, (await apiLogin(request, 'owner@riyadh.test', { clinic: 'riyadh' })).token);
    const res = await riyadh.get(LIST);
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('BS13');
  });

  test("the owner keeps a patient's insurance limits on the patient file, and a company in use cannot be deleted", async ({
    page,
    request,
  }) => {
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const company = `تكافل مصر ${Date.now() % 100000}`;
    await owner.ok.post('/api/MedicalInsurance/SaveInsuranceCompany', { name: company, coveragePercentage: '70' });
    const patients = await owner.ok.post<{ items: Array<{ id: number }> }>('/api/Patient/PostSearchPatients', {});
    const patientId = patients.items[0]!.id;
    const title = `الحد السنوي ${Date.now() % 100000}`;

    await loginAs(page, 'owner');
    await page.goto(`/Patient/${patientId}/6`);
    await expect(page.getByText('حدود التأمين')).toBeVisible();

    // add: the end date must come after the start date
    await page.getByRole('button', { name: /إضافة حد/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'الحد' }).fill(title);
    await dialog.locator('#amount').fill('1500.5');
    await dialog.locator('#insuranceCompanyId').fill(company);
    await page.locator('.ant-select-dropdown').getByText(company).click();
    await dialog.locator('#startDate').fill('01/01/2025');
    await dialog.locator('#startDate').press('Tab');
    await dialog.locator('#endDate').fill('01/01/2025');
    await dialog.locator('#endDate').press('Tab');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('يجب أن يكون التاريخ بعد تاريخ البداية')).toBeVisible();
    await dialog.locator('#endDate').fill('31/12/2025');
    await dialog.locator('#endDate').press('Tab');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('1,500.50 EGP');
    await expect(row).toContainText(company);
    await expect(row).toContainText('01/01/2025');

    // edit the amount
    await page.getByRole('button', { name: `تعديل ${title}` }).click();
    await expect(dialog.locator('#amount')).toHaveValue('1500.5');
    await dialog.locator('#amount').fill('2000');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(row).toContainText('2,000 EGP');

    // the company is now in use: the list refuses to delete it and says why
    await page.goto('/InsuranceCompaniesList');
    await page.getByRole('button', { name: `حذف ${company}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByText('لا يمكن حذف شركة التأمين لأن مرضى أو حدود تأمين لمرضى مرتبطة بها')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(company) })).toBeVisible();

    // delete the limit on the patient file
    await page.goto(`/Patient/${patientId}/6`);
    await page.getByRole('button', { name: `حذف ${title}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });
});
