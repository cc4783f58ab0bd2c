import { createRequire } from 'node:module';
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

/** The routes that serve uploaded images and PDFs (never HTML): no CSP there, a PDF viewer would be refused its plugin. */
const FILE_PATHS = '/api/files/';

/** helmet's options: CSP above, X-Frame-Options DENY, nosniff, Referrer-Policy same-origin, HSTS, and helmet's defaults. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // only over HTTPS (browsers ignore it on HTTP); no includeSubDomains: other hosts of the domain are not ours
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
} as const;

type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers helmet (the one @fastify/helmet uses) sets for `options`, taken once from its middleware: helmet's
 * headers do not depend on the request. @fastify/helmet built helmet's middleware anew on every request (parsing the
 * CSP directives each time) in two hooks; these are set in one.
 */
export function helmetHeaders(options: object): HeaderList {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as { default?: unknown } & ((o: object) => (req: unknown, res: unknown, next: (e?: unknown) => void) => void);
  const middleware = (typeof helmet.default === 'function' ? helmet.default : helmet) as typeof helmet;
  const headers: Array<readonly [string, string]> = [];
  let error: unknown;
  middleware(options)({}, { setHeader: (k: string, v: unknown) => headers.push([k, String(v)]), removeHeader: () => {} }, (e) => (error = e));
  if (error) throw error;
  return Object.freeze(headers);
}

/** The security headers of every route, computed once (helmetHeaders); the file paths' without the CSP. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const everywhere = helmetHeaders(HELMET_OPTIONS);
  const files = helmetHeaders({ ...HELMET_OPTIONS, contentSecurityPolicy: false });
  app.addHook('onRequest', (req, reply, done) => {
    // as helmet did: on the raw response, so that every answer has them (errors, not found, static files)
    const res = reply.raw;
    for (const [name, value] of req.routeOptions.url?.startsWith(FILE_PATHS) ? files : everywhere) res.setHeader(name, value);
    done();
  });
}
