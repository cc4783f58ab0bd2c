import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_ADMIN, apiAs, startInLanguage } from './support';

/*
 * The provider answers the clinics' requests at /provider/support. The e2e server is shared by every spec file of a
 * run: the demo request this file changes gets its status back and loses this file's answers in afterAll.
 */

/** A demo request of the 'riyadh' clinic (apps/server/src/modules/support/support.seed.ts), new (RS1). */
const DEMO_TITLE = 'تصدير الفواتير بصيغة الفوترة الإلكترونية';
const DEMO_STATUS = 'RS1';
const ANSWER = `We are on it: the export comes with the next release (e2e ${Date.now()}).`;

interface Detail {
  id: number;
  status: string;
  authorClinic: string | null;
  comments: Array<{ id: number; body: string }>;
}

async function provider(request: APIRequestContext) {
  const res = await request.post('/api/AdminAccount/Login', {
    headers: { Language: 'en' },
    data: { Email: DEMO_ADMIN.email, Password: DEMO_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return apiAs(request, ((await res.json()) as { token: string }).token);
}

async function demoRequest(request: APIRequestContext) {
  const api = await provider(request);
  const list = await api.ok.get<{ items: Array<{ id: number; title: string }> }>('/api/AdminSupport/GetRequests', {
    search: DEMO_TITLE,
  });
  const item = list.items.find((r) => r.title === DEMO_TITLE);
  expect(item, 'the demo request is listed').toBeTruthy();
  const detail = await api.ok.get<Detail>('/api/AdminSupport/GetRequest', { id: item!.id });
  return { api, detail };
}

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test.describe.serial('the provider answers support requests', () => {
  test.afterAll(async ({ request }) => {
    const { api, detail } = await demoRequest(request);
    await api.ok.post('/api/Support/UpdateRequestStatus', { id: detail.id, status: DEMO_STATUS });
    for (const c of detail.comments.filter((c) => c.body === ANSWER)) {
      await api.ok.delete('/api/AdminSupport/DeleteComment', { id: c.id });
    }
  });

  test('the provider finds a request, moves it to in progress, answers it, then puts the status back', async ({
    page,
    request,
  }) => {
    await startInLanguage(page, 'en');
    await page.goto('/provider/support');
    await expect(page).toHaveURL(/\/provider\/login/); // the console needs the provider's own session
    await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/provider\/support$/); // back to the page asked for

    // the header links the console's pages both ways
    const nav = page.getByRole('navigation', { name: 'Console pages' });
    await nav.getByRole('link', { name: 'Clinics' }).click();
    await expect(page).toHaveURL(/\/provider\/clinics$/);
    await expect(page.getByRole('heading', { name: 'Clinics' })).toBeVisible();
    await nav.getByRole('link', { name: 'Requests' }).click();
    await expect(page).toHaveURL(/\/provider\/support$/);
    await expect(page.getByRole('heading', { name: 'Support and feature requests' })).toBeVisible();

    // every clinic's requests, with the clinic's name; the search narrows them
    await page.getByPlaceholder('Search by title').fill(DEMO_TITLE);
    const row = page.locator('tr', { has: page.getByRole('button', { name: `Open “${DEMO_TITLE}”` }) });
    await expect(row).toHaveCount(1);
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const { detail } = await demoRequest(request);
    expect(detail.authorClinic).toBeTruthy();
    await expect(row.getByText(detail.authorClinic!)).toBeVisible();

    // the status from the table
    await pick(page, row, `Status of “${DEMO_TITLE}”`, 'In progress (RS3)');
    await expect(page.getByText(`“${DEMO_TITLE}” is now: In progress`)).toBeVisible();
    expect((await demoRequest(request)).detail.status).toBe('RS3');

    // the details drawer: body, an answer as the support team
    await row.getByRole('button', { name: `Open “${DEMO_TITLE}”` }).click();
    const drawer = page.getByRole('dialog', { name: DEMO_TITLE });
    await expect(drawer.getByTestId('request-body')).toContainText('هيئة الزكاة');
    await expect(drawer.getByText('In progress', { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Send answer' }).click();
    await expect(drawer.getByText('This field is required')).toBeVisible(); // nothing is sent empty
    await drawer.getByLabel('Answer as the support team').fill(ANSWER);
    await drawer.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByText('Answer sent')).toBeVisible();
    const answer = drawer.getByTestId('comment').filter({ hasText: ANSWER });
    await expect(answer).toBeVisible();
    await expect(answer.getByText('Support team')).toBeVisible();
    expect((await demoRequest(request)).detail.comments.some((c) => c.body === ANSWER)).toBe(true);

    // the status goes back from the drawer
    await pick(page, drawer, `Status of “${DEMO_TITLE}”`, 'New (RS1)');
    await expect(page.getByText(`“${DEMO_TITLE}” is now: New`)).toBeVisible();
    expect((await demoRequest(request)).detail.status).toBe(DEMO_STATUS);

    // any comment can be deleted, after a confirmation
    await answer.getByRole('button', { name: 'Delete comment' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await expect(answer).toHaveCount(0);
    expect((await demoRequest(request)).detail.comments.some((c) => c.body === ANSWER)).toBe(false);
  });
});
