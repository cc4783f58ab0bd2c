import { callPath, lookupsCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { uniqueViolationFields } from '../../platform/errors.js';
import { rooms } from './lookups.table.js';

/* Unique names under concurrency (issue 13): the name check holds, so a race answers name_exists on the field. */
const t = await testApp();
const N = 50;

describe('concurrent saves of one name', () => {
  it(`${N} SaveRoom with the same name: exactly one is saved, the others are 409 name_exists on the field`, async () => {
    const c = await newClinic(t);
    const { responses, tally } = await concurrently(N, (i) =>
      api(t, c.token).post(callPath(lookupsCalls.saveRoom), { name: i % 2 ? 'Surgery' : 'SURGERY', color: '#000000' }),
    );
    expect(tally).toEqual({ '200': 1, '409 name_exists': N - 1 });
    for (const res of responses.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ code: 'name_exists', message: 'Already exists', errors: { name: 'Already exists' } });
    const names = await withTenant(t.database.db, c.clinicId, (tx) => tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.clinicId, c.clinicId)));
    expect(names).toHaveLength(1);
  });

  it('a unique violation that slips past the check names its field (as this engine reports it)', async () => {
    const c = await newClinic(t);
    const insert = (name: string) =>
      withTenant(t.database.db, c.clinicId, (tx) => tx.insert(rooms).values({ clinicId: c.clinicId, name, color: '#000000' }));
    await insert('Surgery');
    const error = await insert('SURGERY').then(() => undefined, (e: unknown) => e);
    expect(uniqueViolationFields(error)).toEqual(['name']);
  });
});
