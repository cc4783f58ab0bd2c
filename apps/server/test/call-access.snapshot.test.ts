import type { CallDescriptor } from '@dental/contract';
import { callPath } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { testApp } from './harness.js';

const t = await testApp();
/** A fixed column, so a new long path does not re-indent every line of the diff. */
const PATH_WIDTH = 52;

/** Who may make a call, in one line: public, the provider's staff, or keys (any one) + tier + route rule. */
function accessText(d: CallDescriptor): string {
  const a = d.access;
  if ('public' in a && a.public) return 'public';
  if ('provider' in a) return 'provider (RL0)';
  const keys = a.permissions.length ? `keys ${a.permissions.join(' | ')}` : 'any clinic user';
  return [keys, `tier ${a.tier}`, a.rule && a.rule !== 'Anonymous' ? `rule ${a.rule}` : ''].filter(Boolean).join(' · ');
}

/**
 * Every registered call with who may reach it. The list is a committed file, so a change to a call's keys, tier or
 * rule (or a new call) shows up in review. After a deliberate change: npx vitest run -u apps/server/test/call-access.snapshot.test.ts
 */
describe('call access snapshot', () => {
  it('lists every call with its access', async () => {
    const lines = t.app.deps.calls
      .map((d) => ({ path: callPath(d), method: d.method, access: accessText(d) }))
      .sort((x, y) => x.path.localeCompare(y.path, 'en') || x.method.localeCompare(y.method, 'en'));
    const text = lines.map((l) => `${l.method.padEnd(6)} ${l.path.padEnd(PATH_WIDTH)}  ${l.access}`).join('\n');
    expect(new Set(lines.map((l) => `${l.method} ${l.path}`)).size).toBe(lines.length);
    await expect(`${text}\n`).toMatchFileSnapshot('./call-access.snapshot.txt');
  });
});
