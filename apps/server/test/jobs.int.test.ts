import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './harness.js';
import '../src/modules/index.js';
import { loadConfig } from '../src/platform/config.js';
import { createHub } from '../src/platform/realtime/hub.js';
import { JOBS_SCHEMA, type JobDefinition, type Jobs, jobDefinitions, prepareJobs, startJobs } from '../src/platform/jobs/jobs.js';

const database = await freshDatabase();
const hub = createHub(database);
const config = loadConfig({ DATA_DIR: '/tmp/dentix-test', TOKEN_SECRET: 'test-secret-test-secret-test-secret-42' });
const warnings: unknown[] = [];
const log = { info: () => {}, warn: (obj: unknown) => void warnings.push(obj) };
let jobs: Jobs | undefined;
afterAll(async () => {
  await jobs?.stop();
  await database.close();
});

/** A promise with its resolve, for waiting on a job's run without sleeping. */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the job queue (pg-boss on this database)', () => {
  it('the modules register their jobs: auto-missed appointments, the two message jobs and the notification ones, each with one schedule', async () => {
    expect(jobDefinitions.map((j) => [j.name, j.cron]).sort()).toEqual([
      ['labs.notify-overdue', '5 * * * *'],
      ['messages.enqueue-due', '* * * * *'],
      ['messages.send-outbox', '* * * * *'],
      ['notifications.push', '* * * * *'],
      ['scheduler.mark-missed', '* * * * *'],
    ]);
  });

  it('prepares its schema outside public, a queue and a schedule per job; runs a job asked for, retries a failed run, and stops', async () => {
    const ran = signal();
    const failedOnce = signal<number>();
    let attempts = 0;
    const test: JobDefinition[] = [
      { name: 'test.ok', cron: '0 3 * * *', run: async () => ran.resolve() },
      {
        name: 'test.flaky', cron: '0 4 * * *', retryLimit: 2, retryDelaySeconds: 1,
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('first run fails');
          failedOnce.resolve(attempts);
        },
      },
    ];
    await prepareJobs(database, test);
    // a second start (another process, a restart) finds everything in place
    await prepareJobs(database, test);
    const schedules = await database.query<{ name: string; cron: string }>(`select name, cron from ${JOBS_SCHEMA}.schedule order by name`);
    expect(schedules).toEqual([{ name: 'test.flaky', cron: '0 4 * * *' }, { name: 'test.ok', cron: '0 3 * * *' }]);
    const queues = await database.query<{ name: string; policy: string; retry_limit: number; retry_backoff: boolean }>(
      `select name, policy, retry_limit, retry_backoff from ${JOBS_SCHEMA}.queue where name like 'test.%' order by name`,
    );
    expect(queues).toEqual([
      { name: 'test.flaky', policy: 'stately', retry_limit: 2, retry_backoff: true },
      { name: 'test.ok', policy: 'stately', retry_limit: 3, retry_backoff: true },
    ]);

    jobs = await startJobs({ database, hub, config, log }, { jobs: test, schedule: false, pollingIntervalSeconds: 0.5 });
    expect(await jobs.trigger('test.ok')).toBe(true);
    expect(await jobs.trigger('unknown')).toBe(false);
    await ran.promise;
    await jobs.trigger('test.flaky');
    expect(await failedOnce.promise).toBe(2);
    await jobs.stop();
    jobs = undefined;
    // stopped: nothing takes a job any more
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
      `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'test.ok' and state = 'active'`,
    );
    expect(n).toBe(0);
    // the queue's tables are not tenant tables
    const tenantTables = await database.query(`select 1 from information_schema.columns where table_schema = '${JOBS_SCHEMA}' and column_name = 'clinic_id'`);
    expect(tenantTables).toEqual([]);
  });
});
