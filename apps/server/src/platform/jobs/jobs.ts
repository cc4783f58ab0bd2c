import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Hub } from '../realtime/hub.js';

/** What a job's handler reaches. `database` is the handle the jobs run on (docs/jobs.md "Which role"). */
export interface JobContext {
  database: Database;
  hub: Hub;
  config: Config;
  log: JobLog;
}
export interface JobLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * A recurring job: one pg-boss queue with one cron schedule (UTC). The queue's policy `stately` keeps at most one
 * job queued and one running across every process, so a tick runs once however many servers run; a failed run is
 * retried `retryLimit` times with exponential backoff from `retryDelaySeconds`.
 */
export interface JobDefinition {
  name: string;
  cron: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still going after this long is failed (and retried). */
  expireInSeconds?: number;
  run(ctx: JobContext): Promise<unknown>;
}

/** Every job of the application; modules add theirs when loaded (like the demo seeders). */
export const jobDefinitions: JobDefinition[] = [];
export function registerJob(job: JobDefinition) {
  if (jobDefinitions.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
  jobDefinitions.push(job);
}

/** pg-boss keeps its tables in this schema (not a tenant schema: docs/jobs.md). */
export const JOBS_SCHEMA = 'pgboss';

export interface Jobs {
  /** Asks for a run of the job now (deduplicated while one is queued); false when the job is unknown. */
  trigger(name: string): Promise<boolean>;
  stop(): Promise<void>;
  boss: PgBoss;
}

export interface StartJobsOptions {
  /** Poll interval of the workers; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** Run this process's timekeeper, which turns the schedules into jobs (false in tests that trigger runs themselves). */
  schedule?: boolean;
  /** The jobs to run (default every registered job). */
  jobs?: JobDefinition[];
}

/** pg-boss on our database handle (PGlite or PostgreSQL), through `raw` (STACK-NOTES trap 7). */
export function bossOn(database: Database, options: { schedule: boolean; supervise?: boolean }) {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.raw(text, values) },
    schema: JOBS_SCHEMA,
    schedule: options.schedule,
    supervise: options.supervise ?? true,
  });
}

const queueOptions = (job: JobDefinition) => ({
  name: job.name,
  policy: 'stately' as const,
  retryLimit: job.retryLimit ?? 3,
  retryDelay: job.retryDelaySeconds ?? 30,
  retryBackoff: true,
  expireInSeconds: job.expireInSeconds ?? 15 * 60,
});

/**
 * Creates or upgrades the queue's schema, one queue per job and its schedule; run at start by the schema owner
 * (main.ts, beside the migrations). On PostgreSQL the request role (`app_server`) then gets the rows of the queue's
 * tables (not the right to create any): the workers run as it.
 */
export async function prepareJobs(database: Database, jobs: JobDefinition[] = jobDefinitions, options: { schedule?: boolean } = {}) {
  const boss = bossOn(database, { schedule: false, supervise: false });
  await boss.start();
  try {
    for (const job of jobs) {
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queueOptions(job));
      else await boss.createQueue(job.name, queueOptions(job));
      if (options.schedule ?? true) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
    // the timekeeper's own queue, which a worker process would otherwise create
    if (!(await boss.getQueue('__pgboss__send-it'))) await boss.createQueue('__pgboss__send-it');
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  if (database.kind === 'postgres')
    await database.exec(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_server') THEN
          GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO app_server;
          GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOBS_SCHEMA} TO app_server;
          GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOBS_SCHEMA} TO app_server;
        END IF;
      END $$;`);
}

/**
 * Starts a worker per job in this process (the queues exist: prepareJobs), and with `schedule` the process's
 * timekeeper, which turns the cron schedules into jobs (one process per tick wins). stop() stops taking jobs and
 * waits for running ones (up to 20 s); a job cut short is failed and retried by whichever process runs next.
 */
export async function startJobs(ctx: JobContext, options: StartJobsOptions = {}): Promise<Jobs> {
  const jobs = options.jobs ?? jobDefinitions;
  const boss = bossOn(ctx.database, { schedule: options.schedule ?? true });
  boss.on('error', (err: unknown) => ctx.log.warn({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs)
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async () => {
      await job.run(ctx);
    });
  return {
    boss,
    trigger: async (name) => {
      if (!jobs.some((j) => j.name === name)) return false;
      await boss.send(name, {});
      return true;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}
