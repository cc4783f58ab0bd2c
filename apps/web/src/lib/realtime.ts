import { type HubEvent, LIMITS } from '@dental/contract';

export type { HubEvent, PushController, PushPayload } from '@dental/contract';

/**
 * connecting: opening (first time or after a delay); connected: the server answered InitConnection;
 * reconnecting: the connection dropped and a retry is scheduled; unauthorized: the server refused the token
 * (4401: the caller logs out); forbidden: clinic, branch or user not allowed (4403); gave-up: no connection for
 * an hour; closed: close() was called.
 */
export type HubStatus =
  'connecting' | 'connected' | 'reconnecting' | 'unauthorized' | 'forbidden' | 'gave-up' | 'closed';

/** Close codes sent by the server. */
export const HUB_CLOSE_UNAUTHORIZED = 4401;
export const HUB_CLOSE_FORBIDDEN = 4403;
const NORMAL_CLOSE = 1000;

export interface ConnectHubOptions {
  clinicId: number;
  branchId: number | null;
  token: string;
  userId: number;
  onEvent: (event: HubEvent) => void;
  onStatus?: (status: HubStatus) => void;
  /** Origin to connect to, e.g. 'https://clinic.example' (default: the page's own). */
  origin?: string;
  /** For tests: the random source of the retry delay (0 ≤ x < 1). */
  random?: () => number;
}

export interface HubConnection {
  close(): void;
}

/** ws(s)://host/api/hub?clinicId=&branchId=&access_token= for a page origin (http → ws, https → wss). */
export function hubUrl(origin: string, params: { clinicId: number; branchId: number | null; token: string }): string {
  const url = new URL('/api/hub', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('clinicId', String(params.clinicId));
  if (params.branchId != null) url.searchParams.set('branchId', String(params.branchId));
  url.searchParams.set('access_token', params.token.replace(/^Bearer\s+/i, ''));
  return url.toString();
}

const warn = (...args: unknown[]) => console.warn('[hub]', ...args);

/**
 * A status listener that calls `resync` when the connection is back after a drop: events sent while it was down
 * were missed, so what they would have refreshed is read again. The first connection calls nothing.
 */
export function resyncAfterDrop(resync: () => void): (status: HubStatus) => void {
  let dropped = false;
  return (status) => {
    if (status === 'reconnecting') dropped = true;
    else if (status === 'connected') {
      if (dropped) resync();
      dropped = false;
    }
  };
}

const isHubEvent = (v: unknown): v is HubEvent | { type: 'Connected' } =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/**
 * Opens the live connection (spec §4): sends InitConnection on open; after an abnormal close retries after a
 * random delay of up to 10 s, for up to 1 hour from the first failure, then gives up; stops on 4401
 * ('unauthorized': the caller logs out) and 4403. Errors are only logged.
 */
export function connectHub(options: ConnectHubOptions): HubConnection {
  const { onEvent, onStatus, random = Math.random } = options;
  const origin = options.origin ?? window.location.origin;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the connection first failed since it last worked; null while it works. */
  let failingSince: number | null = null;
  let stopped = false;

  const status = (s: HubStatus) => {
    try {
      onStatus?.(s);
    } catch (err) {
      warn('status handler failed', err);
    }
  };

  const stop = (s: HubStatus) => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    status(s);
  };

  const retry = () => {
    if (stopped) return;
    const now = Date.now();
    failingSince ??= now;
    const delay = Math.floor(random() * LIMITS.hubRetryMaxDelayMs);
    if (now + delay - failingSince > LIMITS.hubRetryWindowMs) {
      warn('giving up after an hour without a connection');
      stop('gave-up');
      return;
    }
    status('reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  };

  const open = () => {
    if (stopped) return;
    status('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(hubUrl(origin, options));
    } catch (err) {
      warn('cannot open', err);
      retry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      try {
        ws.send(JSON.stringify({ type: 'InitConnection', userId: options.userId }));
      } catch (err) {
        warn('InitConnection failed', err);
      }
    };
    ws.onmessage = (e: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(typeof e.data === 'string' ? e.data : String(e.data));
      } catch {
        warn('unreadable message', e.data);
        return;
      }
      if (!isHubEvent(data)) return;
      if (data.type === 'Connected') {
        failingSince = null;
        status('connected');
        return;
      }
      try {
        onEvent(data);
      } catch (err) {
        warn('event handler failed', data.type, err);
      }
    };
    ws.onerror = () => warn('connection error');
    ws.onclose = (e: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      if (e.code === HUB_CLOSE_UNAUTHORIZED) return stop('unauthorized');
      if (e.code === HUB_CLOSE_FORBIDDEN) {
        warn('not allowed:', e.reason);
        return stop('forbidden');
      }
      if (e.code === NORMAL_CLOSE) return stop('closed');
      warn('connection closed', e.code, e.reason);
      retry();
    };
  };

  open();

  return {
    close() {
      if (stopped) return;
      stop('closed');
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
        try {
          ws.close(NORMAL_CLOSE);
        } catch {
          /* already closing */
        }
      }
    },
  };
}

let audio: AudioContext | null = null;

/** The call bell: two short sine tones made with the Web Audio API (no sound file). Never throws. */
export function playBell(): void {
  try {
    const Ctx =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const tone = (frequency: number, start: number, length: number) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const t0 = ctx.currentTime + start;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.35, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + length + 0.05);
    };
    tone(880, 0, 0.35);
    tone(660, 0.4, 0.5);
  } catch (err) {
    warn('bell failed', err);
  }
}
