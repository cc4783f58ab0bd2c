import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthRoutes } from './platform/auth/auth.routes.js';
import type { Deps } from './platform/deps.js';
import { AppError, registerErrorHandler } from './platform/errors.js';
import { registerFileRoutes } from './platform/files/files.routes.js';
import { registerHubRoute } from './platform/realtime/hub.routes.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { tuneGarbageCollector } from './platform/gc-tuning.js';
import { modules } from './modules/index.js';

/** Paths under /api that are not calls of the spec: they need no permission declaration. */
export const INFRA_PATHS = ['/api/health', '/api/openapi.json', '/api/hub', '/api/docs', '/api/files'];

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Fastify's two lines for every request ('incoming request', 'request completed') at debug instead of info: at the
 * default level (info) pino wrote them on the server's thread for every request. Failed requests are still logged
 * (here at error, and by the error handler, errors.ts).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the whole server: platform plugins, every module's calls, the web app. Never listens. */
export async function buildApp(deps: Omit<Deps, 'calls'>, options: FastifyServerOptions = {}) {
  tuneGarbageCollector();
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL },
    trustProxy:
      typeof deps.config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(deps.config.TRUST_PROXY)
        : deps.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    logController: new RequestLog(),
    ...options,
  });
  app.decorate('deps', { ...deps, calls: [] });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dentix API', version: '1.0.0', description: 'Cloud dental clinic management. See docs/api.md.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // only where a route asks for it (RouteOptions.perMinute in calls.ts), answered as our 429 too_many_attempts
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => new AppError('too_many_attempts') });
  await app.register(multipart, { limits: { fileSize: deps.config.MAX_UPLOAD_MB * 1024 * 1024, files: 10 } });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: deps.database.kind }));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHubRoute(app);
  registerFileRoutes(app);
  registerAuthRoutes(app);
  for (const register of modules) register(app);

  const webDist = deps.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb)
      throw Object.assign(new AppError('route_not_found'));
    // history-mode fallback: every other GET is the single-page app
    return reply.type('text/html').sendFile('index.html', webDist, { maxAge: 0 });
  });
  return app;
}
