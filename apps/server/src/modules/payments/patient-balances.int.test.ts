import { type PatientPaymentReportInput, paymentsCalls, patientsCalls, callPath } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, concurrently, expectContractAnswer, newClinic, testApp } from '../../../test/harness.js';
import { loadClinicSession } from '../../platform/auth/session.js';
import { verifyToken } from '../../platform/auth/tokens.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { addBranch, addUser } from '../patient-procedures/patient-procedures-test-kit.js';
import { getPatientPaymentReport, useSummary } from './payment-report.service.js';
import { balancePartsDrift, balancesDrift, rowsOf } from './payments.sql.js';
import { PAY, patientWith, payBody, paymentTypeOf } from './payments-test-kit.js';

/*
 * patient_balances (migration 0024's triggers) and patient_balance_parts (per branch and doctor, with the oldest unpaid
 * charge; 0027) are summaries of the entries, never balances of their own: after random writes of every kind
 * (payments LT1/LT2, credit applied, reversals, procedures added, repriced, discounted, insured, moved between
 * statuses, branches and doctors, completed on other days, patients merged) and 50 concurrent payments beside
 * procedure moves, they equal the sums recomputed from the entries (`balancesDrift` and `balancePartsDrift` answer no
 * row), and /PatientsPaymentsList answers the same from them as from the entries for every filter and sort.
 */
const t = await testApp();
const N = 50;

/** A small deterministic generator (mulberry32): the same random writes on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const drift = (c: TestClinic) =>
  withTenant(t.database.db, c.clinicId, async (tx) => ({
    balances: rowsOf<Record<string, unknown>>(await tx.execute(balancesDrift(c.clinicId))),
    parts: rowsOf<Record<string, unknown>>(await tx.execute(balancePartsDrift(c.clinicId))),
  }));
const NO_DRIFT = { balances: [], parts: [] };

/** The report as the server answers it (from the summary where it may) and as summed from the entries. */
async function bothReports(c: TestClinic, query: Record<string, unknown>) {
  const served = expectContractAnswer(paymentsCalls.getPatientPaymentReport, await api(t, c.token).get(PAY.getPatientPaymentReport, query));
  const claims = verifyToken(`Bearer ${c.token}`, t.app.deps.config.TOKEN_SECRET)!;
  const input = paymentsCalls.getPatientPaymentReport.input.parse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
  const fromEntries = await withTenant(t.database.db, c.clinicId, async (tx, scope) =>
    JSON.parse((await getPatientPaymentReport(tx, await loadClinicSession(tx, claims, {}, scope), input as PatientPaymentReportInput, 'entries')).text),
  );
  return { served, fromEntries, summary: useSummary(input as PatientPaymentReportInput) };
}

describe('patient_balances: the per-patient summary of the entries', () => {
  it(`equals the entries' sums after random writes of every kind and ${N} concurrent payments; the list answers the same from it`, async () => {
    const c = await newClinic(t);
    const typeId = await paymentTypeOf(t, c);
    const branchIds = [c.branchId, await addBranch(t, c), await addBranch(t, c)];
    const doctorIds = [c.ownerId, (await addUser(t, c, [], 'RL3')).id, (await addUser(t, c, [], 'RL3')).id];
    const rnd = random(15);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const people: Array<{ patientId: number; procedureIds: number[] }> = [];
    for (let i = 0; i < 6; i++) people.push(await patientWith(t, c, ['100', '250.50', '80', String(300 + i * 37)], i % 5 === 4 ? 'S1' : 'S3'));
    const payments: number[] = [];
    const setProcedure = (id: number, set: ReturnType<typeof sql>) =>
      withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update patient_procedures set ${set} where clinic_id = ${c.clinicId} and id = ${id}`));

    for (let step = 0; step < 120; step++) {
      const who = pick(people);
      const kind = rnd();
      const amount = String(1 + Math.floor(rnd() * 150) + (rnd() < 0.3 ? 0.5 : 0));
      if (kind < 0.3) {
        const ids = who.procedureIds.filter(() => rnd() < 0.6);
        const res = await api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId: who.patientId, procedureIds: ids.length ? ids : [who.procedureIds[0]], amount }));
        expect([200, 400, 409]).toContain(res.statusCode);
        if (res.statusCode === 200) payments.push((res.json() as { id: number }).id);
      } else if (kind < 0.45) {
        const res = await api(t, c.token).post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId: who.patientId, ledgerType: 'LT2', amount }));
        expect(res.statusCode).toBe(200);
        payments.push((res.json() as { id: number }).id);
      } else if (kind < 0.55) {
        const res = await api(t, c.token).post(PAY.applyPatientCredit, { patientId: who.patientId, procedureIds: [pick(who.procedureIds)], amount });
        expect([200, 400, 409]).toContain(res.statusCode);
      } else if (kind < 0.65 && payments.length) {
        const res = await api(t, c.token).delete(PAY.deleteProcedurePayment, { id: pick(payments), reason: 'test' });
        expect([200, 409]).toContain(res.statusCode);
      } else if (kind < 0.75) {
        await setProcedure(pick(who.procedureIds), sql`status = ${pick(['S1', 'S2', 'S3', 'S4', 'S5'])}`);
      } else if (kind < 0.85) {
        // a new price and discount (insurance share back to 0 first: it may not pass the new net)
        await setProcedure(pick(who.procedureIds), sql`insurance_share = 0, price = ${String(150 + Math.floor(rnd() * 200))}, discount = ${amount}`);
      } else if (kind < 0.9) {
        await setProcedure(pick(who.procedureIds), sql`insurance_share = round((price - discount) * 0.2, 2)`);
      } else if (kind < 0.94) {
        await setProcedure(pick(who.procedureIds), sql`branch_id = ${pick(branchIds)}, doctor_id = ${pick(doctorIds)}`);
      } else if (kind < 0.97) {
        // completed on another day (or never: then it is charged on the day it was added)
        const days = Math.floor(rnd() * 60);
        await setProcedure(pick(who.procedureIds), rnd() < 0.2 ? sql`completed_at = null` : sql`completed_at = now() - make_interval(days => ${days})`);
      } else {
        who.procedureIds.push(...(await patientWith(t, c, [amount], 'S3', who.patientId)).procedureIds);
      }
    }
    expect(await drift(c)).toEqual(NO_DRIFT);

    // a merge moves procedures and payments (credit included) to the kept patient
    const [keep, gone] = [people[0]!, people[1]!];
    expect((await api(t, c.token).post(callPath(patientsCalls.mergePatients), { keepId: keep.patientId, mergeIds: [gone.patientId] })).statusCode).toBe(200);
    keep.procedureIds.push(...gone.procedureIds);
    people.splice(1, 1);
    expect(await drift(c)).toEqual(NO_DRIFT);

    // 50 at once on one patient: payments on procedures, on account, credit applied, reversals
    const target = people[0]!;
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.execute(sql`update patient_procedures set status = 'S3', insurance_share = 0 where clinic_id = ${c.clinicId} and patient_id = ${target.patientId}`),
    );
    const earlier = [...payments];
    // each move locks the patient's row first, as the application's procedure writes do (findPatientProcedure): a
    // writer that did not could deadlock with a payment on the summaries' foreign key checks (docs/payments.md)
    const moves = Promise.all(target.procedureIds.slice(0, 10).map((id, i) =>
      withTenant(t.database.db, c.clinicId, async (tx) => {
        await tx.execute(sql`select 1 from patients where clinic_id = ${c.clinicId} and id = ${target.patientId} for update`);
        await tx.execute(sql`update patient_procedures set branch_id = ${branchIds[i % 3]!}, doctor_id = ${doctorIds[(i + 1) % 3]!},
          completed_at = now() - make_interval(days => ${i * 3}) where clinic_id = ${c.clinicId} and id = ${id}`);
      })));
    const [{ tally }] = await Promise.all([concurrently(N, (i) => {
      const s = api(t, c.token);
      if (i % 5 === 0) return s.post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId: target.patientId, ledgerType: 'LT2', amount: '40' }));
      if (i % 5 === 1) return s.post(PAY.applyPatientCredit, { patientId: target.patientId, procedureIds: target.procedureIds.slice(0, 2), amount: '15' });
      if (i % 5 === 2 && earlier[i]) return s.delete(PAY.deleteProcedurePayment, { id: earlier[i]!, reason: 'race' });
      return s.post(PAY.saveProcedurePayment, payBody(c, typeId, { patientId: target.patientId, procedureIds: target.procedureIds, amount: '25' }));
    }), moves]);
    expect(tally['200']).toBeGreaterThan(N / 2);
    expect(await drift(c)).toEqual(NO_DRIFT);

    // the list: the same answer from the summary as from the entries, for every filter and sort the summary serves
    const cases: Array<Record<string, unknown>> = [
      {}, { sortField: 'remaining', sortOrder: 'ascend' }, { sortField: 'patientName' }, { sortField: 'patientName', sortOrder: 'descend' },
      { minRemaining: '200' }, { minRemaining: '0.5' }, { pageSize: 2, page: 2 }, { pageSize: 1, page: 3, sortOrder: 'ascend' }, { search: 'patient' },
    ];
    for (const q of cases) {
      const { served, fromEntries, summary } = await bothReports(c, q);
      expect(summary, JSON.stringify(q)).toBe(true);
      expect(served, JSON.stringify(q)).toEqual(fromEntries);
    }
    // and from the parts for every branch, doctor and debt-age filter and the sort by the debt's age
    const partsCases: Array<Record<string, unknown>> = [
      { sortField: 'oldestUnpaidOn' }, { sortField: 'oldestUnpaidOn', sortOrder: 'descend', pageSize: 2, page: 2 },
      { debtAgeDays: 0 }, { debtAgeDays: 20 }, { debtAgeDays: 45, sortField: 'patientName' },
      ...branchIds.flatMap((branchId) => [{ branchId }, { branchId, sortField: 'oldestUnpaidOn' }, { branchId, debtAgeDays: 10, minRemaining: '50' }]),
      ...doctorIds.flatMap((doctorId) => [{ doctorId }, { doctorId, sortOrder: 'ascend', search: 'patient' }, { doctorId, debtAgeDays: 30 }]),
      ...branchIds.flatMap((branchId) => doctorIds.map((doctorId) => ({ branchId, doctorId, sortField: 'oldestUnpaidOn' }))),
    ];
    let seen = 0;
    for (const q of partsCases) {
      const { served, fromEntries, summary } = await bothReports(c, q);
      expect(summary, JSON.stringify(q)).toBe(false);
      expect(served, JSON.stringify(q)).toEqual(fromEntries);
      seen += served.items.length;
    }
    expect(seen).toBeGreaterThan(partsCases.length);
    const all = (await bothReports(c, {})).served;
    expect(all.total).toBeGreaterThan(1);
    const { served, fromEntries } = await bothReports(c, { search: all.items[0]!.patientCode });
    expect(served).toEqual(fromEntries);
  }, 120_000); // 120 random writes, 60 at once and 50 list comparisons: over the default 30 s on a busy PostgreSQL

  it('the list takes branch, doctor and debt-age filters and the sort by debt age from the parts', () => {
    const parse = (q: Record<string, string>) => paymentsCalls.getPatientPaymentReport.input.parse(q) as PatientPaymentReportInput;
    expect(useSummary(parse({}))).toBe(true);
    expect(useSummary(parse({ search: 'x', minRemaining: '5', sortField: 'patientName' }))).toBe(true);
    for (const q of [{ branchId: '1' }, { doctorId: '1' }, { debtAgeDays: '0' }, { sortField: 'oldestUnpaidOn' }] as Array<Record<string, string>>) expect(useSummary(parse(q))).toBe(false);
  });
});
