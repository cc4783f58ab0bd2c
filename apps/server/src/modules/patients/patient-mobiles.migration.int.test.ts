import { readFileSync, readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newClinic, newPatient, testApp } from '../../../test/harness.js';
import { clinics } from '../../platform/auth/identity.table.js';

const t = await testApp();
const folder = new URL('../../db/migrations/', import.meta.url);
const file = readdirSync(folder).find((f) => f.endsWith('_patient_mobiles.sql'))!;
const statements = readFileSync(new URL(file, folder), 'utf8').split('--> statement-breakpoint');

it('the migration rewrites unambiguous stored mobiles to E.164, leaves the rest, and rewrites their search words (issue 18)', async () => {
  const eg = await newClinic(t);
  const sa = await newClinic(t);
  await t.database.db.update(clinics).set({ countryId: 'CN2' }).where(eq(clinics.id, sa.clinicId));
  const rows: Array<[number, string, string]> = [
    [await newPatient(t, eg, { mobile: '01001234567' }), '01001234567', '+201001234567'],
    [await newPatient(t, eg, { mobile: '1001234568' }), '1001234568', '+201001234568'],
    [await newPatient(t, eg, { mobile: '+20 100-123-4569' }), '+20 100-123-4569', '+201001234569'],
    [await newPatient(t, eg, { mobile: '00966501234567' }), '00966501234567', '+966501234567'],
    [await newPatient(t, eg, { mobile: '0223456789' }), '0223456789', '0223456789'], // a Cairo landline: left
    [await newPatient(t, eg, { mobile: '+201001234570' }), '+201001234570', '+201001234570'],
    [await newPatient(t, sa, { mobile: '0501234567' }), '0501234567', '+966501234567'],
    [await newPatient(t, sa, { mobile: '01001234567' }), '01001234567', '01001234567'], // Egyptian form in Saudi Arabia: left
  ];
  await t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
  const ids = rows.map(([id]) => id).join(',');
  const stored = await t.database.query<{ id: number; mobile: string }>(`select id, mobile from patients where id in (${ids})`);
  const byId = new Map(stored.map((r) => [Number(r.id), r.mobile]));
  expect(rows.map(([id]) => byId.get(id))).toEqual(rows.map(([, , after]) => after));
  const words = async (id: number) =>
    (await t.database.query<{ word: string }>(`select word from patient_search_words where patient_id = ${id} order by word`)).map((w) => w.word);
  // 1001234568 had the words 1001234568, 001234568, 01234568, 1234568; +201001234568 has these
  expect((await words(rows[1]![0])).filter((w) => /^\d+$/.test(w))).toEqual(['001234568', '01001234568', '1001234568', '201001234568']);
});
