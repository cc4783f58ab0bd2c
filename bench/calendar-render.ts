/**
 * Calendar rendering benchmark (issue 5): a week of 300 appointments in Chromium, target p95 ≤ 150 ms. The real
 * server (embedded database) serves the BUILT web app (apps/web/dist: run `npm run build` after changing the web
 * app; the script builds it when it is missing); Debian's Chromium, driven by playwright-core, shows the calendar
 * of a branch whose current week holds BENCH_APPOINTMENTS appointments (7 days × 09:00-21:00, 6 doctors in two
 * shifts, 4 rooms, 30-60 minutes, so that they overlap as in a busy clinic). Prints, asserting nothing, in Arabic
 * (the default, right to left) and in English:
 *  1. navigation, the time being rendering: 'previous' to the full week and 'next' to the empty week after it,
 *     both already in TanStack Query's cache, alternately, BENCH_RUNS times each after 3 warm-up rounds; baseline:
 *     the empty week;
 *  2. first load (app start, session, settings, the calendar's chunk, the week's fetch, render), with the browser's
 *     cache warm, BENCH_LOADS times each; baseline: the same week of a second branch that has no appointments.
 * Each is timed from the click (or from navigation start) to two points: 'shown', the frame painted after the
 * first change inside the calendar that showed the expected number of appointment elements (300, or none for the
 * baseline); 'settled', the frame painted after the last change (FullCalendar adjusts its layout in a later task),
 * once nothing has changed for QUIET_MS. Both are printed as p50/p95, with the difference to the baseline and
 * whether the target is met; the data comes from the same seeded database and the same browser in the same run.
 *
 *   npm run bench:calendar
 *   BENCH_RUNS=50 BENCH_LANGS=ar npm run bench:calendar
 *   BENCH_PORT=3600 CHROMIUM_PATH=/usr/bin/chromium npm run bench:calendar
 *   WEB_DIST=/tmp/web-unminified BENCH_PROFILE=/tmp/calendar npm run bench:calendar
 *   BENCH_TRACE=/tmp/calendar BENCH_LANGS=ar npm run bench:calendar
 * BENCH_PROFILE writes Chromium's CPU profile of the timed navigations (both ways), one file per language
 * (<prefix>-ar.cpuprofile; open it in Chromium's DevTools, Performance); its own overhead slows those runs.
 * BENCH_TRACE writes a Chromium trace of the first 5 timed rounds (<prefix>-ar.json: style, layout, paint and scripts
 * of each frame; DevTools, Performance, load profile); traced rounds are slower.
 * WEB_DIST serves another build, e.g. `npx vite build --minify false --outDir /tmp/web-unminified` in apps/web.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { normalizeName } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { type Browser, type Page, chromium } from 'playwright-core';
import { DEFAULT_WEB_DIST } from '../apps/server/src/app.js';
import { withTenant } from '../apps/server/src/platform/db/tenancy.js';
import { benchClinic, benchServer, stats } from './lib.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const LANGS = (process.env.BENCH_LANGS ?? 'ar,en').split(',').map((l) => l.trim()) as Array<'ar' | 'en' | 'fr'>;
const PORT = Number(process.env.BENCH_PORT ?? 0);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROFILE = process.env.BENCH_PROFILE;
const TRACE = process.env.BENCH_TRACE;
const TRACE_ROUNDS = 5;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];
const TARGET_MS = 150;
const QUIET_MS = 250;
const DOCTORS = 6;
const ROOMS = 4;

const FIRST = ['أحمد', 'محمد', 'محمود', 'مصطفى', 'إبراهيم', 'علي', 'حسن', 'عمر', 'يوسف', 'خالد', 'كريم', 'عبد الرحمن', 'فاطمة', 'مريم', 'آية', 'نورا', 'سارة', 'هدى', 'منى', 'سلمى', 'ياسمين', 'إيمان', 'John', 'Sarah'];
const FAMILY = ['السيد', 'عبد العزيز', 'الشريف', 'رضوان', 'سليمان', 'كامل', 'فوزي', 'النجار', 'المصري', 'الشافعي', 'حجازي', 'عثمان', 'Smith', 'Brown'];
const DOCTOR_NAMES = ['د. هالة منصور', 'د. شريف عادل', 'د. منى الدسوقي', 'د. طارق حلمي', 'د. ريم فاروق', 'Dr. Adam Clarke'];
const lit = (list: string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

// 1. the built web app, as the server serves it
const webDist = process.env.WEB_DIST ?? DEFAULT_WEB_DIST;
if (!existsSync(join(webDist, 'index.html'))) {
  console.log('apps/web/dist is missing: npm run build');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (max, e) => Math.max(max, e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs), 0);
const builtAt = statSync(join(webDist, 'index.html')).mtimeMs;
const stale = newest(join(DEFAULT_WEB_DIST, '../src')) > builtAt;

// 2. the server on a fresh database, listening, with a clinic, its doctors, rooms, patients and the full week
const server = await benchServer();
const clinic = await benchClinic(server, 'cal');
const clinicId = clinic.clinic.id;
const timeZone = clinic.clinic.timeZone;
await server.app.listen({ port: PORT, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

const seeded = await withTenant(server.database.db, clinicId, async (tx) => {
  const run = async (text: string) => (await tx.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
  const ids = (rows: { rows: Array<Record<string, unknown>> }) => rows.rows.map((r) => Number(r.id));
  const [emptyBranch] = ids(await run(`insert into branches (clinic_id, name) values (${clinicId}, 'Empty') returning id`));
  const branchIds = [clinic.branch.id, emptyBranch!];
  const doctorIds = ids(await run(`insert into users (clinic_id, user_name, full_name, display_name, email, password_hash, role_id, branch_id, is_doctor)
    select ${clinicId}, 'doctor' || g, n[g], n[g], 'doctor' || g || '@cal.test', password_hash, ${clinic.roleIds.RL3}, ${clinic.branch.id}, true
    from users, generate_series(1, ${DOCTORS}) g, (select ${lit(DOCTOR_NAMES)} n) names
    where users.id = ${clinic.owner.id} order by g returning id`));
  await run(`insert into user_branches (clinic_id, user_id, branch_id)
    select ${clinicId}, u, b from unnest(array[${doctorIds.join(',')}]::bigint[]) u, unnest(array[${branchIds.join(',')}]::bigint[]) b
    on conflict do nothing`);
  // doctors 1, 3, 5 work mornings, 2, 4, 6 afternoons, every day: the calendar shades the rest
  await run(`insert into user_working_hours (clinic_id, user_id, day_of_week, start_time, end_time)
    select ${clinicId}, d, w, case when i % 2 = 1 then '09:00' else '14:00' end, case when i % 2 = 1 then '15:00' else '21:00' end
    from unnest(array[${doctorIds.join(',')}]::bigint[]) with ordinality as t(d, i), generate_series(0, 6) w`);
  const roomIds = ids(await run(`insert into rooms (clinic_id, name, color)
    select ${clinicId}, 'غرفة ' || g, (array['#1677ff','#52c41a','#fa8c16','#eb2f96'])[g] from generate_series(1, ${ROOMS}) g returning id`));
  const patientIds = ids(await run(`insert into patients (clinic_id, code, name, name_normalized, mobile)
    select ${clinicId}, g::text,
      f[1 + g % ${FIRST.length}] || ' ' || f[1 + (g / 5) % ${FIRST.length}] || ' ' || l[1 + (g / 3) % ${FAMILY.length}],
      nf[1 + g % ${FIRST.length}] || ' ' || nf[1 + (g / 5) % ${FIRST.length}] || ' ' || nl[1 + (g / 3) % ${FAMILY.length}],
      '+2010' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0')
    from generate_series(1, ${APPOINTMENTS}) g,
      (select ${lit(FIRST)} f, ${lit(FIRST.map(normalizeName))} nf, ${lit(FAMILY)} l, ${lit(FAMILY.map(normalizeName))} nl) names
    order by g returning id`));
  // the calendar's week starts on Saturday, in the clinic's time zone
  const today = String((await run(`select to_char(now() at time zone '${timeZone}', 'YYYY-MM-DD') as d`)).rows[0]!.d);
  const saturday = new Date(Date.parse(`${today}T00:00:00Z`) - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7) * 86_400_000)
    .toISOString().slice(0, 10);
  // appointment g: day g % 7; 24 half-hour slots from 09:00, visited in the order k * 7 mod 24 (k = g / 7, about 43 a
  // day); 30, 45 or 60 minutes; a morning doctor before 14:30, an afternoon one after; past ones done or missed
  await run(`insert into appointments (clinic_id, branch_id, patient_id, doctor_id, room_id, starts_at, ends_at, status, notes)
    select ${clinicId}, ${clinic.branch.id}, p[1 + g], d[1 + 2 * (g % 3) + case when slot >= 11 then 1 else 0 end], r[1 + (g / 3) % ${ROOMS}],
      s, s + (30 + 15 * (g % 3)) * interval '1 minute',
      case when s < now() then (array['AS7','AS7','AS7','AS9','AS8'])[1 + g % 5] else (array['AS1','AS2','AS1'])[1 + g % 3] end,
      case when g % 4 = 0 then 'متابعة' end
    from generate_series(0, ${APPOINTMENTS - 1}) g,
      (select array[${patientIds.join(',')}]::bigint[] p, array[${doctorIds.join(',')}]::bigint[] d, array[${roomIds.join(',')}]::bigint[] r) refs,
      lateral (select (g / 7 * 7) % 24 as slot) k,
      lateral (select (date '${saturday}' + g % 7 + time '09:00' + slot * interval '30 minutes') at time zone '${timeZone}' as s) t`);
  return { emptyBranch: emptyBranch!, saturday };
});
for (const table of ['appointments', 'patients', 'users', 'rooms']) await server.database.exec(`vacuum analyze ${table}`);

// 3. the browser, logged in as the owner by putting the session where the web app keeps it (lib/storage.ts)
const login = await fetch(`${base}/api/WithoutAuthorize/${clinic.clinicName}/Login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: 'owner', Password: 'Bench@1234' }),
});
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const tokenData = (await login.json()) as { token: string; expiredTokenDate: string; objectData: { branchId: number | null } };

/*
 * The page's globals used by the functions below, which run in Chromium (page.evaluate, addInitScript). Declared
 * here for this file only: the DOM library in the bench tsconfig would retype the server's `console`.
 */
interface PageNode { nodeType: number; parentElement: PageElement | null }
interface PageElement extends PageNode { closest(selector: string): PageElement | null; click(): void }
declare const document: PageNode & { querySelectorAll(selector: string): ArrayLike<PageElement> };
declare const window: Record<string, unknown>;
declare const localStorage: { setItem(key: string, value: string): void };
declare const requestAnimationFrame: (callback: () => void) => number;
declare class MutationObserver {
  constructor(callback: (records: Array<{ target: PageNode }>) => void);
  observe(target: PageNode, options: Record<string, boolean>): void;
}
/** A change inside the calendar: when, how many appointments it then showed, the frame that painted it. */
interface Change { at: number; count: number; frame: number }
interface Probe { changes: Change[]; paints: Record<number, number> }
const COUNT_SELECTOR = '.scheduler-calendar [data-appointment-id]';

/**
 * Installed before the web app's scripts in every document: a MutationObserver that notes every change inside the
 * calendar, and the frame that paints it: the next requestAnimationFrame asked for at or after the change; a task
 * queued from that callback runs after the paint and notes its time.
 */
function installProbe(selector: string) {
  const probe: Probe = { changes: [], paints: {} };
  window.__calendarProbe = probe;
  let frame = 0;
  let frameAsked = false;
  const changed = () => {
    if (!frameAsked) {
      frameAsked = true;
      const asked = ++frame;
      requestAnimationFrame(() => {
        frameAsked = false;
        setTimeout(() => (probe.paints[asked] = performance.now()), 0);
      });
    }
    probe.changes.push({ at: performance.now(), count: document.querySelectorAll(selector).length, frame });
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? (r.target as PageElement) : r.target.parentElement;
      if (el?.closest('.scheduler-calendar')) return changed();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Milliseconds from the click (or from navigation start) until the week was shown, and until it settled. */
interface Timing { shown: number; settled: number }

/**
 * In the page: clicks the toolbar button (or nothing, for a load) and waits until the calendar has settled with
 * `expected` appointment elements. `shown`: the paint of the first change that showed `expected` of them; `settled`:
 * the paint of the last change, after which nothing changed for `quiet` ms.
 */
async function settle(page: Page, expected: number, button: 'prev' | 'next' | null): Promise<Timing> {
  return page.evaluate(
    ([expected, button, quiet, selector]) =>
      new Promise<Timing>((resolve, reject) => {
        const probe = window.__calendarProbe as Probe;
        let start = 0;
        if (button) {
          // the toolbar's arrows, previous then next, in the same order in both directions
          const arrows = document.querySelectorAll('.calendar-toolbar .ant-space-compact button');
          if (arrows.length !== 2) return reject(new Error(`toolbar arrows: ${arrows.length}`));
          probe.changes = [];
          probe.paints = {};
          start = performance.now();
          arrows[button === 'prev' ? 0 : 1]!.click();
        }
        const deadline = performance.now() + 30_000;
        const check = () => {
          const last = probe.changes.at(-1);
          const first = probe.changes.find((c) => c.count === expected);
          const count = document.querySelectorAll(selector).length;
          if (last && first && count === expected && performance.now() - last.at >= quiet) {
            const shown = probe.paints[first.frame];
            const settled = probe.paints[last.frame];
            if (shown !== undefined && settled !== undefined) return resolve({ shown: shown - start, settled: settled - start });
          }
          if (performance.now() > deadline) return reject(new Error(`not settled: ${count} of ${expected} appointments shown`));
          setTimeout(check, 50);
        };
        setTimeout(check, 50);
      }),
    [expected, button, QUIET_MS, COUNT_SELECTOR] as const,
  );
}

const summary = (runs: Timing[]) => ({ shown: stats(runs.map((r) => r.shown)), settled: stats(runs.map((r) => r.settled)) });

async function measureLanguage(browser: Browser, lang: 'ar' | 'en' | 'fr') {
  const context = await browser.newContext({
    baseURL: base, viewport: { width: 1440, height: 900 }, timezoneId: timeZone, locale: lang === 'ar' ? 'ar-EG' : lang,
  });
  // tsx compiles this file with esbuild's keepNames: the functions sent to the page call its `__name` helper
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(installProbe, COUNT_SELECTOR);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`   page error: ${e.message}`));
  const session = (branchId: number) =>
    JSON.stringify({ token: tokenData.token, expiredTokenDate: tokenData.expiredTokenDate, user: tokenData.objectData, branchId });
  await page.goto('/user/login/login');
  const load = async (branchId: number, expected: number) => {
    await page.evaluate(([items]) => items.forEach(([k, v]) => localStorage.setItem(k, v)), [[
      ['dentix.language', JSON.stringify(lang)],
      ['dentix.session', session(branchId)],
      ['dentix.scheduler', JSON.stringify({ view: 'week', colorBy: 'room' })],
    ]] as const);
    await page.goto('/', { waitUntil: 'commit' });
    return settle(page, expected, null);
  };

  // first loads: the full week of the main branch against the same week of the empty branch, alternately
  const cold = await load(clinic.branch.id, APPOINTMENTS);
  await load(seeded.emptyBranch, 0);
  const loads = { full: [] as Timing[], empty: [] as Timing[] };
  for (let i = 0; i < LOADS; i++) {
    loads.full.push(await load(clinic.branch.id, APPOINTMENTS));
    loads.empty.push(await load(seeded.emptyBranch, 0));
  }
  const dir = await page.locator('html').getAttribute('dir');
  const calendars = await page.locator('.scheduler-calendar').count();

  // navigation: the page now shows the main branch's full week; next → empty week, previous → full week
  await load(clinic.branch.id, APPOINTMENTS);
  const nav = { full: [] as Timing[], empty: [] as Timing[] };
  const cdp = PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable');
  for (let i = 0; i < 3 + RUNS; i++) {
    if (cdp && i === 3) await cdp.send('Profiler.start');
    if (TRACE && i === 3) await browser.startTracing(page, { path: `${TRACE}-${lang}.json`, categories: TRACE_CATEGORIES });
    if (TRACE && i === 3 + TRACE_ROUNDS) await browser.stopTracing();
    const empty = await settle(page, 0, 'next');
    const full = await settle(page, APPOINTMENTS, 'prev');
    if (i < 3) continue;
    nav.empty.push(empty);
    nav.full.push(full);
  }
  if (TRACE && RUNS < TRACE_ROUNDS) await browser.stopTracing();
  if (cdp) writeFileSync(`${PROFILE}-${lang}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  await context.close();
  return { cold, loads: { full: summary(loads.full), empty: summary(loads.empty) }, nav: { full: summary(nav.full), empty: summary(nav.empty) }, dir, calendars };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const version = browser.version();
const stop = async () => {
  await browser.close().catch(() => {});
  await server.close().catch(() => {});
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  console.log(`\nDentix calendar rendering benchmark — Chromium ${version}, ${server.database.kind}, week of ${seeded.saturday} (${timeZone}), ${APPOINTMENTS} appointments, ${DOCTORS} doctors, ${ROOMS} rooms`);
  console.log(`web app built ${new Date(builtAt).toISOString()}${stale ? ' — OLDER than apps/web/src: run npm run build first' : ''}`);
  console.log(`navigation: ${RUNS} runs each after 3 warm-up rounds (data cached); first load: ${LOADS} each, warm browser cache; settled = ${QUIET_MS} ms without change after it\n`);
  const ms = (v: number, width = 10) => v.toFixed(1).padStart(width);
  console.log(''.padEnd(30), ...['empty p50', 'empty p95', 'full p50', 'full p95', 'Δ p50', 'Δ p95'].map((h) => h.padStart(10)));
  type Pair = { p50: number; p95: number };
  const row = (label: string, empty: Pair, full: Pair, target: boolean) =>
    console.log(
      `   ${label}`.padEnd(30), ms(empty.p50), ms(empty.p95), ms(full.p50), ms(full.p95), ms(full.p50 - empty.p50), ms(full.p95 - empty.p95),
      target ? ` target full p95 ≤ ${TARGET_MS} ms: ${full.p95 <= TARGET_MS ? 'met' : 'MISSED'}` : '',
    );
  for (const lang of LANGS) {
    const r = await measureLanguage(browser, lang);
    if (r.calendars !== 1) throw new Error(`${lang}: calendar not shown`);
    console.log(`${lang} (dir=${r.dir})`);
    row('navigation: week shown', r.nav.empty.shown, r.nav.full.shown, true);
    row('navigation: week settled', r.nav.empty.settled, r.nav.full.settled, true);
    row('first load: week shown', r.loads.empty.shown, r.loads.full.shown, false);
    row('first load: week settled', r.loads.empty.settled, r.loads.full.settled, false);
    console.log(`   first load with a cold cache (full week, once): shown ${r.cold.shown.toFixed(0)} ms, settled ${r.cold.settled.toFixed(0)} ms`);
  }
  const mem = process.memoryUsage();
  console.log(`\nbenchmark process (server and database) memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await stop();
}
