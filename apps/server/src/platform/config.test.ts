import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/dentix-config-test', TOKEN_SECRET: 'x'.repeat(32) };

describe('TRUST_PROXY', () => {
  it('believes no proxy by default, so a forged X-Forwarded-For cannot dodge the address limits', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });
  it('takes a number of hops, true, or a list of addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
  });
});

describe('database roles', () => {
  it('refuses a privileged request role unless told otherwise; MIGRATION_DATABASE_URL needs DATABASE_URL', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://app@db/dentix' }).ALLOW_PRIVILEGED_DATABASE_ROLE).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://app@db/dentix', ALLOW_PRIVILEGED_DATABASE_ROLE: 'true' }).ALLOW_PRIVILEGED_DATABASE_ROLE).toBe(true);
    expect(() => loadConfig({ ...base, MIGRATION_DATABASE_URL: 'postgres://owner@db/dentix' })).toThrow(/needs DATABASE_URL/);
  });
});
