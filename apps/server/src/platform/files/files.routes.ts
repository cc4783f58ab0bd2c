import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { isSafeKey } from './file-store.js';

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/**
 * GET /api/files/<key>: stored images (logos, profile photos). Keys carry 128 random bits, so a URL is as good as a
 * capability; files are served as images only, never as HTML or SVG.
 */
export function registerFileRoutes(app: FastifyInstance) {
  app.get('/api/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isSafeKey(key) || !key.startsWith('clinics/')) throw new AppError('not_found');
    const data = await app.deps.files.read(key);
    if (!data) throw new AppError('not_found');
    const ext = key.split('.').pop()!.toLowerCase();
    return reply
      .header('content-type', TYPES[ext] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(data);
  });
}
