import { expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

test.describe('patients', () => {
  test('a secretary adds a patient with an Egyptian mobile; a 13-digit national id is refused, in Arabic', async ({ page }) => {
    const n = String(Date.now() % 100000).padStart(5, '0');
    const name = `منة الله سامح ${n}`;
    await loginAs(page, 'secretary');
    await page.goto('/AddPatient');
    await expect(page.getByRole('heading', { name: 'إضافة مريض' })).toBeVisible();

    await page.getByRole('button', { name: 'حفظ' }).click();
    // name and mobile are required (each field's own message)
    const item = (id: string) => page.locator('.ant-form-item').filter({ has: page.locator(`#${id}`) });
    await expect(item('name').getByText('هذا الحقل مطلوب')).toBeVisible();
    await expect(item('mobile').getByText('هذا الحقل مطلوب')).toBeVisible();

    await page.locator('#name').fill(name);
    await page.locator('#mobile').fill(`010${n}123`);
    await page.locator('#nationalId').fill('2950101123456'); // 13 digits: Egypt's ids have 14
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('يجب أن يتكون الرقم القومي من 14 رقمًا')).toBeVisible();
    await expect(page).toHaveURL(/\/AddPatient$/); // nothing saved

    await page.locator('#nationalId').fill('29501011234567');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page).toHaveURL(/\/Patient\/\d+\/1$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(`010 ${n}123`).first()).toBeVisible(); // E.164 shown in the national form (issue 18)
    await expect(page.getByText('29501011234567')).toBeVisible();

    // the same name again asks for confirmation
    await page.goto('/AddPatient');
    await page.locator('#name').fill(name);
    await page.locator('#mobile').fill(`011${n}456`);
    await page.getByRole('button', { name: 'حفظ' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('يوجد مريض بنفس الاسم، هل تريد الإضافة على أي حال؟')).toBeVisible();
    await confirm.getByRole('button', { name: 'أضف على أي حال' }).click();
    await expect(page).toHaveURL(/\/Patient\/\d+\/1$/);
  });

  test('quick search finds أحمد by typing احم, and needs 3 characters', async ({ page }) => {
    await loginAs(page, 'secretary');
    await page.goto('/PatientsList');
    await expect(page.getByRole('heading', { name: 'المرضى' })).toBeVisible();
    const search = page.getByPlaceholder('الاسم أو الموبايل أو الكود (3 أحرف فأكثر)');
    await search.fill('اح');
    await expect(page.getByText('اكتب 3 أحرف على الأقل للبحث')).toBeVisible();
    await search.fill('احم');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const ahmed = page.getByRole('link', { name: 'أحمد محمود عبد الله', exact: true });
    await expect(ahmed).toBeVisible();
    await expect(rows.filter({ hasText: 'فاطمة الزهراء حسن' })).toHaveCount(0);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/أحمد|احمد/);

    await ahmed.click();
    await expect(page).toHaveURL(/\/Patient\/\d+\/1$/);
    await expect(page.getByRole('tab', { name: 'مخطط الأسنان' })).toBeVisible();
  });

  test('a secretary of one branch adds a patient of the other branch, found by mobile, to their branch', async ({ page, request }) => {
    const n = String(Date.now() % 100000).padStart(5, '0');
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const branches = (await owner.ok.get<{ items: Array<{ branchId: number }> }>('/api/Auth/GetClinicBranches')).items;
    const [first, second] = branches.map((b) => b.branchId);
    const roles = await owner.ok.get<{ items: Array<{ id: number; code: string | null }> }>('/api/RolePermission/GetRoles', { pageSize: 200 });
    const email = `desk${n}@demo.test`;
    const password = 'Desk@12345';
    await owner.ok.post('/api/User/Register', {
      fullName: `Desk ${n}`, userName: `desk${n}`, email, mobile: `+20122${n}11`, password,
      roleId: roles.items.find((r) => r.code === 'RL4')!.id, branchIds: [first], branchId: first, countryId: 'CN3',
    });
    const name = `Second Branch Patient ${n}`;
    const mobile = `+2012${n}222`; // a valid Egyptian mobile: 10 digits after +20 (issue 18)
    const { id } = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', { name, mobile, branchIds: [second] });
    // the secretary of the first branch may not open them
    const desk = apiAs(request, (await apiLogin(request, email, { password })).token);
    expect((await desk.get('/api/Patient/GetPatient', { id })).status()).toBe(403);

    await loginAs(page, email, { lang: 'en', password });
    await page.goto('/AddPatient');
    await page.locator('#name').fill('Walk-in');
    await page.locator('#mobile').fill(`012${n}222`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('This mobile belongs to a patient registered in another branch. Add that patient to your branch?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to my branch' }).click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${id}/1$`));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    expect((await desk.get('/api/Patient/GetPatient', { id })).status()).toBe(200);
  });

  test('another clinic’s patient is not found, on the page and by the server', async ({ page, request }) => {
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const list = await owner.ok.post<{ items: Array<{ id: number }> }>('/api/Patient/PostSearchPatients', {});
    const id = list.items[0]!.id;
    const riyadh = apiAs(request, (await apiLogin(request, 'owner@riyadh.test', { clinic: 'riyadh' })).token);
    expect((await riyadh.get('/api/Patient/GetPatient', { id })).status()).toBe(404);
    await loginAs(page, 'owner@riyadh.test', { clinic: 'riyadh', lang: 'en' });
    await page.goto(`/Patient/${id}/1`);
    await expect(page.getByText('Patient not found')).toBeVisible();
  });
});
