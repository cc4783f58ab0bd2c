import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';

/**
 * Migrates one template database once per run; every test file then starts from a copy of it.
 * Embedded: a PGlite data-folder dump. With TEST_DATABASE_URL: a template database on that server.
 */
export default async function setup(project: TestProject) {
  // both server projects (vitest.projects.ts) run this setup: the template is made once per run
  const shared = globalThis as { dentixTemplate?: Promise<Template> };
  const template = await (shared.dentixTemplate ??= makeTemplate());
  for (const [key, value] of Object.entries(template)) project.provide(key as keyof Template, value);
  // after the whole run: the embedded template's dump (~46 MB) is not left behind in the temporary folder
  return () => {
    if (template.templateDump) rmSync(template.templateDump, { force: true });
  };
}

type Template = Pick<import('vitest').ProvidedContext, 'templateDump' | 'templateDatabase' | 'requestRole'>;

async function makeTemplate(): Promise<Template> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS dentix_template WITH (FORCE)');
    await admin.query('CREATE DATABASE dentix_template');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/dentix_template';
    const database = await openPostgres(url.toString(), 2);
    await migrate(database);
    if (process.env.TEST_DATABASE_REQUEST_ROLE === '1') {
      // a login role with only the request role's rights (see docs/operations.md "Database roles")
      await database.exec(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dentix_test_app') THEN CREATE ROLE dentix_test_app LOGIN; END IF;
      END $$; GRANT app_server TO dentix_test_app`);
    }
    await database.close();
    return { templateDatabase: 'dentix_template', ...(process.env.TEST_DATABASE_REQUEST_ROLE === '1' ? { requestRole: 'dentix_test_app' } : {}) };
  }
  const database = await openPglite(undefined);
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dir = join(tmpdir(), 'dentix-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { templateDump: file };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump?: string;
    templateDatabase?: string;
    requestRole?: string;
  }
}
