import { type Browser, type Page, type TestInfo, expect } from '@playwright/test';

/**
 * Opens a page of the single-page app without reloading it, as a menu link does (the router follows history changes):
 * much cheaper than page.goto, which starts the whole app again. Follow it with `settle`'s wait for the path: the
 * router keeps the old page on screen until the new one's file and loader are done, so when the path goes to another
 * route (another first segment) the document's title is cleared here and `settle` waits for the new page to set it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const first = (p: string) => p.split('/')[1]?.toLowerCase();
    if (to.toLowerCase() === location.pathname.toLowerCase()) return; // already there
    if (first(to) !== first(location.pathname)) document.title = '';
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Watches the page's requests from now on and returns a wait until the page has drawn what it loads: no request in
 * flight (web sockets, media, images and fonts aside), no spinner, skeleton or page-loading overlay, twice in a row.
 * Given a path, it also waits until the page is there (or on the not-authorized page) and has set its title. Unlike the 'networkidle' load
 * state it also works after `openInApp`, and it does not wait half a second of silence.
 */
export function settle(page: Page) {
  let inFlight = 0;
  const counted = (type: string) => !['websocket', 'eventsource', 'media', 'image', 'font'].includes(type);
  page.on('request', (r) => counted(r.resourceType()) && inFlight++);
  const done = (r: { resourceType(): string }) => counted(r.resourceType()) && inFlight--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (path?: string) => {
    let quietTimes = 0;
    await expect
      .poll(
        async () => {
          const quiet =
            inFlight <= 0 &&
            (await page.evaluate(
              (p) =>
                (p === null || [p.toLowerCase(), '/pages/notauthorized'].includes(decodeURI(location.pathname).toLowerCase())) &&
                document.readyState === 'complete' &&
                document.title !== '' &&
                !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .page-loading, .loading-overlay'),
              path ?? null,
            ));
          quietTimes = quiet ? quietTimes + 1 : 0;
          return quietTimes >= 2;
        },
        { message: `${path ?? 'the page'} settles`, intervals: [50, 100], timeout: 20_000 },
      )
      .toBe(true);
  };
}

/**
 * A page in a context of its own with the project's options (base URL, time zone, viewport ...), for tests that share
 * one signed-in page: made in beforeAll, where the `page` fixture does not exist. Close its context in afterAll.
 */
export async function newSharedPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    timezoneId: use.timezoneId,
    locale: use.locale,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    serviceWorkers: use.serviceWorkers,
  });
  if (use.actionTimeout) context.setDefaultTimeout(use.actionTimeout);
  if (use.navigationTimeout) context.setDefaultNavigationTimeout(use.navigationTimeout);
  return context.newPage();
}
