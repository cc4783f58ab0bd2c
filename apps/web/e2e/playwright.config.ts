import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, REPO_ROOT } from './support/env';

/**
 * Browser tests: Debian's Chromium (never `playwright install`) against the BUILT web app served by the real
 * server on a fresh embedded database with the demo data (see global-setup.ts).
 *
 *   npm run build && npm run test:e2e            all specs
 *   npm run test:e2e -- smoke                    specs whose file name matches "smoke"
 *   E2E_BASE_URL=http://localhost:3000 npm run test:e2e   against a server you started yourself
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: resolve(REPO_ROOT, 'test-results/e2e'),
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1, // 2-core machines: the server and Chromium already share them
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: E2E_BASE_URL,
    timezoneId: 'Africa/Cairo', // the demo clinic's time zone
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    // Every new page would install the service worker and precache the whole build (~500 files) while the test runs;
    // the specs about offline use and the CSP spec allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
