import { SYSTEM_LOOKUP_GROUPS, callPath, lookupsCalls, systemLookupItems } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';

const t = await testApp();
const GET = callPath(lookupsCalls.getLookups);

describe('Lookups/GetLookups', () => {
  it('returns the fixed items of each system group with their ar, en and fr names', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const res = await api(t, c.token).get(GET, { groupName: 'MaritalStatus' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toEqual({ code: 'MS1', nameAr: 'أعزب', nameEn: 'Single', nameFr: 'Célibataire' });
    for (const groupName of SYSTEM_LOOKUP_GROUPS) {
      expect((await api(t, c.token).get(GET, { groupName })).json()).toEqual({ items: systemLookupItems(groupName) });
    }
  });

  it('refuses an unknown or missing group with a field message', async () => {
    const c = await newClinic(t);
    const unknown = await api(t, c.token).get(GET, { groupName: 'Occupation' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ groupName: 'Invalid value' });
    expect((await api(t, c.token).get(GET)).json().errors).toEqual({ groupName: 'This field is required' });
  });

  it('opens to any logged-in user of any role, and to nobody without a session', async () => {
    const c = await newClinic(t);
    const anyone = await newUser(t, c, [], 'RL5');
    expect(
      (await api(t, anyone).get(GET, { groupName: 'Gender' })).json().items.map((i: { code: string }) => i.code),
    ).toEqual(['M', 'F']);
    expect((await api(t).get(GET, { groupName: 'Gender' })).statusCode).toBe(401);
  });
});
