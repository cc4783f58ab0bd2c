import { type Locator, type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

/** Opens an antd Select and picks the option with this text; waits until the dropdown has closed. */
async function pick(page: Page, select: Locator, text: string) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await dropdown.count())) await select.click();
    await dropdown.locator(`.ant-select-item-option[title="${text}"]`).click({ timeout: 2_000 });
    await expect(dropdown).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

const box = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true });

test.describe('roles and permissions', () => {
  test('the owner adds a custom secretary role without patient_add and edits its permissions, in Arabic', async ({
    page,
    request,
  }) => {
    const nameAr = `سكرتارية بدون إضافة مرضى ${Date.now() % 10000}`;
    const nameEn = `Desk without adding patients ${Date.now() % 10000}`;
    await loginAs(page, 'owner');
    await page.goto('/Roles');
    await expect(page.getByRole('heading', { name: 'الأدوار' })).toBeVisible();
    await expect(page.getByRole('row', { name: /المالك/ })).toBeVisible();
    // default roles cannot be deleted: no delete button on their rows
    await expect(page.getByRole('button', { name: 'حذف المالك' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'حذف سكرتارية' })).toHaveCount(0);

    // add the role in the modal; the base role is required
    await page.getByRole('button', { name: 'إضافة دور' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الاسم بالعربية').fill(nameAr);
    await dialog.getByLabel('الاسم بالإنجليزية').fill(nameEn);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب')).toBeVisible();
    await pick(page, dialog.getByLabel('يعمل بصفة'), 'سكرتارية');
    await expect(dialog.getByText('هذا الحقل مطلوب')).toBeHidden(); // a base role is chosen
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(nameAr) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(nameEn);
    await expect(row.getByRole('cell', { name: 'سكرتارية', exact: true })).toBeVisible(); // acts as the secretary

    // its permissions: grouped, with the view-list key of each module marked
    await row.getByRole('button', { name: `تعديل صلاحيات ${nameAr}` }).click();
    await expect(page).toHaveURL(/\/Permissions\/\d+$/);
    const roleId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { name: nameAr })).toBeVisible();
    const rooms = page.locator('.permission-group[data-group="room"]');
    await expect(rooms).toContainText('الغرف');
    await expect(rooms.locator('.permission-key-list')).toContainText('عرض القائمة');
    await expect(box(page, 'إضافة غرفة')).toBeDisabled(); // no room list yet

    await box(page, 'قائمة الغرف').check();
    await expect(box(page, 'إضافة غرفة')).toBeEnabled();
    await box(page, 'إضافة غرفة').check();
    await box(page, 'قائمة المرضى').check();
    await expect(box(page, 'إضافة مريض')).toBeEnabled();
    await expect(box(page, 'إضافة مريض')).not.toBeChecked();
    await page.getByRole('button', { name: 'حفظ الصلاحيات' }).click();
    await expect(page.getByText('تم الحفظ').first()).toBeVisible();

    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const keys = () => owner.ok.get<{ permissions: string[] }>('/api/RolePermission/GetRolePermissions', { roleId });
    expect((await keys()).permissions).toEqual(['patient_list', 'room_list', 'room_add']);

    await page.reload();
    await expect(box(page, 'قائمة الغرف')).toBeChecked();
    await expect(box(page, 'إضافة غرفة')).toBeChecked();
    await expect(box(page, 'قائمة المرضى')).toBeChecked();
    await expect(box(page, 'إضافة مريض')).not.toBeChecked();

    // unticking the room list unticks and disables its add, edit and delete keys
    await box(page, 'قائمة الغرف').uncheck();
    for (const label of ['إضافة غرفة', 'تعديل غرفة', 'حذف غرفة']) {
      await expect(box(page, label)).not.toBeChecked();
      await expect(box(page, label)).toBeDisabled();
    }
    await expect(page.getByText('تغييرات غير محفوظة')).toBeVisible();
    await page.getByRole('button', { name: 'حفظ الصلاحيات' }).click();
    await expect(page.getByText('تغييرات غير محفوظة')).toBeHidden();
    await page.reload();
    await expect(box(page, 'قائمة الغرف')).not.toBeChecked();
    await expect(box(page, 'إضافة غرفة')).toBeDisabled();
    await expect(box(page, 'قائمة المرضى')).toBeChecked();
    expect((await keys()).permissions).toEqual(['patient_list']);

    // back on the list the role can be deleted (nobody holds it), after a confirmation
    await page.getByRole('button', { name: 'العودة إلى الأدوار' }).click();
    await expect(page).toHaveURL(/\/Roles$/);
    await page.getByRole('button', { name: `حذف ${nameAr}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByRole('row', { name: new RegExp(nameAr) })).toHaveCount(0);
  });

  test('the owner role is shown read-only, in English', async ({ page, request }) => {
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const roles = await owner.ok.get<{ items: Array<{ id: number; code: string | null }> }>(
      '/api/RolePermission/GetRoles',
    );
    const ownerRole = roles.items.find((r) => r.code === 'RL1')!;
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto(`/Permissions/${ownerRole.id}`);
    await expect(page.getByText('The owner role always has every permission and cannot be changed.')).toBeVisible();
    await expect(box(page, 'Rooms list')).toBeChecked();
    await expect(box(page, 'Rooms list')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save permissions' })).toHaveCount(0);
  });

  test('a user without the role keys cannot open the pages, and the server refuses the calls', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'secretary', { lang: 'en' });
    await page.goto('/Roles');
    await expect(page).toHaveURL(/\/pages\/NotAuthorized$/);
    const secretary = apiAs(request, (await apiLogin(request, 'secretary')).token);
    const res = await secretary.post('/api/RolePermission/SaveRolePermission', { roleId: 1, permissions: [] });
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('BS11');
  });
});
