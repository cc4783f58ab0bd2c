import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { loadClinicSession } from '../auth/session.js';
import { verifyToken } from '../auth/tokens.js';
import { withTenant } from '../db/tenancy.js';
import { AppError } from '../errors.js';
import { HUB_CLOSE, HUB_INIT_TIMEOUT_MS, HUB_PING_MS, type HubConnection, HubConnections } from './hub-connections.js';

export const HUB_PATH = '/api/hub';

type Query = { clinicId?: string; branchId?: string; access_token?: string };
type Checked =
  | { ok: true; clinicId: number; branchId: number | null; userId: number; expiresAt: number }
  | { ok: false; code: number; reason: string };

const absent = (v: string | undefined) => v === undefined || v === '' || v === 'null' || v === 'undefined';

/** Verifies the token and loads the session with the clinic and branch the socket asked for (the Cid/Bid rules). */
async function checkSocket(app: FastifyInstance, q: Query): Promise<Checked> {
  const { config, database } = app.deps;
  const claims = verifyToken(q.access_token, config.TOKEN_SECRET);
  if (!claims || claims.kind !== 'clinic' || !claims.cid)
    return { ok: false, code: HUB_CLOSE.unauthorized, reason: 'unauthorized' };
  const clinicId = absent(q.clinicId) ? claims.cid : Number(q.clinicId);
  if (clinicId !== claims.cid) return { ok: false, code: HUB_CLOSE.forbidden, reason: 'clinic not allowed' };
  try {
    const session = await withTenant(database.db, claims.cid, (tx) =>
      loadClinicSession(tx, claims, { cid: String(clinicId), bid: absent(q.branchId) ? undefined : q.branchId }),
    );
    return {
      ok: true,
      clinicId: session.clinicId,
      branchId: session.branchId,
      userId: session.userId,
      expiresAt: claims.exp,
    };
  } catch (err) {
    if (err instanceof AppError) {
      return err.code === 'session_expired'
        ? { ok: false, code: HUB_CLOSE.unauthorized, reason: 'unauthorized' }
        : { ok: false, code: HUB_CLOSE.forbidden, reason: err.code };
    }
    app.log.error({ err }, 'hub: session check failed');
    return { ok: false, code: HUB_CLOSE.serverError, reason: 'server error' };
  }
}

function parseMessage(raw: RawData): { type?: unknown; userId?: unknown } | null {
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.from(raw as ArrayBuffer).toString();
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as { type?: unknown; userId?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * The authenticated WebSocket endpoint /api/hub (spec §1, §7 "real-time hub connection").
 *
 * `GET /api/hub?clinicId=&branchId=&access_token=` — the browser cannot set headers on a WebSocket, so the token
 * and the Cid/Bid values come as query parameters and follow the same rules as the headers of a call. A bad
 * or expired token closes the socket with 4401, a clinic or branch the user may not use with 4403. The client
 * then sends `{"type":"InitConnection","userId":N}` (N must be the token's user, else 4403) and the server
 * answers `{"type":"Connected"}`; from then on the events published to the socket's clinic, branch or user
 * arrive as `{"type": ..., ...event}` JSON. Dead sockets are dropped by a ping every 30 s.
 */
export function registerHubRoute(app: FastifyInstance) {
  const connections = new HubConnections();
  const off = app.deps.hub.onEnvelope((envelope) => connections.deliver(envelope));
  const offResume = app.deps.hub.onResume(() => connections.resync());
  const pinger = setInterval(() => connections.sweep(), HUB_PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    off();
    offResume();
    connections.closeAll();
  });

  app.get(HUB_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    let conn: HubConnection | undefined;
    let closed = false;
    const initTimer = setTimeout(() => {
      if (conn?.userId == null) socket.close(HUB_CLOSE.initTimeout, 'no InitConnection');
    }, HUB_INIT_TIMEOUT_MS);
    initTimer.unref();

    // Listeners are attached at once (before the async session check) so no early message is lost.
    const checked = checkSocket(app, req.query as Query).then((result) => {
      if (closed) return null;
      if (!result.ok) {
        socket.close(result.code, result.reason);
        return null;
      }
      conn = {
        socket,
        clinicId: result.clinicId,
        branchId: result.branchId,
        userId: null,
        expiresAt: result.expiresAt,
        alive: true,
      };
      connections.add(conn);
      return { conn, tokenUserId: result.userId };
    });

    socket.on('message', (raw) => {
      void checked.then((state) => {
        if (!state || closed) return;
        const msg = parseMessage(raw);
        if (msg?.type !== 'InitConnection') return;
        if (msg.userId !== state.tokenUserId && Number(msg.userId) !== state.tokenUserId) {
          socket.close(HUB_CLOSE.forbidden, 'user not allowed');
          return;
        }
        connections.init(state.conn, state.tokenUserId);
        socket.send(JSON.stringify({ type: 'Connected' }));
      });
    });
    socket.on('pong', () => {
      if (conn) conn.alive = true;
    });
    socket.on('error', (err) => req.log.debug({ err }, 'hub socket error'));
    socket.on('close', () => {
      closed = true;
      clearTimeout(initTimer);
      if (conn) connections.remove(conn);
    });
  });
}
