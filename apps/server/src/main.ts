import { buildApp } from './app.js';
import { demoCredentialsText, seedDemo } from './db/demo-data.js';
import { loadConfig } from './platform/config.js';
import { openPglite, openPostgres } from './platform/db/database.js';
import { assertRequestRole } from './platform/db/database-role.js';
import { migrate } from './platform/db/migrate.js';
import { assertPoolerMode } from './platform/db/pooler.js';
import { folderStore } from './platform/files/file-store.js';
import { createMailer } from './platform/mail/mailer.js';
import { createHub } from './platform/realtime/hub.js';
import { type Jobs, prepareJobs, startJobs } from './platform/jobs/jobs.js';

async function main() {
  const config = loadConfig();
  const database = config.embedded
    ? await openPglite(config.DATA_DIR)
    : await openPostgres(config.DATABASE_URL!, undefined, { pooler: config.DATABASE_POOLER });
  // the schema owner migrates and seeds; the DATABASE_URL role serves the requests (the same one without it)
  const owner = config.MIGRATION_DATABASE_URL ? await openPostgres(config.MIGRATION_DATABASE_URL, 2) : database;
  await owner.exclusive(() => migrate(owner));
  await assertRequestRole(database, config, (msg) => console.warn(msg));
  await assertPoolerMode(database, config);
  const hub = createHub(database);
  await hub.start();
  const app = await buildApp({ config, database, hub, files: folderStore(config.FILES_DIR), mailer: createMailer(config, database.db, console as never) });
  app.deps.mailer = createMailer(config, database.db, app.log);
  const seeded = config.SEED_DEMO ? await owner.exclusive(() => seedDemo(owner.db, { tokenSecret: config.TOKEN_SECRET })) : false;
  // the job queue's schema, queues and schedules, by the schema owner (docs/jobs.md); the modules registered the jobs
  if (config.JOBS_ENABLED) await owner.exclusive(() => prepareJobs(owner));
  if (owner !== database) await owner.close();
  await app.listen({ port: config.PORT, host: config.HOST });
  // the jobs (auto-missed appointments, messages) run as the request role; not in buildApp, so tests run no workers
  let jobs: Jobs | undefined;
  if (config.JOBS_ENABLED) {
    jobs = await startJobs({ database, hub, config, log: app.log });
    app.deps.jobs = jobs;
  }
  if (config.SEED_DEMO) {
    const url = `http://localhost:${config.PORT}`;
    console.log(`\n${seeded ? 'Demo data created.' : 'Demo data already present.'}\n${demoCredentialsText(url)}\n`);
  }
  const stop = async () => {
    await jobs?.stop();
    await app.close();
    await hub.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
