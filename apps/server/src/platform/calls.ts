import {
  type CallAccess,
  type CallDescriptor,
  type Language,
  type PermissionKey,
  callPath,
  labUserMayCall,
  readsQuery,
  roleSatisfiesRule,
  tierRank,
} from '@dental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loadClinicSession, type ClinicSession } from './auth/session.js';
import { providerAdmins } from './auth/identity.table.js';
import { type TokenClaims, verifyToken } from './auth/tokens.js';
import type { Deps } from './deps.js';
import { withTenant, withTenantRead } from './db/tenancy.js';
import { JsonText } from './db/json-list.js';
import { transactionalFiles } from './files/file-store.js';
import type { Db, Tx } from './db/types.js';
import { AppError, requestLanguage } from './errors.js';
import { refuseNul } from './input-text.js';

interface BaseContext {
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Language;
  deps: Deps;
}
/** A clinic user's call: tx is the request's transaction, scoped to the session's clinic. */
export interface CallContext extends BaseContext {
  tx: Tx;
  session: ClinicSession;
}
export interface PublicContext extends BaseContext {
  db: Db;
}
export interface ProviderContext extends BaseContext {
  db: Db;
  adminId: number;
}

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;
/** A handler answers its descriptor's output, or the same already serialised by PostgreSQL (`JsonText`, hot list reads). */
type Handler<D extends CallDescriptor, C> = (
  ctx: C,
  input: z.output<D['input']>,
) => Promise<z.input<D['output']> | JsonText<z.input<D['output']>>>;

/** Path params such as `:clinicName` join the input before validation, so one schema describes the call. */
function urlOf(d: CallDescriptor) {
  return callPath(d);
}

/** Per-route options: `perMinute` limits the calls of one address in a minute (in memory, per process), else 429. */
export interface RouteOptions {
  perMinute?: number;
}

/** The token's claims of a clinic or provider call, read once before the body (see `route`). */
const requestClaims = new WeakMap<FastifyRequest, TokenClaims>();
const claimsOf = (req: FastifyRequest) => requestClaims.get(req)!;

/**
 * `authenticate` (clinic and provider calls) checks the token when the request arrives, before the body is read or
 * validated: a caller without a valid token learns nothing about the input (401 first). Then the raw input is
 * searched for NUL characters (`refuseNul`) and validated with the descriptor's schema.
 */
function route<D extends CallDescriptor>(
  app: FastifyInstance,
  d: D,
  run: (req: FastifyRequest, reply: FastifyReply, input: z.output<D['input']>) => Promise<unknown>,
  options: RouteOptions = {},
  authenticate?: (req: FastifyRequest) => TokenClaims,
) {
  const inQuery = readsQuery(d);
  app.deps.calls.push(d);
  app.route({
    method: d.method,
    url: urlOf(d),
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } } : {}),
    schema: {
      operationId: `${d.controller}_${d.action.replace(/[^A-Za-z0-9]/g, '')}`,
      tags: [d.controller],
      summary: d.summary,
      ...(d.multipart ? {} : inQuery ? { querystring: d.input } : { body: d.input }),
      response: { [d.status ?? 200]: d.output },
    },
    ...(authenticate
      ? {
          onRequest: async (req: FastifyRequest) => {
            requestClaims.set(req, authenticate(req));
          },
        }
      : {}),
    preValidation: async (req) => {
      const params = req.params as Record<string, string> | undefined;
      if (params && Object.keys(params).length) {
        if (inQuery) req.query = { ...(req.query as object), ...params };
        else req.body = { ...((req.body as object) ?? {}), ...params };
      }
      if (!inQuery && !d.multipart && req.body === undefined) req.body = {};
      refuseNul(inQuery ? req.query : d.multipart ? req.params : req.body);
    },
    handler: async (req, reply) => {
      const input = d.multipart ? undefined : inQuery ? req.query : req.body;
      const result = await run(req, reply, input as z.output<D['input']>);
      reply.status(d.status ?? 200);
      // passed through: the output schema is checked by the module's tests, not on every answer
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return result;
    },
  });
}

function clinicClaims(req: FastifyRequest, deps: Deps) {
  const claims = verifyToken(req.headers.authorization, deps.config.TOKEN_SECRET);
  if (!claims || claims.kind !== 'clinic' || !claims.cid) throw new AppError('session_expired');
  return claims;
}

/** Checks a session against a call's declared keys, tier and route rule (spec §6). */
export function checkAccess(session: ClinicSession, access: ClinicAccess) {
  if (access.permissions.length && !access.permissions.some((k) => session.permissions.has(k)))
    throw new AppError('BS11');
  if (access.rule && !roleSatisfiesRule(session.userRole, access.rule)) throw new AppError('BS14');
  if (tierRank(session.tier) < tierRank(access.tier)) throw new AppError('BS13');
}

/**
 * Registers a call made by a logged-in clinic user. Permission, tier, rule, Cid and Bid are enforced here.
 * `read: true` (hot reads that only read) runs it through withTenantRead: on PostgreSQL without a transaction, on a
 * read-only connection (a write fails); see docs/architecture.md §10.
 */
export function registerCall<D extends CallDescriptor>(
  app: FastifyInstance,
  d: D,
  handler: Handler<D, CallContext>,
  options: { read?: boolean } = {},
) {
  const scoped = options.read ? withTenantRead : withTenant;
  const access = d.access;
  if (!('permissions' in access)) throw new Error(`${callPath(d)} is not a clinic call`);
  route(
    app,
    d,
    async (req, reply, input) => {
      const claims = claimsOf(req);
      const files = transactionalFiles(app.deps.files);
      const deps = { ...app.deps, files: files.files };
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await scoped(deps.database.db, claims.cid!, async (tx, scope) => {
          const headers = {
            cid: req.headers['cid'] as string | undefined,
            bid: req.headers['bid'] as string | undefined,
          };
          const session = await loadClinicSession(tx, claims, headers, scope);
          checkAccess(session, access);
          if (session.labRole && !labUserMayCall(d)) throw new AppError('BS11');
          return handler({ req, reply, lang: requestLanguage(req), deps, tx, session }, input);
        });
      } catch (error) {
        await files.rollback();
        throw error;
      }
      await files.commit();
      return result;
    },
    {},
    (req) => clinicClaims(req, app.deps),
  );
}

/** Registers a call anyone may make (login, forget password, public pages). */
export function registerPublicCall<D extends CallDescriptor>(
  app: FastifyInstance,
  d: D,
  handler: Handler<D, PublicContext>,
  options: RouteOptions = {},
) {
  if (!('public' in d.access) || !d.access.public) throw new Error(`${callPath(d)} is not public`);
  route(
    app,
    d,
    (req, reply, input) =>
      handler({ req, reply, lang: requestLanguage(req), deps: app.deps, db: app.deps.database.db }, input),
    options,
  );
}

/** Registers a call of the provider's console (RL0 staff only). */
export function registerProviderCall<D extends CallDescriptor>(
  app: FastifyInstance,
  d: D,
  handler: Handler<D, ProviderContext>,
) {
  if (!('provider' in d.access)) throw new Error(`${callPath(d)} is not a provider call`);
  const providerClaims = (req: FastifyRequest) => {
    const claims = verifyToken(req.headers.authorization, app.deps.config.TOKEN_SECRET);
    if (!claims || claims.kind !== 'provider') throw new AppError('session_expired');
    return claims;
  };
  route(
    app,
    d,
    async (req, reply, input) => {
      const deps = app.deps;
      const claims = claimsOf(req);
      const [admin] = await deps.database.db.select().from(providerAdmins).where(eq(providerAdmins.id, claims.sub));
      if (!admin || admin.tokenVersion !== claims.ver) throw new AppError('session_expired');
      return handler({ req, reply, lang: requestLanguage(req), deps, db: deps.database.db, adminId: admin.id }, input);
    },
    {},
    providerClaims,
  );
}
