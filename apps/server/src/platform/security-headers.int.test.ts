import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.js';

const webDist = mkdtempSync(join(tmpdir(), 'dentix-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Dentix</title>');
writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
const t = await testApp({ WEB_DIST: webDist });

/** The CSP as a map of directive -> sources. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header ?? '').split(';').map((d) => d.trim()).filter(Boolean)
      .map((d) => { const [name, ...sources] = d.split(/\s+/); return [name!, sources]; }),
  );

describe('security headers', () => {
  it.each([
    ['/', 200],
    ['/PatientsList', 200],
    ['/book/demo', 200],
    ['/app.js', 200],
    ['/api/health', 200],
    ['/api/Auth/RefreshCurrentUser', 401],
    ['/api/NoSuchCall', 404],
    ['/api/docs/', 200],
  ])('%s answers %i with a strict CSP, no framing, nosniff and a referrer policy', async (url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(status);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('uploaded files keep nosniff and no framing, without a CSP that would block the PDF viewer', async () => {
    const res = await t.app.inject({ url: '/api/files/clinics/1/nothing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('security headers computed once', () => {
  it('are the headers @fastify/helmet set with the same options, on JSON, HTML, errors and files', async () => {
    const Fastify = (await import('fastify')).default;
    const helmet = (await import('@fastify/helmet')).default;
    const { CSP_DIRECTIVES } = await import('./security-headers.js');
    const reference = Fastify();
    await reference.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    });
    reference.get('/x', async () => ({}));
    reference.get('/f', { helmet: { contentSecurityPolicy: false } } as object, async () => ({}));
    const securityOf = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(content-type|content-length|date|connection|keep-alive|etag|last-modified|cache-control|accept-ranges|vary|x-ratelimit.*|retry-after)$/.test(k)));
    const expected = securityOf((await reference.inject({ url: '/x' })).headers);
    const expectedFiles = securityOf((await reference.inject({ url: '/f' })).headers);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    for (const url of ['/', '/api/health', '/api/Auth/RefreshCurrentUser', '/api/NoSuchCall', '/app.js'])
      expect(securityOf((await t.app.inject({ url })).headers), url).toEqual(expected);
    expect(securityOf((await t.app.inject({ url: '/api/files/clinics/1/nothing.png' })).headers)).toEqual(expectedFiles);
    await reference.close();
  });
});
