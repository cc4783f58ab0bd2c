import { callPath, dashboardCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { clinicLookups, paymentTypes } from '../lookups/index.js';
import { patientPayments, paymentReversals } from '../payments/index.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { patientBranches } from '../patients/index.js';
import { addBranch, addProcedure, addUserToBranch } from '../patient-procedures/patient-procedures-test-kit.js';
import { appointments } from '../scheduler/scheduler.table.js';
import { expectError, userIdOf } from '../scheduler/scheduler-test-kit.js';
import { todayIn } from '../scheduler/clinic-time.js';

/*
 * The dashboard's six figures (docs/dashboard.md) on known rows written straight to the database, in January and
 * February 2030 (test clinics are in Africa/Cairo, +02:00 then): exact counts and amounts, the Cairo midnight
 * splitting days and months, the period's checks, permissions and tier, and branch scoping.
 */
const PATH = Object.fromEntries(Object.entries(dashboardCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof dashboardCalls,
  string
>;
const JANUARY = { fromDate: '2030-01-01', toDate: '2030-01-31' };
/** An instant given as Cairo's wall clock. */
const cairo = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+02:00`);

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

/** A clinic with a second branch and known rows in both (see each test for the figures they make). */
async function clinicWithData() {
  const c = await newClinic(t);
  const other = await addBranch(t, c, 'North');
  const patientId = await newPatient(t, c);
  const { procedureId } = await addProcedure(t, c);
  const ids = await withTenant(t.database.db, c.clinicId, async (tx) => {
    const clinicId = c.clinicId;
    const appt = (branchId: number, date: string, from: string, to: string, status: string, checkedIn = false, allDay = false) => ({
      clinicId, branchId, patientId, doctorId: c.ownerId, startsAt: cairo(date, from), endsAt: cairo(date, to), status, allDay,
      checkInAt: checkedIn ? cairo(date, from) : null,
    });
    await tx.insert(appointments).values([
      appt(c.branchId, '2030-01-06', '09:00', '09:30', 'AS7', true), // 30 min worked
      appt(c.branchId, '2030-01-06', '10:00', '10:45', 'AS6', true), // 45 min worked
      appt(c.branchId, '2030-01-06', '11:00', '11:30', 'AS9'),
      appt(c.branchId, '2030-01-06', '12:00', '12:30', 'AS8'),
      // 23:30 Cairo is still the 6th (21:30 UTC); 00:15 Cairo on the 7th is 22:15 UTC on the 6th: the 7th
      appt(c.branchId, '2030-01-06', '23:30', '23:50', 'AS3', true), // 20 min worked
      appt(c.branchId, '2030-01-07', '00:15', '00:45', 'AS2'),
      appt(other, '2030-01-06', '09:00', '10:00', 'AS7', true), // the other branch: 60 min
      appt(c.branchId, '2030-02-01', '09:00', '10:00', 'AS7', true), // outside January
    ]);
    const [walkIn, ad] = await tx
      .insert(clinicLookups)
      .values([
        { clinicId, groupName: 'PatientReference', nameAr: 'مرور', nameEn: 'Walk-in', nameFr: 'Sans rendez-vous' },
        { clinicId, groupName: 'PatientReference', nameAr: 'إعلان', nameEn: 'Advert' },
      ])
      .returning({ id: clinicLookups.id });
    const [cash, card] = await tx
      .insert(paymentTypes)
      .values([
        { clinicId, nameAr: 'نقدي تجريبي', nameEn: 'Test cash', nameFr: 'Espèces test' },
        { clinicId, nameAr: 'بطاقة تجريبية', nameEn: 'Test card' },
      ])
      .returning({ id: paymentTypes.id });
    return { walkIn: walkIn!.id, ad: ad!.id, cash: cash!.id, card: card!.id };
  });
  // patients: created in January (two by walk-in, one by advert, one unsaid, one deleted, one only in the other
  // branch) and one at 00:10 Cairo on 1 February (still 31 January in UTC)
  const patient = async (createdAt: Date, values: Record<string, unknown> = {}, branchId = c.branchId) => {
    const id = await newPatient(t, c, { createdAt, ...values });
    if (branchId !== c.branchId)
      await withTenant(t.database.db, c.clinicId, (tx) =>
        tx.update(patientBranches).set({ branchId }).where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, id))),
      );
    return id;
  };
  await patient(cairo('2030-01-03', '10:00'), { referenceId: ids.walkIn });
  await patient(cairo('2030-01-31', '23:30'), { referenceId: ids.walkIn });
  await patient(cairo('2030-01-10', '10:00'), { referenceId: ids.ad });
  await patient(cairo('2030-01-11', '10:00'));
  await patient(cairo('2030-01-12', '10:00'), { referenceId: ids.ad, deletedAt: new Date() });
  await patient(cairo('2030-01-13', '10:00'), { referenceId: ids.ad }, other);
  await patient(cairo('2030-02-01', '00:10'), { referenceId: ids.walkIn });
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    const clinicId = c.clinicId;
    const payment = (receiptNo: number, branchId: number, paymentTypeId: number, amount: string, paidOn: string) => ({
      clinicId, patientId, branchId, ledgerType: 'LT2', amount, paymentTypeId, paidOn, receiptNo, receivedBy: c.ownerId, createdBy: c.ownerId,
    });
    const rows = await tx
      .insert(patientPayments)
      .values([
        payment(9001, c.branchId, ids.cash, '100.10', '2030-01-02'),
        payment(9002, c.branchId, ids.cash, '0.20', '2030-01-31'),
        payment(9003, c.branchId, ids.card, '250', '2030-01-15'),
        payment(9004, c.branchId, ids.card, '999', '2030-01-16'), // reversed below
        payment(9005, other, ids.cash, '40', '2030-01-20'),
        payment(9006, c.branchId, ids.cash, '7', '2030-02-01'),
      ])
      .returning({ id: patientPayments.id });
    await tx.insert(paymentReversals).values({ clinicId, paymentId: rows[3]!.id, reason: 'mistake', createdBy: c.ownerId });
    const proc = (branchId: number, status: string, price: string, completedAt: Date | null) => ({
      clinicId, patientId, branchId, procedureId, doctorId: c.ownerId, status, price, completedAt,
    });
    await tx.insert(patientProcedures).values([
      proc(c.branchId, 'S3', '1500.50', cairo('2030-01-05', '10:00')),
      proc(c.branchId, 'S4', '300', cairo('2030-01-31', '23:59')),
      proc(c.branchId, 'S3', '80', cairo('2030-02-01', '00:05')), // 22:05 UTC on 31 January: February
      proc(c.branchId, 'S2', '700', null),
      proc(other, 'S3', '90', cairo('2030-01-20', '10:00')),
    ]);
  });
  return { c, other, ...ids };
}

let data: Awaited<ReturnType<typeof clinicWithData>>;
beforeAll(async () => {
  data = await clinicWithData();
});

const get = (token: string, call: keyof typeof PATH, input: Record<string, unknown>) => api(t, token).get(PATH[call], input);
async function ok<T = Record<string, unknown>>(token: string, call: keyof typeof PATH, input: Record<string, unknown>) {
  const res = await get(token, call, input);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = dashboardCalls[call].output.safeParse(res.json());
  expect(parsed.error?.issues ?? []).toEqual([]);
  return res.json() as T;
}
type Day = { date: string } & Record<string, number>;

describe('Dashboard figures', () => {
  it('GetDailyAppointmentAsyncs: every day of the period, counted by the Cairo day, both branches by default', async () => {
    const r = await ok<{ fromDate: string; toDate: string; items: Day[] }>(data.c.token, 'getDailyAppointments', JANUARY);
    expect(r.fromDate).toBe('2030-01-01');
    expect(r.items).toHaveLength(31);
    expect(r.items[0]).toEqual({ date: '2030-01-01', total: 0, arrived: 0, completed: 0, noShows: 0, canceled: 0 });
    expect(r.items.find((d) => d.date === '2030-01-06')).toEqual({ date: '2030-01-06', total: 5, arrived: 4, completed: 3, noShows: 1, canceled: 1 });
    expect(r.items.find((d) => d.date === '2030-01-07')).toEqual({ date: '2030-01-07', total: 1, arrived: 0, completed: 0, noShows: 0, canceled: 0 });
    const one = await ok<{ items: Day[] }>(data.c.token, 'getDailyAppointments', { ...JANUARY, branchId: data.other });
    expect(one.items.find((d) => d.date === '2030-01-06')).toMatchObject({ total: 1, completed: 1 });
  });

  it('GetDailyWorkedHours: the booked minutes of the visits that happened', async () => {
    const r = await ok<{ items: Day[] }>(data.c.token, 'getDailyWorkedHours', { ...JANUARY, branchId: data.c.branchId });
    expect(r.items.find((d) => d.date === '2030-01-06')).toEqual({ date: '2030-01-06', minutes: 95, appointments: 3 });
    expect(r.items.find((d) => d.date === '2030-01-07')).toEqual({ date: '2030-01-07', minutes: 0, appointments: 0 });
    const all = await ok<{ items: Day[] }>(data.c.token, 'getDailyWorkedHours', JANUARY);
    expect(all.items.find((d) => d.date === '2030-01-06')).toMatchObject({ minutes: 155, appointments: 4 });
  });

  it('GetNewPatientsMonthAsyncs: per Cairo month, deleted patients left out', async () => {
    const r = await ok<{ items: unknown[] }>(data.c.token, 'getNewPatientsMonth', { fromDate: '2029-12-15', toDate: '2030-02-28' });
    // the clinic's own patients of the fixture (newPatient's own created now, out of range)
    expect(r.items).toEqual([
      { month: '2029-12', count: 0 },
      { month: '2030-01', count: 5 },
      { month: '2030-02', count: 1 },
    ]);
    const main = await ok<{ items: unknown[] }>(data.c.token, 'getNewPatientsMonth', { ...JANUARY, branchId: data.c.branchId });
    expect(main.items).toEqual([{ month: '2030-01', count: 4 }]);
  });

  it('GetPatientReferenceAsyncs: the new patients by reference, most first, the unsaid last', async () => {
    const r = await ok<{ items: unknown[] }>(data.c.token, 'getPatientReference', JANUARY);
    expect(r.items).toEqual([
      { referenceId: data.ad, nameAr: 'إعلان', nameEn: 'Advert', nameFr: null, count: 2 },
      { referenceId: data.walkIn, nameAr: 'مرور', nameEn: 'Walk-in', nameFr: 'Sans rendez-vous', count: 2 },
      { referenceId: null, nameAr: null, nameEn: null, nameFr: null, count: 1 },
    ]);
  });

  it('GetPaymentsTypesCountMonthAsyncs: count and exact amount per month and type, reversed payments left out', async () => {
    const r = await ok<{ currency: string; items: unknown[] }>(data.c.token, 'getPaymentsTypesCountMonth', { fromDate: '2030-01-01', toDate: '2030-02-28' });
    expect(r.currency).toBe('EGP');
    expect(r.items).toEqual([
      { month: '2030-01', paymentTypeId: data.card, nameAr: 'بطاقة تجريبية', nameEn: 'Test card', nameFr: null, count: 1, amount: '250.00' },
      { month: '2030-01', paymentTypeId: data.cash, nameAr: 'نقدي تجريبي', nameEn: 'Test cash', nameFr: 'Espèces test', count: 3, amount: '140.30' },
      { month: '2030-02', paymentTypeId: data.cash, nameAr: 'نقدي تجريبي', nameEn: 'Test cash', nameFr: 'Espèces test', count: 1, amount: '7.00' },
    ]);
    const main = await ok<{ items: Array<{ amount: string }> }>(data.c.token, 'getPaymentsTypesCountMonth', { ...JANUARY, branchId: data.c.branchId });
    expect(main.items.map((i) => i.amount)).toEqual(['250.00', '100.30']);
  });

  it('GetTreatmentsPerMonthAsyncs: procedures completed per Cairo month and their net', async () => {
    const r = await ok<{ items: unknown[] }>(data.c.token, 'getTreatmentsPerMonth', { fromDate: '2030-01-01', toDate: '2030-02-28', branchId: data.c.branchId });
    expect(r.items).toEqual([
      { month: '2030-01', completed: 2, net: '1800.50' },
      { month: '2030-02', completed: 1, net: '80.00' },
    ]);
    const all = await ok<{ items: unknown[] }>(data.c.token, 'getTreatmentsPerMonth', JANUARY);
    expect(all.items).toEqual([{ month: '2030-01', completed: 3, net: '1890.50' }]);
  });

  it("the period defaults to the clinic's current month", async () => {
    const today = todayIn('Africa/Cairo');
    const r = await ok<{ fromDate: string; toDate: string; items: Day[] }>(data.c.token, 'getDailyAppointments', {});
    expect(r.fromDate).toBe(`${today.slice(0, 7)}-01`);
    expect(r.toDate.slice(0, 7)).toBe(today.slice(0, 7));
    expect(r.items.map((d) => d.date)).toContain(today);
    const feb = await ok<{ toDate: string }>(data.c.token, 'getDailyAppointments', { fromDate: '2028-02-10' });
    expect(feb.toDate).toBe('2028-02-29');
  });
});

describe('Dashboard checks', () => {
  it('refuses a period that ends before it starts, one longer than 366 days and bad dates (400, translated)', async () => {
    for (const call of Object.keys(PATH) as Array<keyof typeof PATH>) {
      const before = await expectError(get(data.c.token, call, { fromDate: '2030-01-10', toDate: '2030-01-09' }), 400, 'validation');
      expect(before.errors?.toDate).toBe('The end date cannot be before the start date');
      const long = await expectError(get(data.c.token, call, { fromDate: '2030-01-01', toDate: '2031-01-02' }), 400, 'validation');
      expect(long.errors?.toDate).toBe('The period is longer than 366 days; choose a shorter one');
      await expectError(get(data.c.token, call, { fromDate: '2030-02-30' }), 400, 'validation');
      await expectError(get(data.c.token, call, { branchId: 'x' }), 400, 'validation');
    }
    // 366 days exactly is allowed
    await ok(data.c.token, 'getDailyAppointments', { fromDate: '2028-01-01', toDate: '2028-12-31' });
    const ar = await api(t, data.c.token, { language: 'ar' }).get(PATH.getTreatmentsPerMonth, { fromDate: '2030-01-01', toDate: '2031-06-01' });
    expect(ar.json().errors.toDate).toBe('الفترة أطول من 366 يومًا، اختر فترة أقصر');
  });

  it('needs dashboard_show (403 BS11) and tier ST1 (403 BS13)', async () => {
    const none = await newUser(t, data.c, ['patient_list']);
    const shower = await newUser(t, data.c, ['dashboard_show']);
    for (const call of Object.keys(PATH) as Array<keyof typeof PATH>) {
      await expectError(get(none, call, JANUARY), 403, 'BS11');
      await ok(shower, call, JANUARY);
    }
    const basic = await newClinic(t, { tier: 'ST0' });
    await expectError(get(basic.token, 'getDailyAppointments', JANUARY), 403, 'BS13');
  });

  it("another clinic's branch is 404, a branch of the clinic the user does not work in 403 BS15", async () => {
    const stranger = await newClinic(t);
    await expectError(get(stranger.token, 'getPaymentsTypesCountMonth', { ...JANUARY, branchId: data.c.branchId }), 404, 'not_found');
    const mainOnly = await newUser(t, data.c, ['dashboard_show']);
    for (const call of Object.keys(PATH) as Array<keyof typeof PATH>)
      await expectError(get(mainOnly, call, { ...JANUARY, branchId: data.other }), 403, 'BS15');
  });

  it("a one-branch user's figures count only their branch; assigned the other too, both", async () => {
    const token = await newUser(t, data.c, ['dashboard_show']);
    const day6 = async () =>
      (await ok<{ items: Day[] }>(token, 'getDailyAppointments', JANUARY)).items.find((d) => d.date === '2030-01-06');
    expect(await day6()).toMatchObject({ total: 4, arrived: 3 });
    const money = await ok<{ items: Array<{ amount: string }> }>(token, 'getPaymentsTypesCountMonth', JANUARY);
    expect(money.items.map((i) => i.amount)).toEqual(['250.00', '100.30']);
    const refs = await ok<{ items: Array<{ count: number }> }>(token, 'getPatientReference', JANUARY);
    expect(refs.items.reduce((n, i) => n + i.count, 0)).toBe(4);
    await addUserToBranch(t, data.c, userIdOf(token), data.other);
    expect(await day6()).toMatchObject({ total: 5, arrived: 4 });
  });
});
