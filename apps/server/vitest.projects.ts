import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Test files that replace modules (vi.mock), the clock or process.env: they run in a fresh module graph of their own
 * (project "server-isolated"); on PostgreSQL every other server test file shares its worker's loaded modules with the
 * files before it (project "server", see shareModules). Each file still gets its own database and its own app
 * (test/harness.ts), closed when the file ends (test/setup.ts). docs/architecture.md §7.
 */
export const isolatedFiles = [
  'src/modules/notifications/notifications.int.test.ts',
  'src/modules/scheduler/calendar.int.test.ts',
  'src/modules/scheduler/clinic-time.test.ts',
  'src/platform/auth/login-limit.int.test.ts',
  'src/platform/auth/tokens.test.ts',
  'src/platform/push/push.int.test.ts',
];

const common = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  globalSetup: ['./test/global-setup.ts'],
  setupFiles: ['./test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Shared only on PostgreSQL (TEST_DATABASE_URL): there a file's cost was mostly loading modules (import 561 → 147 s
 * for the whole suite). On PGlite a file's cost is its own database instance; sharing halved the CPU but not the wall
 * time (734 → 705 s), and some files got slower as a worker's heap grew (bad-input.int 47 → 102 s).
 */
const shareModules = !!process.env.TEST_DATABASE_URL;

/** The server's two test projects, listed by the root vitest.config.ts; `--project 'server*'` runs both. */
export const serverProjects = [
  defineProject({
    test: { ...common, name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: isolatedFiles, isolate: !shareModules },
  }),
  defineProject({ test: { ...common, name: 'server-isolated', include: isolatedFiles } }),
];
