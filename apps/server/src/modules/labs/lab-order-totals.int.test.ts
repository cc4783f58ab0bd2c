import { labsCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, concurrently, expectContractAnswer, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { labOrderTotalsDrift } from './lab-orders-list.service.js';
import { PATH, addLab, addOrder, expectOk, move } from './labs-test-kit.js';

/*
 * lab_order_totals (migration 0026's triggers) is a summary of lab_orders, never a number of its own: after random
 * writes of every kind (orders added, edited to another price, moved along the transitions, cancelled, deleted,
 * changed by hand in SQL several rows at once) and concurrent saves and moves, it equals the counts and sums
 * recomputed from the orders (`labOrderTotalsDrift` answers no row), and GetLabOrders' totals read from it equal the
 * orders counted one by one.
 */
const t = await testApp();

/** A small deterministic generator (Lehmer, MINSTD): the same random writes on every run. */
const random = (seed: number) => () => (seed = (seed * 48271) % 2147483647) / 2147483647;

const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;
const drift = (c: TestClinic) => withTenant(t.database.db, c.clinicId, async (tx) => rowsOf<Record<string, unknown>>(await tx.execute(labOrderTotalsDrift(c.clinicId))));

/** The totals as the list serves them and as counted from every order. */
async function bothTotals(c: TestClinic, status?: string[]) {
  const query = status ? { status: status.join(',') } : {};
  const served = expectContractAnswer(labsCalls.getLabOrders, await api(t, c.token).get(PATH.getLabOrders, query)).totals;
  const [counted] = await withTenant(t.database.db, c.clinicId, async (tx) =>
    rowsOf<{ count: number; overdue: number; price: string }>(
      await tx.execute(sql`select count(*)::int as count,
          (count(*) filter (where expected_delivery_date < (now() at time zone 'Africa/Cairo')::date
            and status not in ('LOS7', 'LOS3', 'LOS6')))::int as overdue,
          round(coalesce(sum(price), 0), 2)::text as price
        from lab_orders where clinic_id = ${c.clinicId} ${status ? sql.raw(`and status in (${status.map((x) => `'${x}'`).join(', ')})`) : sql``}`),
    ),
  );
  return { served, counted };
}

const NEXT: Record<string, string[]> = { LOS1: ['LOS2', 'LOS6'], LOS2: ['LOS7', 'LOS6'], LOS7: ['LOS3', 'LOS4'], LOS4: ['LOS5', 'LOS6'], LOS5: ['LOS7', 'LOS6'] };

describe('lab_order_totals: the per-status summary of the orders', () => {
  it('equals the orders after random writes and concurrent saves and moves; the list totals read from it are exact', async () => {
    const c = await newClinic(t);
    const rnd = random(19);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const labsOf = [await addLab(t, c, '450.5'), await addLab(t, c, '1200'), await addLab(t, c, '99.95')];
    const patients = [await newPatient(t, c), await newPatient(t, c)];
    const orders: Array<{ id: number; status: string }> = [];
    expect(await drift(c)).toEqual([]);

    for (let step = 0; step < 60; step++) {
      const kind = rnd();
      const open = orders.filter((x) => NEXT[x.status]);
      if (kind < 0.35 || !open.length) {
        const overdue = rnd() < 0.4 ? { expectedDeliveryDate: '2020-01-10' } : {};
        const { id } = await addOrder(t, c, pick(labsOf), pick(patients), overdue);
        orders.push({ id, status: 'LOS1' });
      } else if (kind < 0.75) {
        const x = pick(open);
        const to = pick(NEXT[x.status]!);
        await expectOk(move(t, c.token, x.id, to));
        x.status = to;
      } else if (kind < 0.85) {
        // a new order edited to another lab: its price changes with the lab's price list
        const x = orders.find((y) => y.status === 'LOS1');
        if (!x) continue;
        const lab = pick(labsOf);
        await expectOk(api(t, c.token).post(PATH.saveLabOrder, { id: x.id, patientId: patients[0], labId: lab.labId, labServiceId: lab.serviceId }));
      } else if (kind < 0.93) {
        const x = orders.find((y) => y.status === 'LOS1');
        if (!x) continue;
        await expectOk(api(t, c.token).delete(PATH.deleteLabOrder, { id: x.id }));
        orders.splice(orders.indexOf(x), 1);
      } else {
        // several rows in one statement (an operator's SQL): statuses and prices changed together, and nothing changed
        await withTenant(t.database.db, c.clinicId, (tx) =>
          tx.execute(sql`update lab_orders set price = price + 1.5, notes = 'bulk' where clinic_id = ${c.clinicId} and id % 3 = 0`),
        );
        await withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update lab_orders set notes = 'touched' where clinic_id = ${c.clinicId}`));
      }
    }
    expect(await drift(c)).toEqual([]);

    // at once: 12 new orders, and 12 orders moved (each once, in opposite directions of the table)
    const lab = labsOf[0]!;
    const created = await concurrently(12, (i) => api(t, c.token).post(PATH.saveLabOrder, { patientId: patients[i % 2], labId: lab.labId, labServiceId: lab.serviceId }));
    expect(created.tally).toEqual({ '200': 12 });
    const fresh = created.responses.map((r) => (r.json() as { id: number }).id);
    for (const id of fresh.slice(0, 6)) await expectOk(move(t, c.token, id, 'LOS2'));
    const moved = await concurrently(12, (i) => move(t, c.token, fresh[i]!, i < 6 ? 'LOS7' : 'LOS6'));
    expect(moved.tally).toEqual({ '200': 12 });
    expect(await drift(c)).toEqual([]);

    for (const status of [undefined, ['LOS1'], ['LOS2', 'LOS4', 'LOS5'], ['LOS6'], ['LOS3', 'LOS7']]) {
      const { served, counted } = await bothTotals(c, status);
      expect(served, String(status)).toEqual(counted);
    }
    const all = await bothTotals(c);
    expect(all.served.count).toBeGreaterThan(20);
    expect(all.served.overdue).toBeGreaterThan(0);
  });

  it("another clinic's orders are not in a clinic's summary", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    await addOrder(t, other, await addLab(t, other, '10'), await newPatient(t, other));
    const { served } = await bothTotals(c);
    expect(served).toEqual({ count: 0, overdue: 0, price: '0.00' });
    expect(await drift(c)).toEqual([]);
    expect(await drift(other)).toEqual([]);
  });
});
