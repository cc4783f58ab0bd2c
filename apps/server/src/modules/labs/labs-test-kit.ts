import { callPath, labsCalls } from '@dental/contract';
import { expect } from 'vitest';
import { type TestApp, type TestClinic, api, login } from '../../../test/harness.js';
import { expectOk } from '../scheduler/scheduler-test-kit.js';

/** Shared by the labs' integration tests: paths and set-up through the API. */
export const PATH = Object.fromEntries(Object.entries(labsCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof labsCalls,
  string
>;

export { expectError, expectOk, userIdOf } from '../scheduler/scheduler-test-kit.js';

let seq = 0;

/** A lab with one service priced `price`, made by the owner; returns the ids. */
export async function addLab(t: TestApp, c: TestClinic, price = '450.50') {
  const n = `${Date.now().toString(36)}${seq++}`;
  const { id: labId } = await expectOk<{ id: number }>(api(t, c.token).post(PATH.saveLab, { name: `Lab ${n}`, mobile: '+201001234567' }));
  const { id: serviceId } = await expectOk<{ id: number }>(
    api(t, c.token).post(PATH.saveLabService, { labId, nameAr: `تاج زركونيا ${n}`, nameEn: `Zirconia crown ${n}` }),
  );
  await expectOk(api(t, c.token).post(PATH.saveLabPrice, { labId, labServiceId: serviceId, price }));
  return { labId, serviceId };
}

/** A new order (LOS1) of the patient at the lab, as `token`; returns { id, orderNo, version }. */
export async function addOrder(
  t: TestApp,
  c: TestClinic,
  lab: { labId: number; serviceId: number },
  patientId: number,
  extra: Record<string, unknown> = {},
  token = c.token,
) {
  return expectOk<{ id: number; orderNo: number; version: number }>(
    api(t, token).post(PATH.saveLabOrder, { patientId, labId: lab.labId, labServiceId: lab.serviceId, ...extra }),
  );
}

/** A lab user of the lab (through Lab/SaveLabUser as the owner), logged in; returns its token and id. */
export async function addLabUser(t: TestApp, c: TestClinic, labId: number) {
  const n = `lab${Date.now().toString(36)}${seq++}`;
  const password = 'Lab@12345';
  const res = await api(t, c.token).post(PATH.saveLabUser, {
    labId,
    fullName: `Lab tech ${n}`,
    userName: n,
    email: `${n}@lab.test`,
    mobile: `+2011${String(Date.now() + seq).slice(-8)}`,
    password,
    branchId: c.branchId,
    countryId: 'CN3',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: number };
  return { id, token: await login(t, c.clinicName, `${n}@lab.test`, password) };
}

/** Moves an order as `token` through the clinic's status call. */
export const move = (t: TestApp, token: string, id: number, to: string, extra: Record<string, unknown> = {}) =>
  api(t, token).post(PATH.updateLabOrderStatus, { id, to, ...extra });
