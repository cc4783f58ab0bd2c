import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of every response (the web app, its pages, /api and /api/docs). The access token lives in
 * localStorage, so what keeps it is that no script but the app's own files ever runs: scripts come from this origin
 * only, no inline script, no eval, no plugin, and no other site may frame the app. The exceptions, each needed by
 * the app (docs/operations.md "Security headers"):
 * - style-src 'unsafe-inline': antd's CSS-in-JS (and Swagger UI) inject <style> tags and style attributes at run time;
 *   styles cannot run script.
 * - img-src data: blob:: antd's and Swagger UI's inline icons (data:), the preview of a logo picked before upload (blob:).
 * - font-src data:: fonts inlined into the built CSS.
 * The WebSocket /api/hub is same-origin, which 'self' covers (ws:/wss: on the same host).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
} as const;

/** Paths that serve uploaded images and PDFs (never HTML): no CSP there, a PDF viewer would be refused its plugin. */
const FILE_PATHS = '/api/files/';

/** @fastify/helmet on every route: CSP above, X-Frame-Options DENY, nosniff, Referrer-Policy same-origin, HSTS. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(FILE_PATHS))
      route.config = Object.assign(route.config ?? {}, { helmet: { contentSecurityPolicy: false } });
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // only over HTTPS (browsers ignore it on HTTP); no includeSubDomains: other hosts of the domain are not ours
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}
