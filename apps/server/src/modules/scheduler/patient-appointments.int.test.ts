import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { branches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientBranches } from '../patients/patients.table.js';
import { schedulerCalls } from '@dental/contract';
import { PATH, book, bookable, expectError, expectOk, newDoctor, setAppointment } from './scheduler-test-kit.js';

/* Cleander/GetPatientAppointments (issue 18): the patient file's appointments tab. */

const t = await testApp();
const d = schedulerCalls.getPatientAppointments;
const HOUR = 3_600_000;
/** Moves an appointment to start `hours` from now (negative: in the past), lasting half an hour. */
const moveTo = (hours: number) => {
  const start = new Date(Date.now() + hours * HOUR);
  return { startsAt: start, endsAt: new Date(start.getTime() + HOUR / 2) };
};

async function addBranch(clinicId: number, name: string) {
  return withTenant(t.database.db, clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

type Page = {
  items: Array<{ id: number; branchName: string; doctorName: string | null; roomName: string | null }>;
  total: number;
};

describe('Cleander/GetPatientAppointments', () => {
  it('splits at now: upcoming soonest first, past newest first, all newest first, paged, with names', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    // four appointments booked on a free day, then moved around now: 2 and 30 hours ahead, 3 and 50 hours ago
    const made = [];
    for (const [from, to] of [
      ['09:00', '09:30'],
      ['10:00', '10:30'],
      ['11:00', '11:30'],
      ['12:00', '12:30'],
    ] as const)
      made.push((await book(t, c.token, b, from, to)).id);
    const [soon, later, recent, old] = made as [number, number, number, number];
    await setAppointment(t, c, soon, moveTo(2));
    await setAppointment(t, c, later, moveTo(30));
    await setAppointment(t, c, recent, moveTo(-3));
    await setAppointment(t, c, old, moveTo(-50));
    // another patient's appointment is not listed
    await book(t, c.token, { ...b, patientId: await newPatient(t, c) }, '09:00', '09:30');

    const read = async (query: Record<string, unknown>) =>
      expectContractAnswer(
        d,
        await api(t, c.token).get(PATH.getPatientAppointments, { patientId: b.patientId, ...query }),
      ) as Page;
    const ids = (p: Page) => p.items.map((i) => i.id);

    const upcoming = await read({ when: 'upcoming' });
    expect(ids(upcoming)).toEqual([soon, later]);
    expect(upcoming.total).toBe(2);
    expect(upcoming.items[0]).toMatchObject({
      branchName: expect.any(String),
      doctorName: expect.any(String),
      roomName: expect.any(String),
    });
    expect(ids(await read({}))).toEqual([soon, later]); // upcoming is the default
    expect(ids(await read({ when: 'past' }))).toEqual([recent, old]);
    expect(ids(await read({ when: 'all' }))).toEqual([later, soon, recent, old]);
    const page2 = await read({ when: 'all', page: 2, pageSize: 3 });
    expect(ids(page2)).toEqual([old]);
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
  });

  it('needs a calendar key (403), and lists only the doctor’s own with scheduler_view_mine', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const others = await book(t, c.token, b, '10:00', '10:30');
    const theirs = await book(t, c.token, b, '11:00', '11:30');
    const without = await newUser(t, c, ['patient_list'], 'RL4');
    await expectError(api(t, without).get(PATH.getPatientAppointments, { patientId: b.patientId }), 403, 'BS11');
    const doctor = await newDoctor(t, c, ['scheduler_view_mine']);
    await setAppointment(t, c, theirs.id, { doctorId: doctor.id });
    const answer = await expectOk<Page>(api(t, doctor.token).get(PATH.getPatientAppointments, { patientId: b.patientId }));
    expect(answer.items.map((i) => i.id)).toEqual([theirs.id]);
    expect(answer.total).toBe(1);
    const all = await expectOk<Page>(api(t, c.token).get(PATH.getPatientAppointments, { patientId: b.patientId }));
    expect(all.items.map((i) => i.id)).toEqual([others.id, theirs.id]);
  });

  it('another clinic’s patient is 404; a patient of none of the user’s branches is 403 BS15', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await newPatient(t, other);
    await expectError(
      api(t, c.token).get(PATH.getPatientAppointments, { patientId: theirs }),
      404,
      'patient_not_found',
    );
    const second = await addBranch(c.clinicId, 'Second');
    const away = await newPatient(t, c);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx
        .update(patientBranches)
        .set({ branchId: second })
        .where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, away))),
    );
    const secretary = await newUser(t, c, ['scheduler_view_all'], 'RL4');
    await expectError(api(t, secretary).get(PATH.getPatientAppointments, { patientId: away }), 403, 'BS15');
    // a patient of their branch: the appointments in a branch they do not work in are left out
    const b = await bookable(t, c);
    const here = await book(t, c.token, b, '10:00', '10:30');
    await book(t, c.token, b, '11:00', '11:30', { branchId: second });
    const seen = await expectOk<Page>(api(t, secretary).get(PATH.getPatientAppointments, { patientId: b.patientId }));
    expect(seen.items.map((i) => i.id)).toEqual([here.id]);
    expect(seen.total).toBe(1);
  });

  it('answers bad input with 400 and a translated message', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    for (const query of [
      {},
      { patientId: 'x' },
      { patientId, when: 'soon' },
      { patientId, page: 0 },
      { patientId, pageSize: 1000 },
      { patientId, page: 'a' },
    ]) {
      const res = await api(t, c.token).get(PATH.getPatientAppointments, query);
      expect(res.statusCode, JSON.stringify(query) + res.body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
