import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { isSafeKey } from './file-store.js';
import { SIGNED_FILES_PREFIX, checkSignedFile, isPrivateKey } from './signed-urls.js';

const IMAGE_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };
const extOf = (key: string) => key.split('.').pop()!.toLowerCase();

function send(reply: FastifyReply, key: string, data: Buffer, type: string, cache: string) {
  reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .header('referrer-policy', 'no-referrer');
  if (type === 'application/pdf') reply.header('content-disposition', `inline; filename="${key.split('/').pop()}"`);
  return reply.send(data);
}

/**
 * GET /api/files/<key>: stored images (logos, profile photos). Keys carry 128 random bits, so a URL is as good as a
 * capability; files are served as images only, never as HTML or SVG. Private folders (patient attachments) are
 * never served here.
 *
 * GET /api/files/signed/<key>?cid=&exp=&sig=: a private file behind a short-lived signed link (signed-urls.ts);
 * 403 file_link_invalid for a wrong, tampered or expired link, 404 when the file is gone. Images are served as
 * images, PDFs as application/pdf shown inline.
 */
export function registerFileRoutes(app: FastifyInstance) {
  app.get('/api/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isSafeKey(key) || !key.startsWith('clinics/') || isPrivateKey(key) || !IMAGE_TYPES[extOf(key)])
      throw new AppError('not_found');
    const data = await app.deps.files.read(key);
    if (!data) throw new AppError('not_found');
    return send(reply, key, data, IMAGE_TYPES[extOf(key)]!, 'private, max-age=31536000, immutable');
  });

  app.get(`${SIGNED_FILES_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isSafeKey(key) || !isPrivateKey(key)) throw new AppError('not_found');
    const query = req.query as Record<string, unknown>;
    const now = Date.now();
    if (checkSignedFile(app.deps.config.TOKEN_SECRET, key, query, now) !== 'ok') throw new AppError('file_link_invalid');
    const data = await app.deps.files.read(key);
    if (!data) throw new AppError('not_found');
    const ext = extOf(key);
    const type = ext === 'pdf' ? 'application/pdf' : IMAGE_TYPES[ext];
    if (!type) throw new AppError('not_found');
    const left = Math.max(0, Math.floor((Number(query.exp) * 1000 - now) / 1000));
    return send(reply, key, data, type, `private, max-age=${left}`);
  });
}
