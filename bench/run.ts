/**
 * Server benchmark: the reference list call (Lookups/GetRooms with search, sort and paging) over a clinic with many
 * rooms, against a baseline measured in the same run (GET /api/health and Auth/RefreshCurrentUser, which carry the
 * platform's per-request work: token check, tenant transaction, session load). Prints figures; asserts nothing.
 *
 *   npm run bench                 default sizes
 *   BENCH_ROWS=20000 BENCH_CALLS=500 npm run bench
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openPglite } from '../apps/server/src/platform/db/database.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { withTenant } from '../apps/server/src/platform/db/tenancy.js';
import { folderStore } from '../apps/server/src/platform/files/file-store.js';
import { createHub } from '../apps/server/src/platform/realtime/hub.js';
import { provisionClinic } from '../apps/server/src/platform/tenants/provision.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

const dir = mkdtempSync(join(tmpdir(), 'dentix-bench-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const database = await openPglite(undefined);
await migrate(database);
const hub = createHub(database);
await hub.start();
const app = await buildApp({ config, database, hub, files: folderStore(join(dir, 'files')), mailer: { send: async () => {} } });
await app.ready();

const { clinic } = await provisionClinic(database.db, {
  clinicName: 'bench', displayName: 'Bench', subscriptionType: 'ST3', branchName: 'Main',
  owner: { userName: 'owner', fullName: 'Owner', email: 'owner@bench.test', password: 'Bench@1234' },
});
await withTenant(database.db, clinic.id, (tx) =>
  tx.execute(`insert into rooms (clinic_id, name, color) select ${clinic.id}, 'Room ' || g, '#079ee4' from generate_series(1, ${ROWS}) g`),
);
const login = await app.inject({ method: 'POST', url: '/api/WithoutAuthorize/bench/Login', payload: { Email: 'owner', Password: 'Bench@1234' } });
const token = login.json().token as string;
const headers = { authorization: `Bearer ${token}` };

async function measure(name: string, url: string) {
  for (let i = 0; i < 10; i++) await app.inject({ url, headers }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { name, p50: q(0.5), p95: q(0.95), max: times.at(-1)! };
}

const results = [
  await measure('baseline: GET /api/health', '/api/health'),
  await measure('baseline: Auth/RefreshCurrentUser', '/api/Auth/RefreshCurrentUser'),
  await measure(`Lookups/GetRooms page 1 of ${ROWS}, sorted by name`, '/api/Lookups/GetRooms?sortField=name&sortOrder=ascend'),
  await measure(`Lookups/GetRooms search "99" in ${ROWS}`, '/api/Lookups/GetRooms?search=99'),
  await measure(`Lookups/GetRooms last page of ${ROWS}`, `/api/Lookups/GetRooms?page=${Math.ceil(ROWS / 30)}`),
];
const baseline = results[1]!.p50;
console.log(`\nDentix server benchmark — embedded PGlite, ${CALLS} sequential calls each, ${ROWS} rooms\n`);
console.log('call'.padEnd(52), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8), 'p50 vs session baseline'.padStart(26));
for (const r of results)
  console.log(r.name.padEnd(52), r.p50.toFixed(2).padStart(8), r.p95.toFixed(2).padStart(8), r.max.toFixed(2).padStart(8), `${(r.p50 / baseline).toFixed(2)}x`.padStart(26));
const mem = process.memoryUsage();
console.log(`\nmemory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await app.close();
await hub.stop();
await database.close();
