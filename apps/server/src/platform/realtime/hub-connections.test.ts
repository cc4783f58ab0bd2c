import { describe, expect, it } from 'vitest';
import {
  HUB_CLOSE,
  HUB_MAX_BUFFERED_BYTES,
  type HubConnection,
  HubConnections,
  type HubSocket,
  matches,
} from './hub-connections.js';

function fakeSocket() {
  const s = {
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    pings: 0,
    closedWith: undefined as number | undefined,
    terminated: false,
    send(data: string) {
      s.sent.push(data);
    },
    ping() {
      s.pings++;
    },
    close(code?: number) {
      s.closedWith = code;
      s.readyState = 3;
    },
    terminate() {
      s.terminated = true;
      s.readyState = 3;
    },
  };
  return s satisfies HubSocket;
}

function conn(clinicId: number, branchId: number | null, expiresAt = Date.now() / 1000 + 3600) {
  const socket = fakeSocket();
  const c: HubConnection = { socket, clinicId, branchId, userId: null, expiresAt, alive: true };
  return { c, socket };
}

describe('audience matching', () => {
  const c = { clinicId: 1, branchId: 10, userId: 5 };
  it('matches clinic, clinic+branch and clinic+user', () => {
    expect(matches(c, { clinicId: 1 })).toBe(true);
    expect(matches(c, { clinicId: 2 })).toBe(false);
    expect(matches(c, { clinicId: 1, branchId: 10 })).toBe(true);
    expect(matches(c, { clinicId: 1, branchId: 11 })).toBe(false);
    expect(matches(c, { clinicId: 1, userId: 5 })).toBe(true);
    expect(matches(c, { clinicId: 1, userId: 6 })).toBe(false);
    expect(matches(c, { clinicId: 1, branchId: 10, userId: 5 })).toBe(true);
    expect(matches({ ...c, userId: null }, { clinicId: 1 })).toBe(false);
  });
});

describe('HubConnections', () => {
  it('resync: every initialised open socket of every clinic is told to refresh today, the others are not', () => {
    const reg = new HubConnections();
    const a = conn(1, 10);
    const b = conn(2, null);
    const waiting = conn(1, 11); // no InitConnection yet
    const closed = conn(2, 20);
    for (const x of [a, b, waiting, closed]) reg.add(x.c);
    reg.init(a.c, 5);
    reg.init(b.c, 6);
    reg.init(closed.c, 7);
    closed.socket.readyState = 3;
    expect(reg.resync()).toBe(2);
    for (const x of [a, b]) expect(x.socket.sent).toEqual(['{"type":"RefreshTodayAppointments"}']);
    expect(waiting.socket.sent).toEqual([]);
    expect(closed.socket.sent).toEqual([]);
  });

  it('delivers to initialised sockets of the audience as { type, ...event }', () => {
    const reg = new HubConnections();
    const a = conn(1, 10);
    const b = conn(1, 11);
    const pending = conn(1, 10);
    for (const x of [a, b, pending]) reg.add(x.c);
    reg.init(a.c, 5);
    reg.init(b.c, 6);
    expect(reg.deliver({ to: { clinicId: 1, branchId: 10 }, event: { type: 'RefreshTodayAppointments' } })).toBe(1);
    expect(a.socket.sent).toEqual(['{"type":"RefreshTodayAppointments"}']);
    expect(b.socket.sent).toEqual([]);
    expect(pending.socket.sent).toEqual([]);
    reg.remove(a.c);
    expect(reg.deliver({ to: { clinicId: 1 }, event: { type: 'RefreshTodayAppointments' } })).toBe(1);
    expect(reg.size).toBe(2);
  });

  it('drops a socket that fell too far behind', () => {
    const reg = new HubConnections();
    const a = conn(1, 10);
    reg.add(a.c);
    reg.init(a.c, 5);
    a.socket.bufferedAmount = HUB_MAX_BUFFERED_BYTES + 1;
    expect(reg.deliver({ to: { clinicId: 1 }, event: { type: 'RefreshTodayAppointments' } })).toBe(0);
    expect(a.socket.terminated).toBe(true);
    expect(reg.size).toBe(0);
  });

  it('pings, then drops a socket that did not answer, and closes expired ones with 4401', () => {
    const reg = new HubConnections();
    const answering = conn(1, 10);
    const dead = conn(1, 10);
    const expired = conn(1, 10, Date.now() / 1000 + 10);
    for (const x of [answering, dead, expired]) reg.add(x.c);
    reg.sweep();
    expect([answering.socket.pings, dead.socket.pings, expired.socket.pings]).toEqual([1, 1, 1]);
    answering.c.alive = true; // its pong arrived
    expired.c.alive = true;
    reg.sweep(Date.now() + 60_000);
    expect(dead.socket.terminated).toBe(true);
    expect(expired.socket.closedWith).toBe(HUB_CLOSE.unauthorized);
    expect(answering.socket.pings).toBe(2);
    expect(reg.size).toBe(1);
  });
});
