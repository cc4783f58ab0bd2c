import { callPath, patientsCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patients } from './patients.table.js';
import { refreshSearchWords } from './search-words.js';

const t = await testApp();
const SEARCH = callPath(patientsCalls.searchPatients);

describe('Patient/PostSearchPatients answered inside the words index', () => {
  it('gives the same pages, order and totals as the filtered path, for one word, several words, digits and codes', async () => {
    const k = await newClinic(t);
    const names = [
      'أحمد أحمد علي', // two words start with 'احم': one patient, counted once
      'احمد محمود', 'أحمد علي', 'علي أحمد', 'Ahmad Smith', 'John SMITH', 'Smith Smithson', 'فاطمة علي',
      ...Array.from({ length: 14 }, (_, i) => `أحمد ${i % 3 === 0 ? 'علي' : 'حسن'} ${String(i).padStart(2, '0')}`),
    ];
    for (const [i, name] of names.entries()) await newPatient(t, k, { name, mobile: `+2010077${String(i).padStart(5, '0')}` });
    // never listed: waiting for approval, or deleted
    await newPatient(t, k, { name: 'أحمد ينتظر', approvalStatus: 'waiting', source: 'website' });
    const gone = await newPatient(t, k, { name: 'أحمد محذوف' });
    await withTenant(t.database.db, k.clinicId, async (tx) => {
      await tx.update(patients).set({ deletedAt: new Date() }).where(and(eq(patients.clinicId, k.clinicId), eq(patients.id, gone)));
      await refreshSearchWords(tx, k.clinicId, [gone]);
    });
    // a code of four digits (a search needs three characters or more)
    const code = '0770';
    await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.update(patients).set({ code }).where(and(eq(patients.clinicId, k.clinicId), eq(patients.name, 'فاطمة علي'))),
    );

    const page = async (body: Record<string, unknown>) => {
      const res = await api(t, k.token).post(SEARCH, body);
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json();
      return { ids: json.items.map((p: { id: number }) => p.id), total: json.total, totalCapped: json.totalCapped };
    };
    let compared = 0;
    for (const search of ['احم', 'أحمد علي', 'علي احم', 'smith', 'smi joh', '0100770', code, 'xyz', 'احمد احمد']) {
      for (const sortOrder of ['ascend', 'descend']) {
        for (const p of [1, 2, 3, 9]) {
          const body = { search, sortField: 'name', sortOrder, page: p, pageSize: 4 };
          // isActive: true (every patient here is active) sends the same search down the filtered path
          expect(await page(body), `${search} ${sortOrder} page ${p}`).toEqual(await page({ ...body, isActive: true }));
          compared++;
        }
      }
    }
    expect(compared).toBe(72);
    expect(await page({ search: 'احم', pageSize: 50 })).toMatchObject({ total: 18, totalCapped: false });
    expect((await page({ search: 'أحمد علي', pageSize: 50 })).total).toBe(8);
    expect((await page({ search: 'احم', page: 9, pageSize: 4 }))).toEqual({ ids: [], total: 18, totalCapped: false });
  });
});
