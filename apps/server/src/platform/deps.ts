import type { CallDescriptor } from '@dental/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { FileStore } from './files/file-store.js';
import type { Jobs } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { Hub } from './realtime/hub.js';

/** What every route handler can reach; built once per process by main.ts (or by the test harness). */
export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  files: FileStore;
  hub: Hub;
  /** Every call registered through platform/calls.ts, in order (OpenAPI and the access test read it). */
  calls: CallDescriptor[];
  /** The job queue of this process, when it runs one (main.ts; tests run jobs themselves). */
  jobs?: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
