import { type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginByApi } from './support';

// the service worker and its files load under the CSP too (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

/**
 * The app runs under its Content-Security-Policy (apps/server/src/platform/security-headers.ts): no page the users
 * open reports a violation, whether as a 'securitypolicyviolation' event or as a console error.
 */
async function watchCsp(page: Page) {
  const reports: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) reports.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__cspViolation', (text: string) => reports.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`,
      ),
    );
  });
  return reports;
}

test('the main pages, the patient file, the booking page and the API docs report no CSP violation', async ({ page }) => {
  const reports = await watchCsp(page);
  const session = await apiLogin(page.request, 'owner');
  const owner = apiAs(page.request, session.token);
  const patient = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: `مريض الحماية ${Date.now() % 100000}`,
    mobile: `+2011${String(Date.now()).slice(-8)}`,
    branchIds: [session.objectData.branchId],
  });

  const res = await page.request.get('/');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");

  const live = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/hub'));
  await loginByApi(page, 'owner', { path: '/' });
  await live; // the WebSocket /api/hub opens under connect-src 'self'
  await expect(page.locator('.scheduler-calendar').first()).toBeVisible();
  for (const path of ['/PatientsList', `/Patient/${patient.id}/1`, '/Clinic', '/Rooms', '/Roles', '/UsersList',
    '/FeaturesAndRequests', '/DailySummary']) {
    await page.goto(path);
    await expect(page.locator('.ant-layout, main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/book/demo');
  await expect(page.getByRole('heading', { name: 'عيادة الابتسامة لطب الأسنان' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .info').first()).toBeVisible();
  expect(reports).toEqual([]);
});
