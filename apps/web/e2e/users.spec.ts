import { type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, expectLanguage, loginAs } from './support';

/** The option of the open antd Select dropdown with this text. */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(text, { exact: true });

/** A group of the sidebar, expanded, so its links can be checked (`kept`: a link the user still has in it). */
async function openMenuGroup(page: Page, name: string, kept: string) {
  const toggle = page.getByRole('button', { name: /^(Expand|Collapse) menu$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-label')) === 'Expand menu') await toggle.click();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  const sider = page.locator('.ant-layout-sider');
  const group = sider.getByRole('menuitem', { name: new RegExp(`^\\S+ ${name}$`) }).first(); // the group's title comes first (its icon's name, then the label)
  await expect(group).toBeVisible();
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(sider.locator(`a[href="${kept}"]`)).toBeVisible();
  return sider;
}

/** The Ctrl+K palette's answer to a search. */
async function paletteFinds(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  const input = page.locator('.search-palette input');
  await expect(input).toBeFocused();
  await input.fill(text);
  return page.getByRole('option', { name: text });
}

test.describe('users', () => {
  test('the owner adds a secretary with a custom role without patient_add; the secretary gets Add patient once it is granted', async ({
    page,
    browser,
    request,
  }) => {
    const n = String(Date.now() % 100000).padStart(5, '0');
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);

    // a custom secretary role: the default secretary's keys without patient_add (the roles module's calls)
    type Roles = { items: Array<{ id: number; code: string | null }> };
    const defaults = await owner.ok.get<Roles>('/api/RolePermission/GetRoles', { pageSize: 200 });
    const secretaryRole = defaults.items.find((r) => r.code === 'RL4')!;
    const base = await owner.ok.get<{ permissions: string[] }>('/api/RolePermission/GetRolePermissions', {
      roleId: secretaryRole.id,
    });
    const withoutAdd = base.permissions.filter((k) => k !== 'patient_add');
    expect(withoutAdd).toContain('patient_list');
    const roleName = `Desk without adding ${n}`;
    const { id: roleId } = await owner.ok.post<{ id: number }>('/api/RolePermission/SaveRole', {
      nameAr: `مكتب بلا إضافة ${n}`,
      nameEn: roleName,
      baseRole: 'RL4',
    });
    await owner.ok.post('/api/RolePermission/SaveRolePermission', { roleId, permissions: withoutAdd });

    // the owner adds the secretary on /register
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Add user' })).toBeVisible();
    const email = `desk${n}@demo.test`;
    await page.locator('#fullName').fill(`Desk Clerk ${n}`);
    // live availability checks
    await page.locator('#userName').fill('secretary');
    await expect(page.getByText('Not available')).toBeVisible();
    await page.locator('#userName').fill(`desk${n}`);
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
    await page.locator('#email').fill('secretary@demo.test');
    await expect(page.getByText('Not available')).toBeVisible();
    await page.locator('#email').fill(email);
    await expect(page.getByText('Not available')).toHaveCount(0);
    // the phone input: a national number after the country code, validated
    await page.locator('#mobile').fill('12');
    await page.locator('#roleId').click();
    await page.locator('#roleId').fill(roleName); // the roles' list is longer than the dropdown shows
    await option(page, roleName).click();
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await expect(page.getByText('Phone number not valid')).toBeVisible();
    await page.locator('#mobile').fill(`0109${n}99`);
    await expect(page.getByText('Phone number not valid')).toHaveCount(0);
    // a generated password (the form starts with one; generate another)
    await page.getByRole('button', { name: 'Generate' }).click();
    const password = await page.locator('#password').inputValue();
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$&*]).{8,16}$/);
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    const done = page.getByRole('dialog');
    await expect(done.getByText('User added')).toBeVisible();
    await expect(done.locator('.generated-password')).toHaveText(password);

    const users = await owner.ok.post<{ items: Array<{ id: number; mobile: string; roleId: number }> }>(
      '/api/User/GetUsersSearch',
      { search: email },
    );
    expect(users.items).toEqual([expect.objectContaining({ mobile: `+20109${n}99`, roleId })]);

    // the secretary logs in: no Add patient in the menu or the palette, and the call is refused
    const context = await browser.newContext();
    const desk = await context.newPage();
    await loginAs(desk, email, { lang: 'en', password });
    let sider = await openMenuGroup(desk, 'Patients', '/PatientsList');
    await expect(sider.locator('a[href="/AddPatient"]')).toHaveCount(0);
    await expect(await paletteFinds(desk, 'Add patient')).toHaveCount(0);
    await desk.keyboard.press('Escape');
    const deskApi = apiAs(request, (await apiLogin(request, email, { password })).token);
    const branches = await owner.ok.get<{ items: Array<{ branchId: number }> }>('/api/Auth/GetClinicBranches');
    const patient = { name: `Walk-in ${n}`, mobile: `+20100${n}77`, branchIds: [branches.items[0]!.branchId] };
    const refused = await deskApi.post('/api/Patient/SavePatient', patient);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('BS11');

    // the owner grants patient_add; after a reload the secretary has Add patient, and the call answers
    await owner.ok.post('/api/RolePermission/SaveRolePermission', {
      roleId,
      permissions: [...withoutAdd, 'patient_add'],
    });
    await desk.reload();
    sider = await openMenuGroup(desk, 'Patients', '/PatientsList');
    await expect(sider.locator('a[href="/AddPatient"]')).toBeVisible();
    await expect(await paletteFinds(desk, 'Add patient')).toBeVisible();
    await desk.keyboard.press('Enter');
    await expect(desk).toHaveURL(/\/AddPatient$/);
    await expect(desk.getByRole('heading', { name: 'Add patient' })).toBeVisible();
    expect((await deskApi.post('/api/Patient/SavePatient', patient)).status()).toBe(200);
    await context.close();
  });

  test('the owner switches their own language to English and the theme to dark on /UserPersonalDetails', async ({
    page,
    request,
  }) => {
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    await loginAs(page, 'owner');
    await page.goto('/UserPersonalDetails');
    await expect(page.getByRole('heading', { name: 'ملفي الشخصي' })).toBeVisible();
    await page.locator('.ant-segmented').getByText('English', { exact: true }).click();
    await expectLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await page.locator('.ant-segmented').getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // saved with the account, and kept after a reload
    await expect
      .poll(async () => (await owner.ok.get<{ language: string; theme: string }>('/api/User/GetUser')).language)
      .toBe('en');
    expect((await owner.ok.get<{ theme: string }>('/api/User/GetUser')).theme).toBe('dark');
    await page.reload();
    await expectLanguage(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await owner.ok.get('/api/User/UpdateUserLanguage', { language: 'ar' });
    await owner.ok.get('/api/User/UpdateUserTheme', { theme: 'light' });
  });

  test('the owner finds a user in the list, sets their working days and deletes them after a confirmation, in Arabic', async ({
    page,
    request,
  }) => {
    const n = String(Date.now() % 100000).padStart(5, '0');
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const roles = await owner.ok.get<{ items: Array<{ id: number; code: string | null }> }>(
      '/api/RolePermission/GetRoles',
    );
    const me = await owner.ok.get<{ branchId: number }>('/api/User/GetUser');
    const name = `مساعد مؤقت ${n}`;
    await owner.ok.post('/api/User/Register', {
      fullName: name,
      userName: `temp${n}`,
      email: `temp${n}@demo.test`,
      mobile: `+20111${n}00`,
      password: 'Temp@1234',
      roleId: roles.items.find((r) => r.code === 'RL5')!.id,
      branchIds: [me.branchId],
      branchId: me.branchId,
      countryId: 'CN3',
      language: 'ar',
    });

    await loginAs(page, 'owner');
    await page.goto('/UsersList');
    await expect(page.getByRole('heading', { name: 'المستخدمون' })).toBeVisible();
    await page.getByPlaceholder('ابحث بالاسم أو اسم المستخدم أو البريد أو الجوال').fill(`temp${n}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    // the mobile in the clinic's national format (stored E.164)
    await expect(row.locator('bdi[dir="ltr"]').filter({ hasText: `011 1${n}00` })).toBeVisible();

    await row.getByRole('button', { name: `تعديل ${name}` }).click();
    await expect(page).toHaveURL(/\/UserDetails\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('tab', { name: 'أيام العمل' }).click();
    const monday = page.locator('.working-day-row[data-day="1"]');
    await monday.getByRole('button', { name: /^إضافة فترة/ }).click(); // 09:00-17:00
    await monday.getByRole('button', { name: /^إضافة فترة/ }).click(); // 17:00-21:00
    await monday.locator('.ant-checkbox-input').first().check(); // the first shift now ends at 24:00: overlap
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(monday.getByText('ساعات العمل غير صالحة')).toBeVisible();
    await monday
      .getByRole('button', { name: /^حذف الفترة/ })
      .last()
      .click();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم حفظ أيام العمل')).toBeVisible();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await owner.ok.get<{ workingHours: string; workingDays: unknown[] }>('/api/User/GetUser', {
      UserId: id,
    });
    expect(saved.workingHours).toBe('09:00,24:00');
    expect(saved.workingDays).toEqual([{ dayOfWeek: 1, shifts: [{ start: '09:00', end: '24:00' }] }]);

    await page.getByRole('button', { name: 'حذف المستخدم' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page).toHaveURL(/\/UsersList$/);
    const gone = await owner.get('/api/User/GetUser', { UserId: id });
    expect(gone.status()).toBe(404);
  });
});
