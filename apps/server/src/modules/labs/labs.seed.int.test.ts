import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, testApp } from '../../../test/harness.js';
import { DEMO_LAB_USER, DEMO_PASSWORD, demoCredentialsText, seedDemo } from '../../db/demo-data.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { labOrderTotalsDrift } from './lab-orders-list.service.js';
import { PATH, expectOk } from './labs-test-kit.js';
import { labServices } from './labs.table.js';

const t = await testApp();

describe('labs seeding', () => {
  it('gives the demo clinic two labs with prices, orders in several states (one overdue) and a lab user who logs in', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const owner = await login(t, 'demo', 'owner@demo.test', DEMO_PASSWORD);
    const labsList = await expectOk<{ items: { name: string; ordersCount: number }[] }>(api(t, owner).get(PATH.getLabs));
    expect(labsList.items).toHaveLength(2);
    // issue 18: every seeded lab service has its French name
    const [demoClinic] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const services = await withTenant(t.database.db, demoClinic!.id, (tx) => tx.select().from(labServices));
    expect(services).toHaveLength(7);
    expect(services.filter((s) => !s.nameFr)).toEqual([]);
    const orders = await expectOk<{
      items: { status: string; overdue: boolean; price: string; serviceNameFr: string | null }[];
      totals: { overdue: number; count: number };
    }>(
      api(t, owner).get(PATH.getLabOrders),
    );
    expect(new Set(orders.items.map((o) => o.status))).toEqual(new Set(['LOS1', 'LOS2', 'LOS7', 'LOS5', 'LOS3']));
    expect(orders.totals.overdue).toBe(1);
    expect(orders.items.filter((o) => !o.serviceNameFr)).toEqual([]);
    expect(orders.totals.count).toBe(orders.items.length);
    // the per-status summary the totals read agrees with the seeded orders
    const [demo] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    expect(await withTenant(t.database.db, demo!.id, async (tx) => ((await tx.execute(labOrderTotalsDrift(demo!.id))) as unknown as { rows: unknown[] }).rows)).toEqual([]);
    expect(orders.items.find((o) => o.overdue)?.status).toBe('LOS2');
    const lab = await login(t, 'demo', DEMO_LAB_USER.email, DEMO_PASSWORD);
    const mine = await expectOk<{ items: { serviceNameFr: string | null }[] }>(api(t, lab).get(PATH.getMyLabOrders));
    expect(mine.items).toHaveLength(3);
    expect(mine.items.filter((o) => !o.serviceNameFr)).toEqual([]);
    expect(demoCredentialsText('http://x')).toContain(DEMO_LAB_USER.email);
    // the ST1 clinic has no labs
    const [riyadh] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'riyadh'));
    expect(riyadh).toBeTruthy();
  });
});
