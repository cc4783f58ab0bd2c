import { callPath, pushCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { pushSubscriptions } from '../auth/identity.table.js';
import { withTenant } from '../db/tenancy.js';
import { sendPush } from './web-push.js';

const sendNotification = vi.hoisted(() => vi.fn());
vi.mock('web-push', () => ({ default: { sendNotification } }));

const t = await testApp();
const KEY = callPath(pushCalls.getPushKey);
const config = { VAPID_PUBLIC_KEY: 'public-key-public-key', VAPID_PRIVATE_KEY: 'private-key-private-key', VAPID_SUBJECT: 'mailto:a@b.c' };
const log = { warn: vi.fn(), error: vi.fn() };
const deps = { config, database: t.database, log };

const subscription = (n: number) => ({ endpoint: `https://push.example/${n}`, keys: { p256dh: `p${n}`, auth: `a${n}` } });
const store = (clinicId: number, userId: number, token: string) =>
  withTenant(t.database.db, clinicId, (tx) => tx.insert(pushSubscriptions).values({ clinicId, userId, token }));
const tokensOf = (clinicId: number, userId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (
      await tx
        .select({ token: pushSubscriptions.token })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.clinicId, clinicId), eq(pushSubscriptions.userId, userId)))
        .orderBy(asc(pushSubscriptions.id))
    ).map((r) => r.token),
  );

beforeEach(() => {
  sendNotification.mockReset();
  log.warn.mockReset();
  log.error.mockReset();
});

describe('sendPush', () => {
  it("sends to each of the user's subscriptions and to no one else", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await store(c.clinicId, c.ownerId, JSON.stringify(subscription(1)));
    await store(c.clinicId, c.ownerId, JSON.stringify(subscription(2)));
    await store(c.clinicId, c.ownerId, 'old-mobile-token'); // not a web push subscription: skipped
    await store(other.clinicId, other.ownerId, JSON.stringify(subscription(3)));
    sendNotification.mockResolvedValue({ statusCode: 201 });
    const message = { controller: 'GoTo' as const, routeName: '/home', title: 'Hello', body: 'World' };
    expect(await sendPush(deps, c.clinicId, c.ownerId, message)).toBe(2);
    expect(sendNotification).toHaveBeenCalledTimes(2);
    const endpoints = sendNotification.mock.calls.map(([s]) => (s as { endpoint: string }).endpoint).sort();
    expect(endpoints).toEqual(['https://push.example/1', 'https://push.example/2']);
    const [, body, options] = sendNotification.mock.calls[0]!;
    expect(JSON.parse(body as string)).toEqual(message);
    expect(options).toMatchObject({ vapidDetails: { subject: 'mailto:a@b.c', publicKey: config.VAPID_PUBLIC_KEY } });
  });

  it('forgets a subscription the push service answers 410 or 404 for; other errors are only logged', async () => {
    const c = await newClinic(t);
    const [s1, s2, s3] = [1, 2, 3].map((n) => JSON.stringify(subscription(n)));
    for (const s of [s1!, s2!, s3!]) await store(c.clinicId, c.ownerId, s);
    sendNotification.mockImplementation(async (s: { endpoint: string }) => {
      if (s.endpoint.endsWith('/1')) throw Object.assign(new Error('gone'), { statusCode: 410 });
      if (s.endpoint.endsWith('/2')) throw Object.assign(new Error('busy'), { statusCode: 500 });
      return { statusCode: 201 };
    });
    expect(await sendPush(deps, c.clinicId, c.ownerId, { controller: 'Reset', title: 'x' })).toBe(1);
    expect(await tokensOf(c.clinicId, c.ownerId)).toEqual([s2, s3]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    sendNotification.mockRejectedValue(Object.assign(new Error('not found'), { statusCode: 404 }));
    await sendPush(deps, c.clinicId, c.ownerId, { controller: 'Reset', title: 'x' });
    expect(await tokensOf(c.clinicId, c.ownerId)).toEqual([]);
  });

  it('does nothing without keys and never throws', async () => {
    const c = await newClinic(t);
    await store(c.clinicId, c.ownerId, JSON.stringify(subscription(1)));
    const off = { ...deps, config: { ...config, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined } };
    expect(await sendPush(off, c.clinicId, c.ownerId, { controller: 'Reset', title: 'x' })).toBe(0);
    expect(sendNotification).not.toHaveBeenCalled();
    const broken = { ...deps, database: { db: { transaction: () => Promise.reject(new Error('db down')) } } };
    expect(await sendPush(broken as never, c.clinicId, c.ownerId, { controller: 'Reset', title: 'x' })).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

describe('Auth/GetPushKey', () => {
  it('gives any logged-in user the public key', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const plain = await newUser(t, c, [], 'RL5');
    const res = await api(t, plain).get(KEY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/); // 65 bytes, base64url: what browsers expect
    expect((await api(t, c.token).get(KEY)).json()).toEqual(res.json());
  });

  it('refuses a caller without a token', async () => {
    expect((await api(t).get(KEY)).statusCode).toBe(401);
  });
});
