import { authCalls, callPath, usersCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newUser, testApp } from '../../../test/harness.js';
import { userWorkingHours } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();
const SAVE = callPath(usersCalls.updateUserWorkingDays);
const GET = callPath(usersCalls.getUser);
const ME = callPath(authCalls.refreshCurrentUser);

const hoursOf = (clinicId: number, userId: number) =>
  withTenant(t.database.db, clinicId, async (tx) =>
    (
      await tx
        .select()
        .from(userWorkingHours)
        .where(and(eq(userWorkingHours.clinicId, clinicId), eq(userWorkingHours.userId, userId)))
        .orderBy(asc(userWorkingHours.dayOfWeek), asc(userWorkingHours.startTime))
    ).map((h) => [h.dayOfWeek, h.startTime, h.endTime]),
  );

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

const week = [
  {
    dayOfWeek: 4,
    shifts: [
      { start: '16:00', end: '24:00' },
      { start: '09:00', end: '13:00' },
    ],
  },
  { dayOfWeek: 0, shifts: [{ start: '10:00', end: '14:00' }] },
  { dayOfWeek: 5, shifts: [] },
];

describe('User/UpdateUserWorkingDays', () => {
  it("replaces a user's week, keeps the start,end summary, and GetUser shows it sorted", async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const res = await api(t, c.token).post(SAVE, { userId: c.ownerId, days: week });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await hoursOf(c.clinicId, c.ownerId)).toEqual([
      [0, '10:00', '14:00'],
      [4, '09:00', '13:00'],
      [4, '16:00', '24:00'],
    ]);
    expect((await api(t, c.token).get(ME)).json().workingHours).toBe('09:00,24:00');
    const user = (await api(t, c.token).get(GET)).json();
    expect(user.workingHours).toBe('09:00,24:00');
    expect(user.workingDays).toEqual([
      { dayOfWeek: 0, shifts: [{ start: '10:00', end: '14:00' }] },
      {
        dayOfWeek: 4,
        shifts: [
          { start: '09:00', end: '13:00' },
          { start: '16:00', end: '24:00' },
        ],
      },
    ]);
    // a new week replaces the old one; an empty one clears it
    const again = await api(t, c.token).post(SAVE, {
      userId: c.ownerId,
      days: [{ dayOfWeek: 6, shifts: [{ start: '08:00', end: '12:00' }] }],
    });
    expect(again.statusCode).toBe(200);
    expect(await hoursOf(c.clinicId, c.ownerId)).toEqual([[6, '08:00', '12:00']]);
    expect((await api(t, c.token).post(SAVE, { userId: c.ownerId, days: [] })).statusCode).toBe(200);
    expect(await hoursOf(c.clinicId, c.ownerId)).toEqual([]);
    expect((await api(t, c.token).get(ME)).json().workingHours).toBeNull();
  });

  it("refuses a start not before its end, overlapping shifts and bad times with 'invalid working hours' on the field", async () => {
    const c = await newClinic(t);
    await api(t, c.token).post(SAVE, { userId: c.ownerId, days: week });
    const overlap = await api(t, c.token).post(SAVE, {
      userId: c.ownerId,
      days: [
        {
          dayOfWeek: 1,
          shifts: [
            { start: '09:00', end: '13:00' },
            { start: '12:30', end: '15:00' },
          ],
        },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: { 'days.0.shifts.1.start': 'Invalid working hours' },
    });
    const backwards = await api(t, c.token, { language: 'ar' }).post(SAVE, {
      userId: c.ownerId,
      days: [{ dayOfWeek: 2, shifts: [{ start: '18:00', end: '09:00' }] }],
    });
    expect(backwards.json().errors).toEqual({ 'days.0.shifts.0.end': 'ساعات العمل غير صالحة' });
    const badTimes = await api(t, c.token).post(SAVE, {
      userId: c.ownerId,
      days: [{ dayOfWeek: 9, shifts: [{ start: '25:00', end: '24:30' }] }],
    });
    expect(badTimes.json().errors).toEqual({
      'days.0.dayOfWeek': 'Invalid value',
      'days.0.shifts.0.start': 'Invalid working hours',
      'days.0.shifts.0.end': 'Invalid working hours',
    });
    const twice = await api(t, c.token).post(SAVE, {
      userId: c.ownerId,
      days: [
        { dayOfWeek: 1, shifts: [{ start: '09:00', end: '10:00' }] },
        { dayOfWeek: 1, shifts: [{ start: '11:00', end: '12:00' }] },
      ],
    });
    expect(twice.json().errors).toEqual({ 'days.1.dayOfWeek': 'Invalid value' });
    expect((await api(t, c.token).post(SAVE, {})).json().errors).toEqual({
      userId: 'This field is required',
      days: 'This field is required',
    });
    expect(await hoursOf(c.clinicId, c.ownerId)).toHaveLength(3);
  });

  it("needs user_edit, only an owner sets an owner's hours, and another clinic's user is 404 and unchanged", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const plain = await newUser(t, c, ['user_list'], 'RL2');
    const plainId = (await api(t, plain).get(ME)).json().userId;
    const days = [{ dayOfWeek: 0, shifts: [{ start: '09:00', end: '17:00' }] }];
    await expectCode(api(t, plain).post(SAVE, { userId: plainId, days }), 403, 'BS11');
    const editor = await newUser(t, c, ['user_list', 'user_edit'], 'RL2');
    expect((await api(t, editor).post(SAVE, { userId: plainId, days })).statusCode).toBe(200);
    await expectCode(api(t, editor).post(SAVE, { userId: c.ownerId, days }), 403, 'action_not_allowed');
    await api(t, other.token).post(SAVE, { userId: other.ownerId, days });
    await expectCode(api(t, c.token).post(SAVE, { userId: other.ownerId, days: [] }), 404, 'user_not_found');
    expect(await hoursOf(other.clinicId, other.ownerId)).toEqual([[0, '09:00', '17:00']]);
    expect(await hoursOf(c.clinicId, c.ownerId)).toEqual([]);
  });
});

describe('User/UpdateUserWorkingDays, many at once (issue 13)', () => {
  it('50 saves of one user\'s week with two different weeks: all succeed, the week is one of them, never both', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const weeks = [[{ dayOfWeek: 1, shifts: [{ start: '09:00', end: '13:00' }] }], [{ dayOfWeek: 1, shifts: [{ start: '12:00', end: '18:00' }] }]];
    const { tally } = await concurrently(50, (i) => api(t, c.token).post(SAVE, { userId: c.ownerId, days: weeks[i % 2] }));
    expect(tally).toEqual({ '200': 50 });
    expect([[[1, '09:00', '13:00']], [[1, '12:00', '18:00']]]).toContainEqual(await hoursOf(c.clinicId, c.ownerId));
  });
});
