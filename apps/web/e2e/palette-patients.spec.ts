import { type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

const PATIENT = 'أحمد محمود عبد الله'; // a demo patient (patients.seed.ts), mobile +201001234567
const SEARCH = 'GetPatientSearchByName';

const GROUP = 'ملفات المرضى';

/** Opens the Ctrl+K palette. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.locator('.search-palette input')).toBeFocused();
}
/** Types `text` in the open palette; resolves once the palette has settled on it (after the debounce). */
async function paletteType(page: Page, text: string) {
  await page.locator('.search-palette input').fill(text);
  await expect(page.locator('.search-palette-results')).toHaveAttribute('data-settled', text);
}

test.describe('palette finds patients', () => {
  test('the secretary presses Ctrl+K, types a patient’s name, sees them under Patients and opens the file', async ({ page }) => {
    await loginAs(page, 'secretary');
    await expect(page.getByRole('button', { name: /ابحث عن صفحة أو مريض/ })).toBeVisible(); // the shell is there
    const searched = page.waitForRequest((r) => r.url().includes(SEARCH));
    await openPalette(page);
    await paletteType(page, 'أحمد محمود');
    await searched;
    const group = page.getByRole('group', { name: GROUP });
    const option = group.getByRole('option', { name: new RegExp(PATIENT) });
    await expect(option).toBeVisible();
    // the mobile reads left to right inside the Arabic line, in the clinic's national format as the patients list shows it
    await expect(option.locator('bdi[dir="ltr"]', { hasText: '010 01234567' })).toBeVisible();
    await expect(option).not.toContainText('+201001234567');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Patient\/\d+\/1$/);
    await expect(page.getByRole('heading', { name: PATIENT })).toBeVisible();

    // found by mobile too
    await openPalette(page);
    await paletteType(page, '+201001234567');
    await expect(page.getByRole('group', { name: GROUP }).getByRole('option', { name: new RegExp(PATIENT) })).toBeVisible();

    // pages first, then the patients' state; no match is said
    await paletteType(page, 'المرضى');
    await expect(page.getByRole('group', { name: GROUP }).getByText('لا يوجد مرضى مطابقون')).toBeVisible();
    await expect(page.locator('.search-palette [role="option"][aria-selected="true"]')).toHaveText('المرضى');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/PatientsList$/);
  });

  test('a user without patient_list sees pages only, and no patient search is sent', async ({ page, request }) => {
    const n = String(Date.now() % 100000).padStart(5, '0');
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const roles = await owner.ok.get<{ items: Array<{ id: number; code: string | null }> }>('/api/RolePermission/GetRoles', {
      pageSize: 200,
    });
    const secretary = roles.items.find((r) => r.code === 'RL4')!;
    const base = await owner.ok.get<{ permissions: string[] }>('/api/RolePermission/GetRolePermissions', {
      roleId: secretary.id,
    });
    const { id: roleId } = await owner.ok.post<{ id: number }>('/api/RolePermission/SaveRole', {
      nameAr: `استقبال بلا قائمة مرضى ${n}`,
      nameEn: `Desk without patients list ${n}`,
      baseRole: 'RL4',
    });
    await owner.ok.post('/api/RolePermission/SaveRolePermission', {
      roleId,
      permissions: base.permissions.filter((k) => k !== 'patient_list'),
    });
    const branches = (await owner.ok.get<{ items: Array<{ branchId: number }> }>('/api/Auth/GetClinicBranches')).items;
    const email = `nolist${n}@demo.test`;
    const password = 'Desk@12345';
    await owner.ok.post('/api/User/Register', {
      fullName: `No list ${n}`,
      userName: `nolist${n}`,
      email,
      mobile: `+20123${n}11`,
      password,
      roleId,
      branchIds: [branches[0]!.branchId],
      branchId: branches[0]!.branchId,
      countryId: 'CN3',
    });

    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(SEARCH)) searches.push(r.url());
    });
    await loginAs(page, email, { password });
    await expect(page.getByRole('button', { name: /ابحث عن صفحة…/ })).toBeVisible(); // the shell is there, pages only
    await openPalette(page);
    await expect(page.locator('.search-palette input')).toHaveAttribute('placeholder', 'ابحث عن الصفحات بالعربية أو الإنجليزية');
    await paletteType(page, 'أحمد محمود');
    await expect(page.getByRole('group', { name: GROUP })).toHaveCount(0);
    await expect(page.getByText('لا توجد صفحات مطابقة')).toBeVisible();
    await paletteType(page, 'التقويم');
    await expect(page.getByRole('option', { name: 'التقويم' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('.search-palette input')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect(searches).toEqual([]);
  });
});
