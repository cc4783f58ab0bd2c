import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (apps/web/e2e/support → ../../../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where the browser goes. Set E2E_BASE_URL to test a server you started yourself (then none is started). */
export const EXTERNAL_SERVER = !!process.env.E2E_BASE_URL;

/** The first port from `from` on that nothing listens on (checked in a child process: config loading is synchronous). */
function firstFreePort(from: number): number {
  const probe = `
    const net = require('node:net');
    const tryPort = (p) => {
      if (p > ${from + 50}) { console.log(${from}); return; }
      const s = net.createServer();
      s.once('error', () => tryPort(p + 1));
      s.listen(p, '127.0.0.1', () => s.close(() => console.log(p)));
    };
    tryPort(${from});`;
  const out = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  const port = Number(out.stdout.trim());
  return Number.isInteger(port) && port > 0 ? port : from;
}

// Chosen once, in the test runner; the worker processes inherit it through the environment.
if (!process.env.E2E_PORT && !EXTERNAL_SERVER) process.env.E2E_PORT = String(firstFreePort(3100));

/** Port of the server the browser tests start: E2E_PORT, else 3100, or the next free port when 3100 is taken. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export const E2E_BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${E2E_PORT}`;
