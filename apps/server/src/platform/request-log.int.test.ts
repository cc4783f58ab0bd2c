import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { freshDatabase } from '../../test/harness.js';
import { loadConfig } from './config.js';
import { folderStore } from './files/file-store.js';
import { createHub } from './realtime/hub.js';

const database = await freshDatabase();
afterAll(() => database.close());

/** The app with its log written to a list, at `level`; the log lines of one request to /api/health and a 404. */
async function linesAt(level: 'info' | 'debug') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(JSON.parse(String(chunk))), done()) });
  const config = loadConfig({ DATA_DIR: '/tmp/dentix-test', TOKEN_SECRET: 'test-secret-test-secret-test-secret-42', SEED_DEMO: 'false' }, { WEB_DIST: '/nonexistent' });
  const app = await buildApp(
    { config, database, hub: createHub(database), mailer: { send: async () => {} }, files: folderStore('/tmp/dentix-test-files') },
    { logger: { level, stream } },
  );
  await app.ready();
  lines.length = 0;
  expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/api/NoSuchCall' })).statusCode).toBe(404);
  await app.close();
  return lines.filter((l) => l.msg !== 'Server listening at' && !/closing/i.test(String(l.msg)));
}

describe('the requests log', () => {
  it('writes nothing per request at info (the default level)', async () => {
    expect(await linesAt('info')).toEqual([]);
  });

  it("writes fastify's lines at debug", async () => {
    const lines = await linesAt('debug');
    expect(lines.filter((l) => l.msg === 'incoming request').map((l) => (l.req as { url: string }).url)).toEqual(['/api/health', '/api/NoSuchCall']);
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, 404]);
  });
});
