import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, EXTERNAL_SERVER, REPO_ROOT } from './support/env';

const HEALTH_TIMEOUT_MS = 120_000; // the first open of a new PGlite folder runs initdb (~10 s on 2 cores)
const STOP_TIMEOUT_MS = 15_000;

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stop(child: ChildProcess) {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM'); // main.ts closes the server and the database on SIGTERM
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([done, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await done;
  }
}

/**
 * Starts the built app on the embedded database in a fresh temporary DATA_DIR with the demo data, waits for
 * /api/health, and returns the teardown that stops the server and deletes the folder.
 */
export default async function globalSetup(_config: FullConfig) {
  if (EXTERNAL_SERVER) {
    if (!(await healthy(E2E_BASE_URL))) throw new Error(`E2E_BASE_URL=${E2E_BASE_URL} does not answer /api/health`);
    return;
  }
  const webIndex = join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: build the web app first (npm run build)`);
  const local = `http://127.0.0.1:${E2E_PORT}`;
  if (await healthy(local)) {
    throw new Error(
      `Port ${E2E_PORT} (E2E_PORT) is already serving a Dentix server (left from an earlier run?). Stop it, or choose another port.`,
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'dentix-e2e-'));
  const logDir = join(REPO_ROOT, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'e2e-server.log');
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    PUBLIC_URL: E2E_BASE_URL,
    WEB_DIST: join(REPO_ROOT, 'apps/web/dist'),
  };
  // always the embedded database with its own token secret, and no real mail
  for (const name of ['DATABASE_URL', 'TOKEN_SECRET', 'SMTP_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);

  const teardown = async () => {
    await stop(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  const started = Date.now();
  while (!(await healthy(local))) {
    if (exited(child) || Date.now() > deadline) {
      const why = exited(child)
        ? `exited with ${child.exitCode ?? child.signalCode}`
        : `did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`;
      await teardown();
      throw new Error(`The e2e server ${why}. Its output (${logFile}):\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `[e2e] server up on ${E2E_BASE_URL} in ${((Date.now() - started) / 1000).toFixed(1)} s (data ${dataDir}, log ${logFile})`,
  );
  return teardown;
}
