import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginByApi } from './support';

/** A small real PNG (24×16). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWNgn/eEKohh1CD20TBiH01H80azyDzy0wEA08FNn41v8b0AAAAASUVORK5CYII=',
  'base64',
);

/** A new patient of the demo clinic for one journey, so journeys never see each other's notes or files. */
async function newPatient(request: APIRequestContext) {
  const session = await apiLogin(request, 'owner');
  const owner = apiAs(request, session.token);
  const mobile = `+2010${String(Date.now()).slice(-8)}`;
  const saved = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: `مريض المرفقات ${Date.now() % 100000}`,
    mobile,
    branchIds: [session.objectData.branchId],
  });
  return saved.id;
}

const uploader = (page: Page) => page.locator('.attachment-uploader');

test.describe('patient file: notes and attachments', () => {
  test('the owner adds a note, edits it and deletes it after confirming, in Arabic', async ({ page }) => {
    const patientId = await newPatient(page.request);
    await loginByApi(page, 'owner', { path: `/Patient/${patientId}/4` });
    await expect(page.getByRole('tab', { name: 'الملاحظات', selected: true })).toBeVisible();
    await expect(page.getByText('لا توجد ملاحظات بعد. اكتب أول ملاحظة في الأعلى.')).toBeVisible();

    // an empty note is refused on the field
    await page.getByRole('button', { name: 'إضافة ملاحظة' }).click();
    await expect(page.getByText('هذا الحقل مطلوب')).toBeVisible();

    const note = 'حساسية من البنسلين';
    await page.getByLabel('ملاحظة جديدة').fill(note);
    await page.getByRole('button', { name: 'إضافة ملاحظة' }).click();
    const notes = page.getByRole('list', { name: 'ملاحظات المريض' });
    await expect(notes.getByRole('listitem')).toHaveCount(1);
    await expect(notes.getByText(note)).toBeVisible();
    await expect(notes.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible(); // author · dd/mm/yyyy HH:mm
    await expect(page.getByLabel('ملاحظة جديدة')).toHaveValue('');

    const edited = 'حساسية من البنسلين والأموكسيسيلين';
    await page.getByRole('button', { name: `تعديل ${note}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الملاحظة').fill(edited);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    await expect(notes.getByText(edited)).toBeVisible();
    await expect(notes.getByText(/عُدّلت/)).toBeVisible();

    // delete asks first: cancelling keeps the note
    await page.getByRole('button', { name: `حذف ${edited}` }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expect(confirm.getByText('حذف؟')).toBeVisible();
    await confirm.getByRole('button', { name: 'إلغاء' }).click();
    await expect(notes.getByText(edited)).toBeVisible();
    await page.getByRole('button', { name: `حذف ${edited}` }).click();
    await page.mouse.move(0, 0); // the delete button's tooltip would cover the confirmation's buttons
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByText('لا توجد ملاحظات بعد. اكتب أول ملاحظة في الأعلى.')).toBeVisible();
  });

  test('the owner uploads a PNG and sees its thumbnail; a text file named .png is refused, in Arabic', async ({ page }) => {
    const patientId = await newPatient(page.request);
    await loginByApi(page, 'owner', { path: `/Patient/${patientId}/5` });
    await expect(page.getByRole('tab', { name: 'المرفقات', selected: true })).toBeVisible();
    await expect(page.getByText('لا توجد مرفقات بعد.', { exact: false })).toBeVisible();

    await uploader(page).locator('input[type=file]').setInputFiles({ name: 'panorama.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('التعليق').fill('أشعة قبل العلاج');
    await page.getByRole('button', { name: 'رفع ملف واحد' }).click();
    await expect(page.getByText('تم رفع الملف')).toBeVisible();

    const thumb = page.getByRole('img', { name: 'panorama.png' });
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAttribute('src', /^\/api\/files\/signed\/clinics\/\d+\/attachments\/[0-9a-f]{32}-thumb\.webp\?/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
    const card = page.getByTestId('attachment-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByText('أشعة قبل العلاج')).toBeVisible();

    // a text file renamed to .png passes the browser's name check, the server refuses it by its content
    await uploader(page).locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await page.getByRole('button', { name: 'رفع ملف واحد' }).click();
    await expect(page.getByText('نوع الصورة غير صالح (jpg, jpeg, png, svg, gif)')).toBeVisible();
    await expect(card).toHaveCount(1);

    // a file the tab does not take at all never leaves the browser
    await uploader(page).locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('text') });
    await expect(page.getByText('نوع الصورة غير صالح (jpg, jpeg, png, svg, gif): notes.txt')).toBeVisible();
  });
});
