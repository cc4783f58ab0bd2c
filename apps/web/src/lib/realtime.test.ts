import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HubEvent, type HubStatus, connectHub, hubUrl, resyncAfterDrop } from './realtime';

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // server side
  serverOpen() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSend(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code, reason, wasClean: code === 1000 } as CloseEvent);
  }
}

const last = () => FakeWebSocket.instances.at(-1)!;
const count = () => FakeWebSocket.instances.length;

function start(random = () => 0.5) {
  const events: HubEvent[] = [];
  const statuses: HubStatus[] = [];
  const connection = connectHub({
    clinicId: 7,
    branchId: 3,
    token: 'tok.en.sig',
    userId: 42,
    origin: 'http://clinic.test:8080',
    random,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
  });
  return { connection, events, statuses };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hubUrl', () => {
  it('maps http to ws and https to wss and carries clinic, branch and token', () => {
    expect(hubUrl('http://clinic.test:8080', { clinicId: 7, branchId: 3, token: 'Bearer abc' })).toBe(
      'ws://clinic.test:8080/api/hub?clinicId=7&branchId=3&access_token=abc',
    );
    expect(hubUrl('https://clinic.test', { clinicId: 7, branchId: null, token: 'a.b.c' })).toBe(
      'wss://clinic.test/api/hub?clinicId=7&access_token=a.b.c',
    );
  });
});

describe('connectHub', () => {
  it('sends InitConnection with the user id on open and passes events on', () => {
    const { events, statuses } = start();
    expect(count()).toBe(1);
    expect(last().url).toBe('ws://clinic.test:8080/api/hub?clinicId=7&branchId=3&access_token=tok.en.sig');
    expect(last().sent).toEqual([]);
    last().serverOpen();
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([{ type: 'InitConnection', userId: 42 }]);
    last().serverSend({ type: 'Connected' });
    expect(statuses).toEqual(['connecting', 'connected']);
    last().serverSend({ type: 'CallUser', fromUserId: 1, fromName: 'Dr' });
    last().serverSend({ type: 'Push', payload: { controller: 'GoTo', routeName: 'Dashboard' } });
    expect(events).toEqual([
      { type: 'CallUser', fromUserId: 1, fromName: 'Dr' },
      { type: 'Push', payload: { controller: 'GoTo', routeName: 'Dashboard' } },
    ]);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('reconnects after an abnormal close with a delay of at most 10 s, and only logs', () => {
    const { statuses } = start(() => 0.9999);
    last().serverOpen();
    last().serverSend({ type: 'Connected' });
    last().serverClose(1006);
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(count()).toBe(1);
    vi.advanceTimersByTime(9_000);
    expect(count()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(count()).toBe(2);
    last().serverOpen();
    expect(JSON.parse(last().sent[0]!)).toEqual({ type: 'InitConnection', userId: 42 });
    expect(console.warn).toHaveBeenCalled();
  });

  it('uses a random delay (Math.random by default) never above 10 s', () => {
    for (let i = 0; i < 20; i++) {
      FakeWebSocket.instances = [];
      const { connection } = start(Math.random);
      last().serverClose(1011);
      vi.advanceTimersByTime(10_000);
      expect(count()).toBe(2);
      connection.close();
    }
  });

  it('stops on 4401 and reports unauthorized', () => {
    const { statuses } = start();
    last().serverClose(4401, 'unauthorized');
    expect(statuses.at(-1)).toBe('unauthorized');
    vi.advanceTimersByTime(2 * 3_600_000);
    expect(count()).toBe(1);
  });

  it('stops on 4403 and on a normal close', () => {
    const a = start();
    last().serverClose(4403);
    expect(a.statuses.at(-1)).toBe('forbidden');
    const b = start();
    last().serverClose(1000);
    expect(b.statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(3_600_000);
    expect(count()).toBe(2);
  });

  it('gives up after an hour of failures since the first one', () => {
    const t0 = Date.now();
    const { statuses } = start(() => 0.9999);
    while (!statuses.includes('gave-up')) {
      last().serverClose(1006);
      if (statuses.includes('gave-up')) break;
      vi.advanceTimersByTime(10_000);
      expect(Date.now() - t0).toBeLessThanOrEqual(3_600_000 + 10_000);
    }
    const attempts = count();
    expect(attempts).toBeGreaterThan(300);
    expect(Date.now() - t0).toBeLessThanOrEqual(3_600_000);
    vi.advanceTimersByTime(3_600_000);
    expect(count()).toBe(attempts);
  });

  it('starts a new hour after a connection that worked', () => {
    const { statuses } = start(() => 0.9999);
    for (let i = 0; i < 300; i++) {
      last().serverClose(1006);
      vi.advanceTimersByTime(10_000);
    }
    // 50 minutes of failures, then the server is back for a while
    last().serverOpen();
    last().serverSend({ type: 'Connected' });
    for (let i = 0; i < 300; i++) {
      last().serverClose(1006);
      vi.advanceTimersByTime(10_000);
    }
    expect(statuses).not.toContain('gave-up');
  });

  it('close() closes normally and never reconnects', () => {
    const { connection, statuses } = start();
    const socket = last();
    socket.serverOpen();
    connection.close();
    expect(socket.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(3_600_000);
    expect(count()).toBe(1);
  });

  it('close() during a retry delay cancels the retry', () => {
    const { connection } = start();
    last().serverClose(1006);
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(count()).toBe(1);
  });
});

describe('resyncAfterDrop', () => {
  it('resyncs when the connection is back after a drop, not on the first connection', () => {
    const resync = vi.fn();
    const onStatus = resyncAfterDrop(resync);
    onStatus('connecting');
    onStatus('connected');
    expect(resync).not.toHaveBeenCalled();
    onStatus('reconnecting');
    onStatus('connecting');
    onStatus('reconnecting');
    expect(resync).not.toHaveBeenCalled();
    onStatus('connected');
    expect(resync).toHaveBeenCalledTimes(1);
    onStatus('connected');
    expect(resync).toHaveBeenCalledTimes(1);
  });
});
