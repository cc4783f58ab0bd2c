/**
 * The server's fixed work per request, one piece at a time, before and after session 13's changes (issue 19), without
 * a database: each pair runs alternately in batches in one process (`ROUNDS` rounds of `BATCH` calls), so that load
 * from other processes falls on both alike; prints µs per call, the fastest batch and the median batch.
 *
 *   node --import tsx bench/fixed-cost.ts
 */
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { RequestLog } from '../apps/server/src/app.js';
import { signToken, verifyToken } from '../apps/server/src/platform/auth/tokens.js';
import { CSP_DIRECTIVES, registerSecurityHeaders } from '../apps/server/src/platform/security-headers.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BATCH = Number(process.env.BENCH_BATCH ?? 400);

async function pair(name: string, before: () => Promise<unknown> | unknown, after: () => Promise<unknown> | unknown) {
  const times: [number[], number[]] = [[], []];
  for (let round = -2; round < ROUNDS; round++)
    for (const [k, fn] of [before, after].entries()) {
      const start = performance.now();
      for (let i = 0; i < BATCH; i++) await fn();
      if (round >= 0) times[k as 0 | 1].push(((performance.now() - start) * 1000) / BATCH);
    }
  const med = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
  const min = (t: number[]) => Math.min(...t);
  console.log(
    `   ${name}`.padEnd(52), min(times[0]).toFixed(1).padStart(8), med(times[0]).toFixed(1).padStart(8),
    min(times[1]).toFixed(1).padStart(8), med(times[1]).toFixed(1).padStart(8), `${(min(times[0]) - min(times[1])).toFixed(1)}`.padStart(8),
  );
}

/** A bare fastify app with one JSON route, set up by `setup`. */
async function appWith(setup: (app: FastifyInstance) => Promise<void> | void, options: object = {}) {
  const app = Fastify(options);
  await setup(app);
  app.get('/x', async () => ({ ok: true }));
  await app.ready();
  return () => app.inject({ url: '/x' });
}

console.log(`\nDentix: the server's fixed work per request, µs per call (${ROUNDS} rounds of ${BATCH}, alternately)\n`);
console.log('   '.padEnd(52), 'before'.padStart(8), 'median'.padStart(8), 'after'.padStart(8), 'median'.padStart(8), 'saved'.padStart(8));

const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};
await pair(
  'security headers: @fastify/helmet → computed once',
  await appWith((app) => void app.register(helmet, helmetOptions)),
  await appWith((app) => registerSecurityHeaders(app)),
);

const nowhere = () => new Writable({ write: (_chunk, _enc, done) => done() });
await pair(
  'request log at info: 2 lines → none',
  await appWith(() => {}, { logger: { level: 'info', stream: nowhere() } }),
  await appWith(() => {}, { logger: { level: 'info', stream: nowhere() }, logController: new RequestLog() }),
);

const secret = 'bench-secret-bench-secret-bench-secret';
const tokens = Array.from({ length: (ROUNDS + 2) * BATCH }, (_, i) => `Bearer ${signToken({ kind: 'clinic', sub: i + 1, cid: 1, ver: 0 }, secret, 8).token}`);
let next = 0;
const kept = tokens[0]!;
await pair(
  'access token: HMAC + decode → kept per token text',
  () => verifyToken(tokens[(next = (next + 1) % tokens.length)], secret), // a token never seen: verified in full
  () => verifyToken(kept, secret),
);
