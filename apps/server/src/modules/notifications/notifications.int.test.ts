import { callPath, notificationsCalls, schedulerCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type TestApp, type TestClinic, api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { pushSubscriptions } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Envelope } from '../../platform/realtime/hub.js';
import { BOOK, dayFromToday, publicApi, uniqueMobile } from '../booking/booking-test-kit.js';
import { PATH as LAB, addLab, addLabUser, addOrder, expectError, expectOk, userIdOf } from '../labs/labs-test-kit.js';
import { notifyOverdueLabOrders } from '../labs/index.js';
import { pushNotifications } from './notification-push.js';
import { notifications } from './notifications.table.js';
import { notify } from './notify.js';

const sendNotification = vi.hoisted(() => vi.fn());
vi.mock('web-push', () => ({ default: { sendNotification } }));

const t = await testApp();
const GET = callPath(notificationsCalls.getNotifications);
const STATUS = callPath(notificationsCalls.updateNotificationStatus);
const DELETE = callPath(notificationsCalls.deleteNotification);

beforeEach(() => sendNotification.mockReset());

/** Notifies the users directly (as another module would, inside its transaction); returns the new rows' ids. */
async function give(t: TestApp, c: TestClinic, userIds: number[], n = 1) {
  for (let i = 0; i < n; i++)
    await withTenant(t.database.db, c.clinicId, (tx) =>
      notify(tx, t.app.deps, { clinicId: c.clinicId, userIds, kind: 'lab_orders_overdue', params: { count: i + 1 }, route: '/LabsOrders' }),
    );
  const rows = await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.clinicId, c.clinicId)).orderBy(notifications.id),
  );
  return rows.map((r) => r.id);
}
const list = async (token: string, query: Record<string, unknown> = {}) =>
  expectContractAnswer(notificationsCalls.getNotifications, await api(t, token).get(GET, query));

function hubRecorder() {
  const events: Envelope[] = [];
  const stop = t.app.deps.hub.onEnvelope((e) => events.push(e));
  return { events, stop };
}

describe('Notification/GetNotifications', () => {
  it("lists the caller's own notifications newest first, pages them and counts the unread", async () => {
    const c = await newClinic(t);
    const other = await newUser(t, c, []);
    await give(t, c, [c.ownerId], 3);
    await give(t, c, [userIdOf(other)]);
    const page = await list(c.token, { pageSize: 2 });
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.items.map((i) => i.params.count)).toEqual([3, 2]);
    expect(page.items[0]).toMatchObject({ kind: 'lab_orders_overdue', route: '/LabsOrders', isRead: false });
    expect((await list(c.token, { page: 2, pageSize: 2 })).items.map((i) => i.params.count)).toEqual([1]);
    expect(await list(other)).toMatchObject({ total: 1, unread: 1 });
    // any user has a notification centre, on every tier, without a key
    expect((await list(await newUser(t, await newClinic(t, { tier: 'ST0' }), []))).total).toBe(0);
  });

  it('refuses bad input with a translated 400 and no token with 401', async () => {
    const c = await newClinic(t);
    for (const query of [{ page: 0 }, { pageSize: 500 }, { unreadOnly: 'maybe' }]) {
      const res = await api(t, c.token).get(GET, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await api(t).get(GET)).statusCode).toBe(401);
  });
});

describe('Notification/UpdateNotificationStatus', () => {
  it('marks one read and unread, or all read; only the caller’s own (another user’s or clinic’s: 404)', async () => {
    const c = await newClinic(t);
    const [first, second] = await give(t, c, [c.ownerId], 2);
    expect(await expectOk(api(t, c.token).post(STATUS, { notificationId: first, isRead: true }))).toEqual({ count: 1 });
    expect(await list(c.token, { unreadOnly: true })).toMatchObject({ total: 1, unread: 1, items: [{ id: second }] });
    await expectOk(api(t, c.token).post(STATUS, { notificationId: first, isRead: false }));
    expect((await list(c.token)).unread).toBe(2);
    expect(await expectOk(api(t, c.token).post(STATUS, { all: true, isRead: true }))).toEqual({ count: 2 });
    expect((await list(c.token)).unread).toBe(0);

    const colleague = await newUser(t, c, []);
    await expectError(api(t, colleague).post(STATUS, { notificationId: first, isRead: true }), 404, 'notification_not_found');
    const stranger = await newClinic(t);
    await expectError(api(t, stranger.token).post(STATUS, { notificationId: second, isRead: false }), 404, 'notification_not_found');
    expect((await list(c.token)).unread).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    const c = await newClinic(t);
    for (const body of [{}, { isRead: true }, { notificationId: 1 }, { notificationId: 1, all: true, isRead: true }, { notificationId: 'x', isRead: true }, { all: false, isRead: true }]) {
      const res = await api(t, c.token).post(STATUS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('Notification/DeleteNotification', () => {
  it("deletes the caller's listed notifications; a list with another's is 404 and deletes none", async () => {
    const c = await newClinic(t);
    const colleague = await newUser(t, c, []);
    const [a, b, theirs] = [...(await give(t, c, [c.ownerId], 2)), ...(await give(t, c, [userIdOf(colleague)])).slice(-1)];
    await expectError(api(t, c.token).delete(DELETE, { ids: [a, theirs] }), 404, 'notification_not_found');
    const stranger = await newClinic(t);
    await expectError(api(t, stranger.token).delete(DELETE, { ids: [b] }), 404, 'notification_not_found');
    expect((await list(c.token)).total).toBe(2);
    expect(await expectOk(api(t, c.token).delete(DELETE, { ids: [a, b, a] }))).toEqual({ count: 2 });
    expect((await list(c.token)).total).toBe(0);
    expect((await list(colleague)).total).toBe(1);
    for (const body of [{}, { ids: [] }, { ids: ['x'] }]) expect((await api(t, c.token).delete(DELETE, body)).statusCode).toBe(400);
  });
});

describe('producers', () => {
  it('an online booking notifies, live over the hub, the users who see that branch’s whole calendar', async () => {
    const c = await newClinic(t);
    const secretary = await newUser(t, c, ['scheduler_view_all']);
    const doctorOnly = await newUser(t, c, ['scheduler_view_mine']);
    const hub = hubRecorder();
    const date = dayFromToday(1);
    const res = await publicApi(t).post(BOOK, { clinicName: c.clinicName, branchId: c.branchId, date, time: '10:00', name: 'منى عادل', mobile: uniqueMobile() });
    expect(res.statusCode, res.body).toBe(201);
    const mine = await list(secretary);
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({ kind: 'appointment_booked_online', params: { patient: 'منى عادل', date, time: '10:00', branch: 'Main' } });
    expect(mine.items[0]!.route).toMatch(new RegExp(`^/\\?date=${date}&appointment=\\d+$`));
    expect((await list(c.token)).unread).toBe(1); // the owner works every branch
    expect((await list(doctorOnly)).total).toBe(0);
    await expect.poll(() => hub.events.filter((e) => e.event.type === 'Notification').length).toBe(2);
    expect(hub.events).toContainEqual({ to: { clinicId: c.clinicId, userId: userIdOf(secretary) }, event: { type: 'Notification', kind: 'appointment_booked_online' } });
    hub.stop();
  });

  it('a rolled-back transaction leaves no notification and sends no event', async () => {
    const c = await newClinic(t);
    const hub = hubRecorder();
    await expect(
      withTenant(t.database.db, c.clinicId, async (tx) => {
        await notify(tx, t.app.deps, { clinicId: c.clinicId, userIds: [c.ownerId], kind: 'low_stock', params: { item: 'Gloves', quantity: 2 } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // a later committed one arrives, the rolled-back one never did
    await give(t, c, [c.ownerId]);
    await expect.poll(() => hub.events.filter((e) => e.to.clinicId === c.clinicId).length).toBe(1);
    expect(hub.events.find((e) => e.to.clinicId === c.clinicId)!.event).toEqual({ type: 'Notification', kind: 'lab_orders_overdue' });
    expect((await list(c.token)).total).toBe(1);
    hub.stop();
  });

  it("a lab marking an order ready notifies the clinic's users who follow lab orders (not the lab's users)", async () => {
    const c = await newClinic(t);
    const follower = await newUser(t, c, ['lab_orders_list']);
    const other = await newUser(t, c, ['patient_list']);
    const lab = await addLab(t, c);
    const order = await addOrder(t, c, lab, await newPatient(t, c, { name: 'Sara Ali' }));
    const labUser = await addLabUser(t, c, lab.labId);
    await expectOk(api(t, labUser.token).post(LAB.updateMyLabOrderStatus, { id: order.id, to: 'LOS2' }));
    expect((await list(follower)).total).toBe(0);
    await expectOk(api(t, labUser.token).post(LAB.updateMyLabOrderStatus, { id: order.id, to: 'ready' }));
    expect((await list(follower)).items).toMatchObject([
      { kind: 'lab_order_ready', params: { orderNo: order.orderNo, patient: 'Sara Ali' }, route: `/LabOrderDetails/${order.id}` },
    ]);
    expect((await list(other)).total).toBe(0);
    expect((await list(labUser.token)).total).toBe(0);
  });

  it('overdue lab orders: one notification a clinic day from 08:00 local, however often the job runs', async () => {
    const c = await newClinic(t);
    const follower = await newUser(t, c, ['lab_orders_list']);
    const lab = await addLab(t, c);
    const patient = await newPatient(t, c);
    await addOrder(t, c, lab, patient, { sendDate: '2020-01-01', expectedDeliveryDate: '2020-01-08' });
    await addOrder(t, c, lab, patient, { sendDate: '2020-01-01', expectedDeliveryDate: '2020-01-09' });
    const run = (iso: string) => notifyOverdueLabOrders(t.database, t.app.deps, { now: new Date(iso), clinicIds: [c.clinicId] });
    expect(await run('2030-03-01T05:30:00Z')).toBe(0); // 07:30 in Cairo: not yet
    expect(await run('2030-03-01T06:30:00Z')).toBe(2); // the follower and the owner
    expect(await run('2030-03-01T20:00:00Z')).toBe(0); // same clinic day
    expect((await list(follower)).items).toMatchObject([{ kind: 'lab_orders_overdue', params: { count: 2 }, route: '/LabsOrders' }]);
    expect(await run('2030-03-02T06:30:00Z')).toBe(2); // the next day
  });

  it('call user keeps a notification for the called user', async () => {
    const c = await newClinic(t);
    const doctor = await newUser(t, c, []);
    await expectOk(api(t, c.token).post(callPath(schedulerCalls.callUser), { userId: userIdOf(doctor), message: 'Room 2 please' }));
    expect((await list(doctor)).items).toMatchObject([{ kind: 'user_called', params: { from: 'Owner', message: 'Room 2 please' }, route: null }]);
  });
});

describe('web push', () => {
  it('pushes each notification once, in the recipient’s language, and never a day-old one', async () => {
    const c = await newClinic(t);
    const endpoint = { endpoint: 'https://push.example/n1', keys: { p256dh: 'p', auth: 'a' } };
    await withTenant(t.database.db, c.clinicId, (tx) => tx.insert(pushSubscriptions).values({ clinicId: c.clinicId, userId: c.ownerId, token: JSON.stringify(endpoint) }));
    const [first] = await give(t, c, [c.ownerId]);
    const deps = { config: { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:a@b.c' }, database: t.database, log: { warn: vi.fn(), error: vi.fn() } };
    expect(await pushNotifications(deps, { clinicIds: [c.clinicId] })).toBe(1);
    expect(await pushNotifications(deps, { clinicIds: [c.clinicId] })).toBe(0);
    const payload = JSON.parse(sendNotification.mock.calls[0]![1] as string);
    expect(payload).toMatchObject({ controller: 'GoTo', routeName: '/LabsOrders', type: 'lab_orders_overdue', bodyId: first, title: 'طلبات معمل متأخرة' });
    expect(payload.body).toContain('1');
    // a notification a day old is marked, not pushed
    await give(t, c, [c.ownerId]);
    expect(await pushNotifications(deps, { clinicIds: [c.clinicId], now: new Date(Date.now() + 25 * 3600_000) })).toBe(0);
    const left = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.$count(notifications, and(eq(notifications.clinicId, c.clinicId), eq(notifications.userId, c.ownerId))),
    );
    expect(left).toBe(2);
    expect(sendNotification).toHaveBeenCalledTimes(1);
  });
});
