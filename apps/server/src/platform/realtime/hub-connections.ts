import type { Audience, Envelope } from './hub.js';

/** WebSocket close codes of the hub (4000-4999 are the application's own range). */
export const HUB_CLOSE = {
  /** Missing, invalid or expired token, or a session that no longer exists: the client logs out. */
  unauthorized: 4401,
  /** The clinic, the branch or the user id is not the token's (or not allowed): the client stops. */
  forbidden: 4403,
  /** No InitConnection in time: the client may reconnect. */
  initTimeout: 4408,
  /** The server could not check the session (database error): the client may reconnect. */
  serverError: 1011,
} as const;

/** Ping period: a socket that has not answered the previous ping by the next one is dropped. */
export const HUB_PING_MS = 30_000;
/** A socket has this long after opening to send InitConnection. */
export const HUB_INIT_TIMEOUT_MS = 30_000;
/** A client that has this much unsent data is too slow to keep up: it is dropped (it reconnects). */
export const HUB_MAX_BUFFERED_BYTES = 1024 * 1024;

/** The part of a `ws` socket the registry uses (so it can be tested with a fake). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

const OPEN = 1;

export interface HubConnection {
  socket: HubSocket;
  clinicId: number;
  branchId: number | null;
  /** Set by InitConnection; until then the socket receives no events. */
  userId: number | null;
  /** Token expiry, seconds since the epoch: the socket is closed 4401 once it has passed. */
  expiresAt: number;
  /** Answered the last ping. */
  alive: boolean;
}

/** True when a connection belongs to an event's audience. */
export function matches(c: Pick<HubConnection, 'clinicId' | 'branchId' | 'userId'>, to: Audience): boolean {
  if (c.userId === null || c.clinicId !== to.clinicId) return false;
  if (to.branchId != null && c.branchId !== to.branchId) return false;
  if (to.userId != null && c.userId !== to.userId) return false;
  return true;
}

/** The sockets of one server process, indexed by clinic. */
export class HubConnections {
  /** Every authenticated socket (pinged and expiry-checked). */
  private readonly all = new Set<HubConnection>();
  /** Initialised sockets by clinic (the ones events go to). */
  private readonly byClinic = new Map<number, Set<HubConnection>>();

  get size() {
    return this.all.size;
  }

  add(c: HubConnection) {
    this.all.add(c);
  }

  /** Marks a connection initialised for a user: from now on it receives that user's events. */
  init(c: HubConnection, userId: number) {
    c.userId = userId;
    let set = this.byClinic.get(c.clinicId);
    if (!set) this.byClinic.set(c.clinicId, (set = new Set()));
    set.add(c);
  }

  remove(c: HubConnection) {
    this.all.delete(c);
    const set = this.byClinic.get(c.clinicId);
    if (set?.delete(c) && set.size === 0) this.byClinic.delete(c.clinicId);
  }

  /** The initialised connections an event goes to. */
  audience(to: Audience): HubConnection[] {
    return [...(this.byClinic.get(to.clinicId) ?? [])].filter((c) => matches(c, to));
  }

  /** Sends an envelope's event, as `{ type, ...event }` JSON, to every matching open socket. Returns how many. */
  deliver(envelope: Envelope): number {
    const targets = this.audience(envelope.to);
    if (!targets.length) return 0;
    const data = JSON.stringify({ ...envelope.event, type: envelope.event.type });
    let sent = 0;
    for (const c of targets) {
      if (c.socket.readyState !== OPEN) continue;
      if (c.socket.bufferedAmount > HUB_MAX_BUFFERED_BYTES) {
        c.socket.terminate();
        this.remove(c);
        continue;
      }
      try {
        c.socket.send(data);
        sent++;
      } catch {
        /* the socket is closing; its close handler removes it */
      }
    }
    return sent;
  }

  /**
   * After events may have been missed (the process's LISTEN connection was lost and is back): every initialised
   * socket is told to read today's appointments again, as after a change. Returns how many were told.
   */
  resync(): number {
    let sent = 0;
    for (const clinicId of [...this.byClinic.keys()])
      sent += this.deliver({ to: { clinicId }, event: { type: 'RefreshTodayAppointments' } });
    return sent;
  }

  /**
   * One ping round: drops sockets that did not answer the previous ping, closes those whose token has expired
   * (4401) and pings the rest.
   */
  sweep(nowMs = Date.now()) {
    for (const c of [...this.all]) {
      if (!c.alive) {
        c.socket.terminate();
        this.remove(c);
        continue;
      }
      if (c.expiresAt * 1000 <= nowMs) {
        c.socket.close(HUB_CLOSE.unauthorized, 'token expired');
        this.remove(c);
        continue;
      }
      c.alive = false;
      try {
        c.socket.ping();
      } catch {
        /* closing */
      }
    }
  }

  /** Closes every socket (server shutdown): clients see an abnormal close and reconnect to another process. */
  closeAll(code = 1001, reason = 'server shutting down') {
    for (const c of [...this.all]) {
      try {
        c.socket.close(code, reason);
      } catch {
        c.socket.terminate();
      }
      this.remove(c);
    }
  }
}
