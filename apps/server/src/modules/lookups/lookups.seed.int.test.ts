import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.js';
import { seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { clinicLookups, paymentTypes, rooms } from './lookups.table.js';

const t = await testApp();

describe('lookups seeding', () => {
  it('gives the demo clinics rooms, four payment types (Cash the default) and their clinic lists', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    for (const name of ['demo', 'riyadh']) {
      const [clinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, name));
      const seen = await withTenant(t.database.db, clinic!.id, async (tx) => ({
        rooms: await tx.select().from(rooms),
        types: await tx.select().from(paymentTypes),
        lists: await tx.select().from(clinicLookups),
      }));
      expect(seen.rooms).toHaveLength(4);
      expect(seen.rooms.every((r) => /^#[0-9a-f]{6}$/.test(r.color))).toBe(true);
      expect(seen.types.map((p) => [p.nameEn, p.isDefault])).toEqual([
        ['Cash', true],
        ['Visa', false],
        ['Bank transfer', false],
        ['InstaPay', false],
      ]);
      // issue 18: French screens show every seeded name in French, none falls back to English
      expect(seen.types.filter((p) => !p.nameFr)).toEqual([]);
      expect(seen.lists.filter((l) => !l.nameFr)).toEqual([]);
      expect(seen.types.find((p) => p.isDefault)?.nameFr).toBe('Espèces');
      expect(new Set(seen.lists.map((l) => l.groupName))).toEqual(
        new Set(['PatientReference', 'Occupation', 'Nationality', 'RelativeType']),
      );
    }
  });
});
