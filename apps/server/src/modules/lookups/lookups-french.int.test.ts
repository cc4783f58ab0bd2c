import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callPath, labsCalls, lookupsCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { labServices } from '../labs/labs.table.js';
import { clinicLookups, paymentTypes } from './lookups.table.js';

/* Issue 18: payment types, clinic lookups and lab services carry an optional French name (shown in French, else the
 * English one), saved and read back through their calls; 0028 gives rows still as seeded their French name. */

const t = await testApp();
const PAYMENT = { get: callPath(lookupsCalls.getPaymentTypeList), save: callPath(lookupsCalls.savePaymentType) };
const LOOKUP = {
  get: callPath(lookupsCalls.getClinicLookups),
  save: callPath(lookupsCalls.saveClinicLookup),
  options: callPath(lookupsCalls.getRefrencesLookups),
};
const LAB = {
  save: callPath(labsCalls.saveLab),
  saveService: callPath(labsCalls.saveLabService),
  services: callPath(labsCalls.getLabServices),
  prices: callPath(labsCalls.getLabPriceList),
};

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

describe('French names of payment types, clinic lookups and lab services', () => {
  it('saves a payment type French name, reads it back, and stores an empty one as null', async () => {
    const c = await newClinic(t);
    const { id } = await ok<{ id: number }>(
      api(t, c.token).post(PAYMENT.save, { nameAr: 'شيك', nameEn: 'Cheque', nameFr: '  Chèque ' }),
    );
    const find = async () =>
      (await ok<{ items: Array<{ id: number; nameFr: string | null }> }>(api(t, c.token).get(PAYMENT.get))).items.find(
        (p) => p.id === id,
      );
    expect((await find())?.nameFr).toBe('Chèque');
    // the French name is searched too
    const found = await ok<{ items: Array<{ id: number }> }>(api(t, c.token).get(PAYMENT.get, { search: 'chèq' }));
    expect(found.items.map((p) => p.id)).toEqual([id]);
    await ok(api(t, c.token).post(PAYMENT.save, { id, nameAr: 'شيك', nameEn: 'Cheque', nameFr: '' }));
    expect((await find())?.nameFr).toBeNull();
    const long = await api(t, c.token).post(PAYMENT.save, { nameAr: 'س', nameEn: 'S', nameFr: 'x'.repeat(101) });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().errors).toHaveProperty('nameFr');
    const wrong = await api(t, c.token).post(PAYMENT.save, { nameAr: 'س', nameEn: 'S', nameFr: 12 });
    expect(wrong.statusCode, wrong.body).toBe(400);
  });

  it('saves a clinic lookup French name and gives it in the list and the dropdown options', async () => {
    const c = await newClinic(t);
    const { id } = await ok<{ id: number }>(
      api(t, c.token).post(LOOKUP.save, { groupName: 'Occupation', nameAr: 'طبيب', nameEn: 'Doctor', nameFr: 'Médecin' }),
    );
    const list = await ok<{ items: Array<{ id: number; nameFr: string | null }> }>(
      api(t, c.token).get(LOOKUP.get, { groupName: 'Occupation' }),
    );
    expect(list.items.find((r) => r.id === id)?.nameFr).toBe('Médecin');
    const options = await ok<{ items: unknown[] }>(api(t, c.token).get(LOOKUP.options, { groupName: 'Occupation' }));
    expect(options.items).toEqual([{ id, nameAr: 'طبيب', nameEn: 'Doctor', nameFr: 'Médecin' }]);
    // a new clinic's default references and payment type come with their French names
    const refs = await ok<{ items: Array<{ nameFr: string | null }> }>(api(t, c.token).get(LOOKUP.options));
    expect(refs.items.map((r) => r.nameFr)).toEqual([
      'Facebook',
      'Instagram',
      'Recherche Google',
      'Ami ou proche',
      'Enseigne du cabinet',
    ]);
    const types = await ok<{ items: Array<{ nameFr: string | null }> }>(api(t, c.token).get(PAYMENT.get));
    expect(types.items.map((p) => p.nameFr)).toEqual(['Espèces']);
  });

  it('saves a lab service French name and gives it in the services and the price list', async () => {
    const c = await newClinic(t);
    const { id: labId } = await ok<{ id: number }>(api(t, c.token).post(LAB.save, { name: 'Lab F', mobile: '+201001234567' }));
    const { id } = await ok<{ id: number }>(
      api(t, c.token).post(LAB.saveService, { labId, nameAr: 'واقي ليلي', nameEn: 'Night guard', nameFr: 'Gouttière de nuit' }),
    );
    const services = await ok<{ items: Array<{ id: number; nameFr: string | null }> }>(api(t, c.token).get(LAB.services, { labId }));
    expect(services.items).toEqual([expect.objectContaining({ id, nameFr: 'Gouttière de nuit' })]);
    const prices = await ok<{ items: Array<{ serviceNameFr: string | null }> }>(api(t, c.token).get(LAB.prices, { labId }));
    expect(prices.items.map((p) => p.serviceNameFr)).toEqual(['Gouttière de nuit']);
    await ok(api(t, c.token).post(LAB.saveService, { id, labId, nameAr: 'واقي ليلي', nameEn: 'Night guard' }));
    const after = await ok<{ items: Array<{ nameFr: string | null }> }>(api(t, c.token).get(LAB.services, { labId }));
    expect(after.items.map((s) => s.nameFr)).toEqual([null]);
  });

  it('0028 gives rows still exactly as seeded their French name, and leaves renamed or already French rows alone', async () => {
    const c = await newClinic(t);
    const { id: labId } = await ok<{ id: number }>(api(t, c.token).post(LAB.save, { name: 'Lab M', mobile: '+201001234567' }));
    await ok(api(t, c.token).post(LAB.saveService, { labId, nameAr: 'تاج زركونيا', nameEn: 'Zirconia crown' }));
    await ok(api(t, c.token).post(LAB.saveService, { labId, nameAr: 'تاج معدن خزف', nameEn: 'PFM crown special' }));
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      // as before 0028: no French anywhere
      await tx.update(paymentTypes).set({ nameFr: null }).where(eq(paymentTypes.clinicId, c.clinicId));
      await tx.update(clinicLookups).set({ nameFr: null }).where(eq(clinicLookups.clinicId, c.clinicId));
      await tx.insert(paymentTypes).values([
        { clinicId: c.clinicId, nameAr: 'فيزا', nameEn: 'Visa' },
        { clinicId: c.clinicId, nameAr: 'تحويل بنكي', nameEn: 'Bank wire' },
      ]);
      await tx.insert(clinicLookups).values([
        { clinicId: c.clinicId, groupName: 'Occupation', nameAr: 'مهندس', nameEn: 'Engineer' },
        { clinicId: c.clinicId, groupName: 'Nationality', nameAr: 'مهندس', nameEn: 'Engineer' },
      ]);
      await tx
        .update(clinicLookups)
        .set({ nameFr: 'Réseaux sociaux' })
        .where(and(eq(clinicLookups.clinicId, c.clinicId), eq(clinicLookups.nameEn, 'Facebook')));
    });
    const sql = readFileSync(join(MIGRATIONS_DIR, '0028_lookups_french.sql'), 'utf8');
    const handWritten = sql.slice(sql.indexOf('-- hand-written below'));
    await t.database.exec(handWritten);
    await t.database.exec(handWritten);
    const seen = await withTenant(t.database.db, c.clinicId, async (tx) => ({
      types: await tx.select().from(paymentTypes).where(eq(paymentTypes.clinicId, c.clinicId)).orderBy(asc(paymentTypes.id)),
      lists: await tx.select().from(clinicLookups).where(eq(clinicLookups.clinicId, c.clinicId)).orderBy(asc(clinicLookups.id)),
      services: await tx.select().from(labServices).where(eq(labServices.clinicId, c.clinicId)).orderBy(asc(labServices.id)),
    }));
    expect(seen.types.map((p) => [p.nameEn, p.nameFr])).toEqual([
      ['Cash', 'Espèces'],
      ['Visa', 'Visa'],
      ['Bank wire', null],
    ]);
    expect(seen.lists.map((l) => [l.groupName, l.nameEn, l.nameFr])).toEqual([
      ['PatientReference', 'Facebook', 'Réseaux sociaux'],
      ['PatientReference', 'Instagram', 'Instagram'],
      ['PatientReference', 'Google search', 'Recherche Google'],
      ['PatientReference', 'Friend or relative', 'Ami ou proche'],
      ['PatientReference', 'Clinic sign', 'Enseigne du cabinet'],
      ['Occupation', 'Engineer', 'Ingénieur'],
      ['Nationality', 'Engineer', null],
    ]);
    expect(seen.services.map((s) => [s.nameEn, s.nameFr])).toEqual([
      ['Zirconia crown', 'Couronne zircone'],
      ['PFM crown special', null],
    ]);
  });
});
