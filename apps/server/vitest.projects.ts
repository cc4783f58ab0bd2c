import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Test files that replace modules (vi.mock), the clock or process.env: they run in a fresh module graph of their own
 * (project "server-isolated"); every other server test file shares its worker's loaded modules with the files before
 * it (project "server", `isolate: false`). Loading the server's modules anew for each of ~130 files cost about half
 * of the server tests' time; each file still gets its own database and its own app (test/harness.ts), closed when the
 * file ends (test/setup.ts). docs/architecture.md §7.
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

/** The server's two test projects, listed by the root vitest.config.ts; `--project 'server*'` runs both. */
export const serverProjects = [
  defineProject({
    test: { ...common, name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: isolatedFiles, isolate: false },
  }),
  defineProject({ test: { ...common, name: 'server-isolated', include: isolatedFiles } }),
];
