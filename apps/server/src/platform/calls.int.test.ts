import { PERMISSION_KEYS, TIERS } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { INFRA_PATHS } from '../app.js';
import { sql } from 'drizzle-orm';
import { api, newClinic, testApp } from '../../test/harness.js';
import { withTenant } from './db/tenancy.js';

const t = await testApp();

describe('every call declares who may make it', () => {
  it('each registered call is public, a provider call, or names valid permission keys and a tier', () => {
    expect(t.app.deps.calls.length).toBeGreaterThan(5);
    for (const d of t.app.deps.calls) {
      const where = `${d.controller}/${d.action}`;
      const a = d.access as Record<string, unknown>;
      if (a.public === true || a.provider === true) continue;
      expect(Array.isArray(a.permissions), where).toBe(true);
      for (const k of a.permissions as string[]) expect(PERMISSION_KEYS, where).toContain(k);
      expect(TIERS, where).toContain(a.tier);
    }
  });

  it('no route under /api exists that was not registered as a call, except the infrastructure paths', () => {
    const registered = new Set(t.app.deps.calls.map((d) => `/api/${d.controller}/${d.action}`));
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((l) => l.replace(/^[\s│├└─]+/, '').split(' (')[0]!.trim())
      .filter((p) => p.startsWith('/api/'));
    for (const path of routes) {
      const isInfra = INFRA_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
      if (!isInfra) expect(registered, path).toContain(path);
    }
  });

  it('the OpenAPI document lists every call under its spec name', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    for (const d of t.app.deps.calls) {
      const path = `/api/${d.controller}/${d.action}`.replace(/:(\w+)/g, '{$1}');
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});

describe('a token verified once (kept per token text)', () => {
  it("is refused at once when the user's sessions are reset (token version), on an ordinary call and a hot read", async () => {
    const c = await newClinic(t);
    const owner = api(t, c.token);
    expect((await owner.get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(200);
    const hotRead = () => owner.post('/api/Patient/PostSearchPatients', {});
    expect((await hotRead()).statusCode).toBe(200);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.execute(sql`update users set token_version = token_version + 1 where clinic_id = ${c.clinicId} and id = ${c.ownerId}`));
    for (const res of [await owner.get('/api/Auth/RefreshCurrentUser'), await hotRead()]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().code).toBe('session_expired');
    }
  });
});
