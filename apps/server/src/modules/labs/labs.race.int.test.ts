import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH, addLab, addLabUser, addOrder, move } from './labs-test-kit.js';
import { labOrderStatusHistory, labOrders, labs } from './labs.table.js';

/*
 * Lab calls at once (on PostgreSQL the requests run side by side on the pool's connections,
 * `bash scripts/test-postgres.sh labs`): one status move of an order wins, lab names stay unique, order numbers
 * stay consecutive.
 */
const t = await testApp();

const historyOf = (clinicId: number, id: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(labOrderStatusHistory).where(and(eq(labOrderStatusHistory.clinicId, clinicId), eq(labOrderStatusHistory.labOrderId, id))),
  );

describe('concurrent lab calls', () => {
  it('50 UpdateLabOrderStatus LOS1→LOS2 at once: exactly one wins, the history has exactly one step', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const { id } = await addOrder(t, c, lab, await newPatient(t, c));
    const { tally } = await concurrently(50, () => move(t, c.token, id, 'LOS2'));
    expect(tally).toEqual({ '200': 1, '409 lab_order_transition_forbidden': 49 });
    const steps = (await historyOf(c.clinicId, id)).filter((h) => h.fromStatus === 'LOS1');
    expect(steps).toHaveLength(1);
    const [order] = await withTenant(t.database.db, c.clinicId, (tx) => tx.select().from(labOrders).where(and(eq(labOrders.clinicId, c.clinicId), eq(labOrders.id, id))));
    expect(order).toMatchObject({ status: 'LOS2', version: 2 });
  });

  it('50 moves of a received order at once, half to LOS3 and half to LOS4: exactly one wins (each forbids the other)', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const { id } = await addOrder(t, c, lab, await newPatient(t, c));
    await move(t, c.token, id, 'LOS2');
    await move(t, c.token, id, 'LOS7');
    const { tally } = await concurrently(50, (i) => move(t, c.token, id, i % 2 ? 'LOS3' : 'LOS4'));
    expect(tally).toEqual({ '200': 1, '409 lab_order_transition_forbidden': 49 });
    expect((await historyOf(c.clinicId, id)).filter((h) => h.fromStatus === 'LOS7')).toHaveLength(1);
  });

  it("50 UpdateMyLabOrderStatus LOS1→LOS2 at once by the lab's user: exactly one wins", async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const { id } = await addOrder(t, c, lab, await newPatient(t, c));
    const labUser = await addLabUser(t, c, lab.labId);
    const { tally } = await concurrently(50, () => api(t, labUser.token).post(PATH.updateMyLabOrderStatus, { id, to: 'LOS2' }));
    expect(tally).toEqual({ '200': 1, '409 lab_order_transition_forbidden': 49 });
    expect((await historyOf(c.clinicId, id)).filter((h) => h.fromStatus === 'LOS1')).toHaveLength(1);
  });

  it('20 SaveLab of one name at once (different case): one lab, the others 409 name_exists', async () => {
    const c = await newClinic(t);
    const { tally } = await concurrently(20, (i) => api(t, c.token).post(PATH.saveLab, { name: i % 2 ? 'Delta Lab' : 'DELTA LAB' }));
    expect(tally).toEqual({ '200': 1, '409 name_exists': 19 });
    expect(await withTenant(t.database.db, c.clinicId, (tx) => tx.$count(labs, eq(labs.clinicId, c.clinicId)))).toBe(1);
  });

  it('20 SaveLabOrder at once: 20 consecutive order numbers', async () => {
    const c = await newClinic(t);
    const lab = await addLab(t, c);
    const patientId = await newPatient(t, c);
    const { tally, responses } = await concurrently(20, () =>
      api(t, c.token).post(PATH.saveLabOrder, { patientId, labId: lab.labId, labServiceId: lab.serviceId }),
    );
    expect(tally).toEqual({ '200': 20 });
    expect(responses.map((r) => (r.json() as { orderNo: number }).orderNo).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
