import { type LabOrderStatus, type LabOrderSortField, type LabOrdersListInput, type VitaShade, currencyDecimals, labsCalls } from '@dental/contract';
import { type SQL, and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type PgSelect, alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { users } from '../../platform/auth/identity.table.js';
import { type ClinicSession, loadClinicSession } from '../../platform/auth/session.js';
import { verifyToken } from '../../platform/auth/tokens.js';
import { containsPattern, listResult, pageWindow } from '../../platform/db/list-query.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Tx } from '../../platform/db/types.js';
import { addBranch } from '../patient-procedures/patient-procedures-test-kit.js';
import { patientBranches, patients, visiblePatients } from '../patients/index.js';
import { overdueOf } from './lab-orders.service.js';
import { PATH, addLab, addOrder, expectOk, move } from './labs-test-kit.js';
import { moneyText } from './labs.service.js';
import { labOrders, labServices, labs } from './labs.table.js';

/**
 * Lab/GetLabOrders answers with JSON built by PostgreSQL (issue 19). Each case is checked against the contract's
 * schema and compared with the answer of the path it replaced (drizzle rows, four joins for the page and the
 * totals, the output schema and JSON.stringify), kept here as the reference.
 */
const t = await testApp();
const d = labsCalls.getLabOrders;
const o = labOrders;
const doctors = alias(users, 'doctors');

/** The replaced path, as it was (lab-orders.service.ts before issue 19's read path). */
async function referenceList(tx: Tx, session: ClinicSession, input: LabOrdersListInput) {
  const dec = currencyDecimals(session.clinic.currency);
  const overdue = overdueOf(session.clinic.timeZone);
  const withJoins = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(patients, and(eq(patients.clinicId, o.clinicId), eq(patients.id, o.patientId)))
      .innerJoin(labs, and(eq(labs.clinicId, o.clinicId), eq(labs.id, o.labId)))
      .innerJoin(labServices, and(eq(labServices.clinicId, o.clinicId), eq(labServices.id, o.labServiceId)))
      .leftJoin(doctors, and(eq(doctors.clinicId, o.clinicId), eq(doctors.id, o.doctorId)));
  const SORT: Record<LabOrderSortField, SQL> = {
    sendDate: sql`${o.sendDate}`,
    expectedDeliveryDate: sql`${o.expectedDeliveryDate}`,
    createdAt: sql`${o.createdAt}`,
    status: sql`${o.status}`,
    patientName: sql`lower(${patients.name})`,
    labName: sql`lower(${labs.name})`,
  };
  const dateColumn = input.dateField === 'createdAt' ? sql`(${o.createdAt} at time zone ${session.clinic.timeZone})::date` : input.dateField === 'expectedDeliveryDate' ? sql`${o.expectedDeliveryDate}` : sql`${o.sendDate}`;
  const pattern = input.search ? containsPattern(input.search) : undefined;
  const where = and(
    eq(o.clinicId, session.clinicId),
    visiblePatients(session),
    input.status?.length ? inArray(o.status, input.status) : undefined,
    input.labId ? eq(o.labId, input.labId) : undefined,
    input.patientId ? eq(o.patientId, input.patientId) : undefined,
    input.doctorId ? eq(o.doctorId, input.doctorId) : undefined,
    input.from ? gte(dateColumn, input.from) : undefined,
    input.to ? lte(dateColumn, input.to) : undefined,
    input.overdueOnly ? overdue : undefined,
    pattern
      ? sql`(${patients.name} ilike ${pattern} or ${patients.code} ilike ${pattern} or ${labs.name} ilike ${pattern}
          or ${labServices.nameAr} ilike ${pattern} or ${labServices.nameEn} ilike ${pattern})`
      : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const term = SORT[input.sortField ?? 'createdAt'];
  const direction = input.sortOrder ?? (input.sortField ? 'ascend' : 'descend');
  const rows = await withJoins(
    tx
      .select({
        id: o.id, orderNo: o.orderNo, status: sql<LabOrderStatus>`${o.status}`, patientId: o.patientId, patientName: patients.name,
        patientCode: patients.code, patientProcedureId: o.patientProcedureId, tooth: o.tooth, labId: o.labId, labName: labs.name,
        labServiceId: o.labServiceId, serviceNameAr: labServices.nameAr, serviceNameEn: labServices.nameEn, serviceNameFr: labServices.nameFr, doctorId: o.doctorId,
        doctorName: doctors.fullName, shapeType: o.shapeType, shade: sql<VitaShade | null>`${o.shade}`, sendDate: o.sendDate,
        expectedDeliveryDate: o.expectedDeliveryDate, price: moneyText(o.price, dec), overdue, readyAt: o.readyAt, version: o.version,
        createdAt: o.createdAt,
      })
      .from(o)
      .$dynamic(),
  )
    .where(where)
    .orderBy(direction === 'descend' ? desc(term) : asc(term), direction === 'descend' ? desc(o.id) : asc(o.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await withJoins(
    tx
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        price: moneyText(sql`coalesce(sum(${o.price}), 0)`, dec),
      })
      .from(o)
      .$dynamic(),
  ).where(where);
  const items = rows.map((r) => ({ ...r, readyAt: r.readyAt ? r.readyAt.toISOString() : null, createdAt: r.createdAt.toISOString() }));
  return { ...listResult(items, totals!.count, input), totals: totals! };
}

/** The replaced path's answer as the route sent it: the output schema's parse, then JSON. */
async function referenceAnswer(clinicId: number, token: string, query: Record<string, unknown>) {
  const claims = verifyToken(`Bearer ${token}`, t.app.deps.config.TOKEN_SECRET)!;
  const input = d.input.parse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
  const answer = await withTenant(t.database.db, clinicId, async (tx, scope) =>
    referenceList(tx, await loadClinicSession(tx, claims, {}, scope), input),
  );
  return JSON.parse(JSON.stringify(d.output.parse(answer))) as unknown;
}

const setOrder = (clinicId: number, id: number, values: Partial<typeof labOrders.$inferInsert>) =>
  withTenant(t.database.db, clinicId, (tx) => tx.update(o).set(values).where(and(eq(o.clinicId, clinicId), eq(o.id, id))));

describe('Lab/GetLabOrders, passed through from PostgreSQL', () => {
  it('answers every filter, search, sort, page and scope exactly as the replaced path', async () => {
    const c = await newClinic(t);
    const a = await addLab(t, c, '450.5');
    const b = await addLab(t, c, '1200');
    const p1 = await newPatient(t, c, { name: 'Alpha "Quoted" \\ مريض' });
    const p2 = await newPatient(t, c, { name: 'beta 50%_off' });
    const p3 = await newPatient(t, c, { name: 'Gamma Other Branch' });
    const branch = await addBranch(t, c);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.update(patientBranches).set({ branchId: branch }).where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, p3))),
    );
    const ids = [
      (await addOrder(t, c, a, p1, { sendDate: '2019-12-20', expectedDeliveryDate: '2020-01-08', shade: 'A3.5', shapeType: 'Anatomic' })).id,
      (await addOrder(t, c, b, p2, { sendDate: '2030-01-05', expectedDeliveryDate: '2030-01-20' })).id,
      (await addOrder(t, c, a, p3, { expectedDeliveryDate: '2020-02-01' })).id,
      (await addOrder(t, c, b, p1, { sendDate: '2030-01-05' })).id,
      (await addOrder(t, c, a, p2, { sendDate: '2030-02-10', expectedDeliveryDate: '2030-02-20' })).id,
      (await addOrder(t, c, b, p3, { sendDate: '2029-12-31' })).id,
    ];
    await expectOk(move(t, c.token, ids[1]!, 'LOS2'));
    await expectOk(move(t, c.token, ids[3]!, 'LOS2'));
    await expectOk(move(t, c.token, ids[3]!, 'LOS7'));
    // no doctor; two orders made at the same instant (the order falls to the id); microseconds cut like Date's
    await setOrder(c.clinicId, ids[4]!, { doctorId: null });
    await setOrder(c.clinicId, ids[1]!, { readyAt: new Date('2030-01-06T08:40:00.5Z') });
    await setOrder(c.clinicId, ids[0]!, { createdAt: sql`'2030-01-01 10:00:00.123987+00'::timestamptz` as unknown as Date });
    await setOrder(c.clinicId, ids[2]!, { createdAt: sql`'2030-01-01 10:00:00.123987+00'::timestamptz` as unknown as Date });
    const mainOnly = await newUser(t, c, ['lab_orders_list'], 'RL4');

    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['default', c.token, {}],
      ['page 2 of 2', c.token, { page: 2, pageSize: 2 }],
      ['past the last page', c.token, { page: 9, pageSize: 2 }],
      ['one status', c.token, { status: 'LOS2' }],
      ['statuses', c.token, { status: 'LOS1,LOS7' }],
      ['lab', c.token, { labId: a.labId }],
      ['patient', c.token, { patientId: p1 }],
      ['doctor', c.token, { doctorId: c.ownerId }],
      ['send dates', c.token, { from: '2030-01-02', to: '2030-01-31' }],
      ['expected dates', c.token, { dateField: 'expectedDeliveryDate', from: '2020-01-01' }],
      ['created days', c.token, { dateField: 'createdAt', to: '2030-01-01' }],
      ['overdue', c.token, { overdueOnly: true }],
      ['search a name', c.token, { search: 'alpha' }],
      ['search % and _', c.token, { search: '50%_' }],
      ['search a service', c.token, { search: 'zirconia', labId: b.labId }],
      ['search nothing', c.token, { search: 'zzz' }],
      ['branch-limited', mainOnly, {}],
      ['branch-limited, filtered', mainOnly, { status: 'LOS1', sortField: 'labName' }],
      ...(['sendDate', 'expectedDeliveryDate', 'createdAt', 'status', 'patientName', 'labName'] as const).flatMap(
        (sortField): Array<[string, string, Record<string, unknown>]> => [
          [`${sortField} ascending`, c.token, { sortField }],
          [`${sortField} descending`, c.token, { sortField, sortOrder: 'descend', pageSize: 4 }],
        ],
      ),
    ];
    const sizes: Record<string, number> = {};
    for (const [name, token, query] of cases) {
      const answer = expectContractAnswer(d, await api(t, token).get(PATH.getLabOrders, query));
      const reference = await referenceAnswer(c.clinicId, token, query);
      expect(answer, name).toEqual(reference);
      expect(JSON.stringify(answer), name).toBe(JSON.stringify(reference));
      sizes[name] = answer.total;
    }
    // the cases hold what they are meant to
    expect(sizes).toMatchObject({
      default: 6, 'one status': 1, statuses: 5, lab: 3, patient: 2, doctor: 5, 'send dates': 2, 'expected dates': 4,
      overdue: 2, 'search a name': 2, 'search % and _': 2, 'search a service': 3, 'search nothing': 0, 'branch-limited': 4,
      'branch-limited, filtered': 2,
    });
    const all = expectContractAnswer(d, await api(t, c.token).get(PATH.getLabOrders));
    expect(all.totals).toEqual({ count: 6, overdue: 2, price: '4951.50' });
    expect(all.items.find((i) => i.id === ids[0])).toMatchObject({ createdAt: '2030-01-01T10:00:00.123Z', shade: 'A3.5', overdue: true });
    expect(all.items.find((i) => i.id === ids[1])!.readyAt).toBe('2030-01-06T08:40:00.500Z');
    expect(all.items.find((i) => i.id === ids[4])).toMatchObject({ doctorId: null, doctorName: null });
  });
});
