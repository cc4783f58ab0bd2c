/**
 * First-load weight (issue 18): the JavaScript a browser downloads before it shows the login page, and before it
 * shows the calendar after login, from the BUILT web app (apps/web/dist: `npm run build` first; the script builds it
 * when it is missing and warns when it is older than apps/web/src). Each page is opened in a fresh browser context
 * (cold cache) of Debian's Chromium (playwright-core; CHROMIUM_PATH, default /usr/bin/chromium), every JavaScript
 * response is recorded, and its size is counted gzip-compressed (level 9, as a compressing proxy would send it). A file
 * counts when its request started before the page showed (resource timing against the moment a DOM observer saw
 * the page's element); what the page fetches after it has shown (the offline warm-up, app/offline-ready.ts) is
 * printed apart and is not part of the first load.
 * Prints the figures per language (BENCH_LANGS, default ar,en,fr) beside the previous ones recorded in
 * bench/bundle-baseline.json, and the targets (login ≤ 250 KB, calendar ≤ 300 KB). BENCH_RECORD=1 writes the
 * figures of this run as the new previous ones (a page not measured keeps its previous figures); BENCH_FILES=1 lists
 * each page's files with their gzip size; BENCH_PAGES=login measures one page (default login,calendar).
 *
 *   npm run build && npm run bench:bundle
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { DEFAULT_WEB_DIST } from '../apps/server/src/app.js';
import { benchClinic, benchServer } from './lib.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGS = (process.env.BENCH_LANGS ?? 'ar,en,fr').split(',').map((l) => l.trim());
const PAGES = (process.env.BENCH_PAGES ?? 'login,calendar').split(',').map((p) => p.trim());
const BASELINE = new URL('./bundle-baseline.json', import.meta.url);
const TARGET_KB = { login: 250, calendar: 300 };

interface Figures {
  measuredOn: string;
  note: string;
  /** KB of gzip JavaScript per page and language */
  login: Record<string, number>;
  calendar: Record<string, number>;
}

const webDist = process.env.WEB_DIST ?? DEFAULT_WEB_DIST;
if (!existsSync(join(webDist, 'index.html'))) {
  console.log('apps/web/dist is missing: npm run build');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (max, e) => Math.max(max, e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs),
    0,
  );
if (newest(join(DEFAULT_WEB_DIST, '../src')) > statSync(join(webDist, 'index.html')).mtimeMs)
  console.log('warning: apps/web/src is newer than the build: run `npm run build` for figures of the current code');

const server = await benchServer();
const clinic = await benchClinic(server, 'bundle');
await server.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
const login = await server.app.inject({
  method: 'POST',
  url: `/api/WithoutAuthorize/${clinic.clinicName}/Login`,
  payload: { Email: 'owner', Password: 'Bench@1234' },
});
const data = login.json() as { token: string; expiredTokenDate: string; objectData: { branchId: number } };
const session = {
  token: data.token,
  expiredTokenDate: data.expiredTokenDate,
  user: data.objectData,
  branchId: data.objectData.branchId,
};

/**
 * Opens `path` in a fresh context (cold cache) and answers the gzip KB of every JavaScript file the page asked for
 * before it showed `shown`, and apart, what it fetched after (the offline warm-up, app/offline-ready.ts).
 */
async function javascriptKb(browser: Browser, lang: string, path: string, shown: string, signedIn: boolean) {
  // the service worker's precache downloads every chunk after the page has shown: not part of the first load
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(
    ([language, stored]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } })
        .localStorage;
      storage.setItem('dentix.language', language!);
      if (stored) storage.setItem('dentix.session', stored);
    },
    [JSON.stringify(lang), signedIn ? JSON.stringify(session) : ''],
  );
  // the moment the page shows, on the page's own clock (a DOM observer, before the paint): a file counts when its
  // request started before it (resource timing), so the warm-up after the first paint is measured apart, exactly
  await context.addInitScript((selector) => {
    // the page's own globals, typed here (the bench compiles without the DOM library)
    const w = globalThis as unknown as {
      __shownAt: number | null;
      performance: { now(): number; setResourceTimingBufferSize(n: number): void };
      document: { querySelector(s: string): unknown };
      MutationObserver: new (callback: () => void) => {
        observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
        disconnect(): void;
      };
    };
    w.__shownAt = null;
    w.performance.setResourceTimingBufferSize(5000);
    const seen = new w.MutationObserver(() => {
      if (w.__shownAt === null && w.document.querySelector(selector)) {
        w.__shownAt = w.performance.now();
        seen.disconnect();
      }
    });
    seen.observe(w.document, { childList: true, subtree: true });
  }, shown);
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const reading: Array<Promise<void>> = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !res.url().endsWith('.js')) return;
    reading.push(
      res.body().then(
        (body) => void sizes.set(res.url(), gzipSync(body, { level: 9 }).length),
        () => {},
      ),
    );
  });
  await page.goto(base + path);
  await page.waitForSelector(shown, { timeout: 30_000 }).catch(async (error: unknown) => {
    await page.screenshot({ path: '/tmp/bundle-failed.png' });
    throw error;
  });
  await page.waitForLoadState('networkidle');
  // a signed-in page then fetches what it may need offline (app/offline-ready.ts): measured apart
  if (signedIn) await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  const timing = await page.evaluate(() => {
    const w = globalThis as unknown as {
      __shownAt: number | null;
      performance: { getEntriesByType(type: string): Array<{ name: string; startTime: number }> };
    };
    return {
      shownAt: w.__shownAt,
      started: w.performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
    };
  });
  await context.close();
  if (timing.shownAt === null) throw new Error(`${path}: the page never showed ${shown}`);
  const startedAt = new Map(timing.started);
  const first = [...sizes].filter(([url]) => (startedAt.get(url) ?? 0) < timing.shownAt!);
  const later = [...sizes].filter(([url]) => (startedAt.get(url) ?? 0) >= timing.shownAt!);
  if (process.env.BENCH_FILES) {
    // which files, largest first (BENCH_FILES=1): what to look at next
    for (const [url, size] of first.sort((a, b) => b[1] - a[1]))
      console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  }
  const kb = (files: Array<[string, number]>) => files.reduce((a, [, b]) => a + b, 0) / 1024;
  return { kb: kb(first), files: first.length, laterKb: kb(later), laterFiles: later.length };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const now: Figures = {
  measuredOn: new Date().toISOString().slice(0, 10),
  note: 'bench/bundle.ts',
  login: {},
  calendar: {},
};
const previous: Figures | null = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Figures) : null;
console.log(
  `\nDentix first-load JavaScript (gzip, cold cache), previous figures: ${previous ? `${previous.measuredOn} (${previous.note})` : 'none'}`,
);
console.log(
  'page'.padEnd(34),
  'lang'.padEnd(5),
  'files'.padStart(6),
  'KB'.padStart(8),
  'previous'.padStart(9),
  'target'.padStart(8),
  '',
  'after shown (warm-up)'.padStart(22),
);
let met = true;
for (const lang of LANGS) {
  const pages = [
    { key: 'login' as const, label: 'login page', path: '/user/login/login', shown: 'form input', signedIn: false },
    {
      key: 'calendar' as const,
      label: 'calendar after login',
      path: '/',
      shown: '.scheduler-calendar div',
      signedIn: true,
    },
  ];
  for (const p of pages.filter((page) => PAGES.includes(page.key))) {
    const { kb, files, laterKb, laterFiles } = await javascriptKb(browser, lang, p.path, p.shown, p.signedIn);
    now[p.key][lang] = Math.round(kb);
    const before = previous?.[p.key][lang];
    const ok = kb <= TARGET_KB[p.key];
    met &&= ok;
    console.log(
      p.label.padEnd(34),
      lang.padEnd(5),
      String(files).padStart(6),
      kb.toFixed(0).padStart(8),
      (before === undefined ? '—' : String(before)).padStart(9),
      `≤ ${TARGET_KB[p.key]}`.padStart(8),
      ok ? '   met' : 'MISSED',
      `${laterKb.toFixed(0)} KB in ${laterFiles} files`.padStart(22),
    );
  }
}
console.log(`issue 18 targets: ${met ? 'met' : 'not met'}`);
if (process.env.BENCH_RECORD) {
  const kept = {
    login: { ...previous?.login, ...now.login },
    calendar: { ...previous?.calendar, ...now.calendar },
  };
  writeFileSync(
    BASELINE,
    `${JSON.stringify({ ...now, ...kept, note: process.env.BENCH_NOTE ?? now.note }, null, 2)}\n`,
  );
  console.log(`recorded in ${BASELINE.pathname}`);
}
await browser.close();
await server.close();
