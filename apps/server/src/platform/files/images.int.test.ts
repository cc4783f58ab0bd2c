import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, testApp } from '../../../test/harness.js';
import { AppError } from '../errors.js';
import { folderStore } from './file-store.js';
import { detectImageType, fileUrl, storeImage } from './images.js';

const png = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#079ee4' } }).png().toBuffer();
const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>');

describe('images', () => {
  it('tells the type by content, not by name', async () => {
    expect(detectImageType(await png())).toBe('png');
    expect(detectImageType(await sharp(await png()).jpeg().toBuffer())).toBe('jpg');
    expect(detectImageType(await sharp(await png()).gif().toBuffer())).toBe('gif');
    expect(detectImageType(svg)).toBe('svg');
    expect(detectImageType(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
    expect(detectImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
  });

  it('stores the image with a 200x200 WebP thumbnail under an unguessable key; SVG becomes PNG', async () => {
    const store = folderStore(mkdtempSync(join(tmpdir(), 'files-')));
    const stored = await storeImage(store, 7, 'users', await png());
    expect(stored.key).toMatch(/^clinics\/7\/users\/[0-9a-f]{32}\.png$/);
    const thumb = await sharp((await store.read(stored.thumbnailKey))!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 200, 200]);
    const fromSvg = await storeImage(store, 7, 'logos', svg);
    expect(fromSvg.key).toMatch(/\.png$/);
    expect(detectImageType((await store.read(fromSvg.key))!)).toBe('png');
  });

  it('refuses a file that is not an image, or is a corrupt one', async () => {
    const store = folderStore(mkdtempSync(join(tmpdir(), 'files-')));
    await expect(storeImage(store, 1, 'users', Buffer.from('hello'))).rejects.toBeInstanceOf(AppError);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]);
    await expect(storeImage(store, 1, 'users', broken)).rejects.toMatchObject({ code: 'invalid_image_type' });
  });
});

const t = await testApp();

describe('GET /api/files', () => {
  it('serves a stored image as an image, and 404 for anything else', async () => {
    const stored = await storeImage(t.app.deps.files, 3, 'users', await png());
    const res = await t.app.inject(fileUrl(stored.thumbnailKey)!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await api(t).get('/api/files/clinics/3/users/nope.png')).statusCode).toBe(404);
    expect((await api(t).get('/api/files/../../etc/passwd')).statusCode).toBe(404);
    expect((await api(t).get('/api/files/clinics/3/x.html')).statusCode).toBe(404);
  });
});
