import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newClinic, newUser, testApp } from '../../../test/harness.js';
import { branches } from '../auth/identity.table.js';
import { signToken } from '../auth/tokens.js';
import { withTenant } from '../db/tenancy.js';
import type { HubEvent } from './hub.js';
import { callUser, notifyRefreshTodayAppointments, pushToUser } from './hub-events.js';

const t = await testApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
const hub = t.app.deps.hub;

/** How long a test waits to be sure that a message does NOT arrive. */
const QUIET_MS = 300;

interface Client {
  ws: WebSocket;
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves true when no message arrives within QUIET_MS. */
  quiet(): Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
}

const sockets: WebSocket[] = [];
afterAll(() => sockets.forEach((s) => s.terminate()));

function connect(query: Record<string, string | number | undefined>): Client {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  );
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/hub?${qs}`);
  sockets.push(ws);
  const inbox: Record<string, unknown>[] = [];
  const waiters: Array<(m: Record<string, unknown>) => void> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Record<string, unknown>;
    const w = waiters.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  return {
    ws,
    closed,
    next(timeoutMs = 3000) {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    async quiet() {
      await new Promise((r) => setTimeout(r, QUIET_MS));
      return inbox.length === 0;
    },
  };
}

const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as number;

/** A socket that has sent InitConnection and received Connected. */
async function connected(
  query: { clinicId: number; branchId?: number; access_token: string },
  userId = userIdOf(query.access_token),
) {
  const c = connect(query);
  await new Promise<void>((resolve, reject) => {
    c.ws.once('open', () => resolve());
    c.ws.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
  c.ws.send(JSON.stringify({ type: 'InitConnection', userId }));
  expect(await c.next()).toEqual({ type: 'Connected' });
  return c;
}

const refresh: HubEvent = { type: 'RefreshTodayAppointments' };

async function addBranch(clinicId: number, name: string) {
  return withTenant(t.database.db, clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

describe('hub connection checks', () => {
  it('closes a socket with a bad, missing, expired or tampered token with 4401', async () => {
    const c = await newClinic(t);
    const expired = signToken(
      { kind: 'clinic', sub: c.ownerId, cid: c.clinicId, ver: 0 },
      'test-secret-test-secret-test-secret-42',
      -1,
    ).token;
    const tampered = c.token.slice(0, -3) + (c.token.endsWith('aaa') ? 'bbb' : 'aaa');
    for (const access_token of ['garbage', undefined, expired, tampered]) {
      const { code } = await connect({ clinicId: c.clinicId, branchId: c.branchId, access_token }).closed;
      expect(code, String(access_token)).toBe(4401);
    }
  });

  it('closes a socket whose clinic or branch is not the token user’s with 4403', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    expect((await connect({ clinicId: b.clinicId, branchId: b.branchId, access_token: a.token }).closed).code).toBe(
      4403,
    );
    expect((await connect({ clinicId: a.clinicId, branchId: b.branchId, access_token: a.token }).closed).code).toBe(
      4403,
    );
    expect((await connect({ clinicId: 'x', access_token: a.token }).closed).code).toBe(4403);
  });

  it('closes a socket whose InitConnection names another user with 4403', async () => {
    const c = await newClinic(t);
    const s = connect({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    s.ws.on('open', () => s.ws.send(JSON.stringify({ type: 'InitConnection', userId: c.ownerId + 1000 })));
    expect((await s.closed).code).toBe(4403);
  });

  it('sends nothing to a socket before InitConnection', async () => {
    const c = await newClinic(t);
    const s = connect({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    await new Promise((r) => s.ws.once('open', r));
    await new Promise((r) => setTimeout(r, 100));
    await hub.publish({ clinicId: c.clinicId }, refresh);
    expect(await s.quiet()).toBe(true);
  });

  it('accepts a socket without branchId (the user’s home branch)', async () => {
    const c = await newClinic(t);
    const s = await connected({ clinicId: c.clinicId, access_token: c.token });
    await hub.publish({ clinicId: c.clinicId, branchId: c.branchId }, refresh);
    expect(await s.next()).toEqual({ type: 'RefreshTodayAppointments' });
  });
});

describe('hub delivery', () => {
  it('delivers a clinic event to that clinic only', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const sa = await connected({ clinicId: a.clinicId, branchId: a.branchId, access_token: a.token });
    const sb = await connected({ clinicId: b.clinicId, branchId: b.branchId, access_token: b.token });
    await hub.publish({ clinicId: a.clinicId }, refresh);
    expect(await sa.next()).toEqual({ type: 'RefreshTodayAppointments' });
    expect(await sb.quiet()).toBe(true);
  });

  it('delivers a user event to that user’s sockets only', async () => {
    const c = await newClinic(t);
    const clerkToken = await newUser(t, c, ['room_list']);
    const owner = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    const clerk1 = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: clerkToken });
    const clerk2 = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: clerkToken });
    await callUser(hub, c.clinicId, userIdOf(clerkToken), { userId: c.ownerId, name: 'Owner' });
    const expected = { type: 'CallUser', fromUserId: c.ownerId, fromName: 'Owner' };
    expect(await clerk1.next()).toEqual(expected);
    expect(await clerk2.next()).toEqual(expected);
    expect(await owner.quiet()).toBe(true);

    await pushToUser(hub, c.clinicId, c.ownerId, { controller: 'GoTo', routeName: 'PatientsList' });
    expect(await owner.next()).toEqual({
      type: 'Push',
      payload: { controller: 'GoTo', routeName: 'PatientsList', userId: c.ownerId },
    });
    expect(await clerk1.quiet()).toBe(true);
  });

  it('delivers a branch event to that branch’s sockets only', async () => {
    const c = await newClinic(t);
    const second = await addBranch(c.clinicId, 'Second');
    const main = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    const other = await connected({ clinicId: c.clinicId, branchId: second, access_token: c.token });
    await notifyRefreshTodayAppointments(hub, c.clinicId, second);
    expect(await other.next()).toEqual({ type: 'RefreshTodayAppointments' });
    expect(await main.quiet()).toBe(true);
    await notifyRefreshTodayAppointments(hub, c.clinicId, null);
    expect(await main.next()).toEqual({ type: 'RefreshTodayAppointments' });
    expect(await other.next()).toEqual({ type: 'RefreshTodayAppointments' });
  });

  it('publishes inside a transaction on commit only', async () => {
    const c = await newClinic(t);
    const s = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    await withTenant(t.database.db, c.clinicId, (tx) =>
      notifyRefreshTodayAppointments(hub, c.clinicId, c.branchId, tx),
    );
    expect(await s.next()).toEqual({ type: 'RefreshTodayAppointments' });
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await pushToUser(hub, c.clinicId, c.ownerId, { controller: 'Reset' }, tx);
      throw new Error('rollback');
    }).catch(() => {});
    expect(await s.quiet()).toBe(true);
  });

  it('does not wait for the transaction when a helper is called inside one without tx', async () => {
    const c = await newClinic(t);
    const s = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    await withTenant(t.database.db, c.clinicId, async () => {
      await pushToUser(hub, c.clinicId, c.ownerId, { controller: 'SecretariatNotification', msg: 'hello' });
    });
    expect(await s.next()).toMatchObject({
      type: 'Push',
      payload: { controller: 'SecretariatNotification', msg: 'hello' },
    });
  });

  it('stops delivering to a closed socket', async () => {
    const c = await newClinic(t);
    const s = await connected({ clinicId: c.clinicId, branchId: c.branchId, access_token: c.token });
    s.ws.close(1000);
    await s.closed;
    await new Promise((r) => setTimeout(r, 50));
    await expect(hub.publish({ clinicId: c.clinicId }, refresh)).resolves.toBeUndefined();
  });
});

describe('hub OpenAPI', () => {
  it('keeps /api/hub out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths ?? {})).not.toContain('/api/hub');
  });
});
