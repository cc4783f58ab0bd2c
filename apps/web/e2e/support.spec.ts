import { type Page, expect, test } from '@playwright/test';
import { DEMO_ADMIN, OTHER_CLINIC, apiAs, apiLogin, loginAs } from './support';

const unique = (label: string) => `${label} ${Date.now() % 1_000_000}`;

interface Created {
  id: number;
}

/** Adds a request as a demo-clinic user through the API. */
async function addRequest(page: Page, who: string, kind: 'feature' | 'support', title: string) {
  const user = apiAs(page.request, (await apiLogin(page.request, who)).token);
  const { id } = await user.ok.post<Created>('/api/Support/SaveRequest', { kind, title, body: `${title}: details` });
  return id;
}

/** The row of a request in the list, found by searching its title. */
async function findRow(page: Page, title: string, placeholder = 'Search by title') {
  await page.getByPlaceholder(placeholder).fill(title);
  // wait for the search to apply (the header and one row), so a click never lands on a row that is moving
  await expect(page.getByRole('row')).toHaveCount(2);
  return page.getByRole('row', { name: new RegExp(title) });
}

test.describe('support: feature requests, votes, comments and contact', () => {
  test('the owner creates a feature request, votes and takes the vote back, comments and deletes the comment', async ({
    page,
  }) => {
    const title = unique('Export the daily summary');
    await loginAs(page, 'owner', { lang: 'en' });
    await page.goto('/FeaturesAndRequests');
    await expect(page.getByRole('heading', { name: 'Feature requests' })).toBeVisible();

    await page.getByRole('button', { name: 'New request' }).click();
    await expect(page).toHaveURL(/\/SaveSupportRequest\?kind=feature$/);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2); // title and details, nothing saved
    await expect(page.getByLabel('Feature request')).toBeChecked();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Details').fill('One click to export the day as a spreadsheet.');
    await page.getByRole('button', { name: 'Send request' }).click();

    await expect(page).toHaveURL(/\/RequestDetails\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByText('One click to export the day as a spreadsheet.')).toBeVisible();

    // one vote per user: a second click takes it back
    await page.getByRole('button', { name: `Vote for “${title}”` }).click();
    const remove = page.getByRole('button', { name: `Remove my vote for “${title}”` });
    await expect(remove).toHaveText('1');
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await remove.click();
    await expect(page.getByRole('button', { name: `Vote for “${title}”` })).toHaveText('0');
    await page.getByRole('button', { name: `Vote for “${title}”` }).click();
    await expect(remove).toHaveText('1');

    // comment, then delete it after confirming
    await expect(page.getByText('No comments yet')).toBeVisible();
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Add a comment').fill('It would save us ten minutes every evening.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'ten minutes every evening' });
    await expect(comment).toBeVisible();
    await expect(page.getByText('Comments (1)')).toBeVisible();
    await comment.getByRole('button', { name: 'Delete comment' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(comment).toHaveCount(0);
    await expect(page.getByText('No comments yet')).toBeVisible();

    // the list shows it with its vote, the clinic's name (own clinic) and the "mine" tag
    await page.goto('/FeaturesAndRequests');
    const row = await findRow(page, title);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: `Remove my vote for “${title}”` })).toHaveText('1');
    await expect(row.getByText('Mine')).toBeVisible();
    await expect(row.getByText('عيادة الابتسامة لطب الأسنان')).toBeVisible();
  });

  test('the secretary of the same clinic sees the request, votes, and sees the status the provider sets', async ({
    page,
  }) => {
    const title = unique('طباعة الإيصال بالإنجليزية');
    const id = await addRequest(page, 'owner', 'feature', title);
    const owner = apiAs(page.request, (await apiLogin(page.request, 'owner')).token);
    await owner.ok.post('/api/Support/VoteForRequest', { id });

    await loginAs(page, 'secretary', { lang: 'ar' });
    await page.goto('/FeaturesAndRequests');
    await expect(page.getByRole('heading', { name: 'طلبات المزايا' })).toBeVisible();
    const row = await findRow(page, title, 'ابحث بالعنوان');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('جديد')).toBeVisible();
    await row.getByRole('button', { name: `صوّت لـ «${title}»` }).click();
    await expect(row.getByRole('button', { name: `إلغاء تصويتي لـ «${title}»` })).toHaveText('2');

    // the provider plans it: the status shows translated, and the author can no longer edit it
    const login = await page.request.post('/api/AdminAccount/Login', {
      data: { Email: DEMO_ADMIN.email, Password: DEMO_ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const admin = apiAs(page.request, (await login.json()).token);
    await admin.ok.post('/api/Support/UpdateRequestStatus', { id, status: 'RS2' });
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/RequestDetails/${id}$`));
    await expect(page.getByText('مخطط', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'تعديل' })).toHaveCount(0);
    const edit = await owner.post('/api/Support/SaveRequest', { id, kind: 'feature', title: 'late', body: 'late' });
    expect(edit.status()).toBe(409);
  });

  test('Contact us is prefilled from the session, keeps the phone left-to-right and sends the message', async ({
    page,
  }) => {
    await loginAs(page, 'owner', { lang: 'ar' });
    await page.goto('/ContactUs');
    await expect(page.getByRole('heading', { name: 'تواصل معنا' })).toBeVisible();
    await expect(page.getByLabel('الاسم')).toHaveValue('د. أحمد سالم');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue('owner@demo.test');
    const mobile = page.getByLabel('الجوال');
    await expect(mobile).toHaveValue('+201000000001');
    await expect(mobile).toHaveCSS('direction', 'ltr');

    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(2); // subject and message
    await mobile.fill('12ab');
    await page.getByLabel('الموضوع').fill('سؤال عن الفواتير');
    await page.getByLabel('الرسالة').fill('كيف أطبع الفاتورة بالإنجليزية؟');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.getByText('رقم الهاتف غير صالح')).toBeVisible();
    await mobile.fill('+20 100 000 0001');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.locator('.ant-message').getByText('تم إرسال رسالة التواصل')).toBeVisible(); // the toast
    await expect(page.locator('.ant-result').getByText('تم إرسال رسالة التواصل')).toBeVisible();
    await page.getByRole('button', { name: 'إرسال رسالة أخرى' }).click();
    await expect(page.getByLabel('الموضوع')).toHaveValue('');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue('owner@demo.test');
  });
});

test.describe('support across clinics', () => {
  // the second clinic is in Saudi Arabia (CN2): its devices must be on UTC+3, or the time-zone guard blocks the app
  test.use({ timezoneId: 'Asia/Riyadh' });

  test("another clinic sees the feature request without the clinic's name, and never a support request", async ({
    page,
  }) => {
    const feature = unique('Shared idea');
    const support = unique('Private problem');
    await addRequest(page, 'owner', 'feature', feature);
    const supportId = await addRequest(page, 'owner', 'support', support);

    const other = apiAs(
      page.request,
      (await apiLogin(page.request, OTHER_CLINIC.email, { clinic: OTHER_CLINIC.clinicName })).token,
    );
    const hidden = await other.get('/api/Support/GetRequest', { id: supportId });
    expect(hidden.status()).toBe(404);
    expect((await hidden.json()).code).toBe('not_found');
    expect((await other.post('/api/Support/VoteForRequest', { id: supportId })).status()).toBe(404);

    await loginAs(page, OTHER_CLINIC.email, { lang: 'en', clinic: OTHER_CLINIC.clinicName });
    await page.goto('/FeaturesAndRequests');
    const row = await findRow(page, feature);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('عيادة الابتسامة لطب الأسنان')).toHaveCount(0);
    await expect(row.getByText('Mine')).toHaveCount(0);
    await row.getByRole('button', { name: `Vote for “${feature}”` }).click();
    await expect(row.getByRole('button', { name: `Remove my vote for “${feature}”` })).toHaveText('1');

    await page.getByText('Our support requests').click();
    await expect(page).toHaveURL(/\/Support$/);
    await expect(page.getByRole('heading', { name: 'Support requests' })).toBeVisible();
    await page.getByPlaceholder('Search by title').fill(support);
    await expect(page.getByText('Nothing matches your search')).toBeVisible();
    await page.goto(`/RequestDetails/${supportId}`);
    await expect(page.getByText('Request not found')).toBeVisible();
    await expect(page.getByText(support)).toHaveCount(0);
  });
});
