import { ATTACHMENT_LIMITS, callPath, patientFilesCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestClinic, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { signedFileUrl } from '../../platform/files/signed-urls.js';
import { patientAttachments, patients } from '../patients/index.js';

const t = await testApp();
const GET = callPath(patientFilesCalls.getAttachments);
const SAVE = callPath(patientFilesCalls.saveAttachments);
const UPDATE = callPath(patientFilesCalls.updateAttachmentProcedure);
const DELETE = callPath(patientFilesCalls.deleteAttachments);
const SECRET = t.app.deps.config.TOKEN_SECRET;

const png = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#079ee4' } }).png().toBuffer();
const jpeg = async () => sharp(await png()).jpeg().toBuffer();
const gif = async () => sharp(await png()).gif().toBuffer();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle r="9" cx="10" cy="10"/></svg>');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart POST of SaveAttachments, built the way a browser's FormData is sent (files in the part `files`). */
async function upload(token: string | undefined, fields: Record<string, unknown>, files: Part[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: SAVE,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      language: 'en',
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res;
}

const rowsOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(patientAttachments).where(eq(patientAttachments.clinicId, clinicId)).orderBy(asc(patientAttachments.id)),
  );
const stored = async (key: string) => (await t.app.deps.files.read(key)) !== null;
/** Keys written to the file store while `fn` runs. */
async function keysPutBy(fn: () => Promise<unknown>) {
  const put = vi.spyOn(t.app.deps.files, 'put');
  await fn();
  const keys = put.mock.calls.map((c) => c[0]);
  put.mockRestore();
  return keys;
}
afterEach(() => vi.restoreAllMocks());

async function setup(tier: 'ST0' | 'ST3' = 'ST3'): Promise<TestClinic & { patientId: number }> {
  const c = await newClinic(t, { tier });
  return { ...c, patientId: await newPatient(t, c) };
}

async function attach(c: TestClinic & { patientId: number }, files: Part[], fields: Record<string, unknown> = {}) {
  const res = await upload(c.token, { patientId: c.patientId, ...fields }, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{ id: number; url: string; thumbnailUrl: string | null; fileName: string }>;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const withQuery = (url: string, changes: Record<string, string>) => {
  const u = new URL(url, 'http://x');
  for (const [k, v] of Object.entries(changes)) u.searchParams.set(k, v);
  return `${u.pathname}?${u.searchParams}`;
};

describe('Patient/SaveAttachments, GetAttachments', () => {
  it('stores images (checked by content) with thumbnails and PDFs, lists them newest first, on the free tier', async () => {
    const c = await setup('ST0');
    const saved = await upload(c.token, { patientId: c.patientId, comments: '  Before treatment  ' }, [
      { name: 'panorama.png', data: await png(), type: 'image/png' },
      { name: 'report.pdf', data: pdf, type: 'application/pdf' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items).toHaveLength(2);
    await attach(c, [
      { name: 'scan.jfif', data: await jpeg() },
      { name: 'C:\\photos\\smile.gif', data: await gif() },
      { name: 'chart.svg', data: svg, type: 'image/svg+xml' },
    ]);

    const list = await api(t, c.token).get(GET, { patientId: c.patientId });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items;
    expect(items.map((a: { fileName: string }) => a.fileName).sort()).toEqual(
      ['chart.svg', 'panorama.png', 'report.pdf', 'scan.jfif', 'smile.gif'],
    );
    expect(items.slice(3).map((a: { fileName: string }) => a.fileName).sort()).toEqual(['panorama.png', 'report.pdf']);
    const image = items.find((a: { fileName: string }) => a.fileName === 'panorama.png');
    expect(image).toEqual({
      id: expect.any(Number),
      patientId: c.patientId,
      attachmentType: 'image',
      fileName: 'panorama.png',
      size: expect.any(Number),
      comments: 'Before treatment',
      patientProcedureId: null,
      branchId: c.branchId,
      createdBy: c.ownerId,
      authorName: 'Owner',
      createdAt: expect.any(String),
      url: expect.stringMatching(new RegExp(`^/api/files/signed/clinics/${c.clinicId}/attachments/[0-9a-f]{32}\\.png\\?cid=${c.clinicId}&exp=\\d+&sig=`)),
      thumbnailUrl: expect.stringMatching(/-thumb\.webp\?cid=/),
      urlsExpireAt: expect.any(String),
    });
    expect(Date.parse(image.urlsExpireAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const doc = items.find((a: { fileName: string }) => a.fileName === 'report.pdf');
    expect(doc).toMatchObject({ attachmentType: 'pdf', size: pdf.length, thumbnailUrl: null, comments: 'Before treatment' });

    const file = await get(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const thumb = await get(image.thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
    const document = await get(doc.url);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(/^inline/);
    expect(document.rawPayload.equals(pdf)).toBe(true);
    // the SVG is kept rasterised: no script is ever served
    const fromSvg = items.find((a: { fileName: string }) => a.fileName === 'chart.svg');
    expect((await get(fromSvg.url)).headers['content-type']).toBe('image/png');
    expect(items.find((a: { fileName: string }) => a.fileName === 'smile.gif').attachmentType).toBe('image');
  });

  it('refuses a file that is not an image or a PDF by its content, and keeps none of the batch', async () => {
    const c = await setup();
    const keys = await keysPutBy(async () => {
      const res = await expectCode(
        upload(c.token, { patientId: c.patientId }, [
          { name: 'ok.png', data: await png(), type: 'image/png' },
          { name: 'notes.png', data: Buffer.from('just some text, renamed'), type: 'image/png' },
        ]),
        400,
        'invalid_image_type',
      );
      expect(res.json()).toEqual({
        code: 'invalid_image_type',
        message: 'Invalid image type (jpg, jpeg, png, svg, gif)',
        errors: { files: 'Invalid image type (jpg, jpeg, png, svg, gif)' },
      });
    });
    expect(keys).toEqual([]); // checked before anything is stored
    const corrupt = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]);
    const partly = await keysPutBy(async () =>
      expectCode(
        upload(c.token, { patientId: c.patientId }, [
          { name: 'a.png', data: await png() },
          { name: 'b.png', data: corrupt },
        ]),
        400,
        'invalid_image_type',
      ),
    );
    expect(partly).toHaveLength(2); // the first image and its thumbnail, removed again
    for (const key of partly) expect(await stored(key)).toBe(false);
    await expectCode(upload(c.token, { patientId: c.patientId }, [{ name: 'x.html', data: Buffer.from('<html><script>alert(1)</script>') }]), 400, 'invalid_image_type');
    expect(await rowsOf(c.clinicId)).toEqual([]);
  });

  it('refuses missing fields, a bad patient id, too long comments, a file over the size limit and too many files', async () => {
    const c = await setup();
    const noFile = await expectCode(upload(c.token, { patientId: c.patientId }), 400, 'validation');
    expect(noFile.json().errors).toEqual({ files: 'This field is required' });
    const noPatient = await expectCode(upload(c.token, {}, [{ name: 'a.pdf', data: pdf }]), 400, 'validation');
    expect(noPatient.json().errors).toEqual({ patientId: 'This field is required' });
    const bad = await upload(c.token, { patientId: 'abc', comments: 'c'.repeat(501) }, [{ name: 'a.pdf', data: pdf }]);
    expect(bad.json().errors).toEqual({ patientId: 'Invalid value', comments: 'The value is too long' });
    const empty = await expectCode(upload(c.token, { patientId: c.patientId }, [{ name: 'empty.png', data: Buffer.alloc(0) }]), 400, 'validation');
    expect(empty.json().errors).toEqual({ files: 'This field is required' });

    // MAX_UPLOAD_MB (10 here) is the one upload limit, attachments included
    const limit = t.app.deps.config.MAX_UPLOAD_MB * 1024 * 1024;
    expect(limit).toBe(10 * 1024 * 1024);
    const big = Buffer.concat([pdf, Buffer.alloc(limit)]);
    const tooBig = await expectCode(upload(c.token, { patientId: c.patientId }, [{ name: 'big.pdf', data: big }]), 413, 'attachment_too_large');
    expect(tooBig.json().message).toBe('A file is larger than the upload limit');
    // just under the limit is fine
    const nearly = Buffer.concat([pdf, Buffer.alloc(limit - pdf.length - 1)]);
    expect((await upload(c.token, { patientId: c.patientId }, [{ name: 'nearly.pdf', data: nearly }])).statusCode).toBe(200);

    const eleven = Array.from({ length: ATTACHMENT_LIMITS.maxFiles + 1 }, (_, i) => ({ name: `${i}.pdf`, data: pdf }));
    await expectCode(upload(c.token, { patientId: c.patientId }, eleven), 400, 'too_many_files');
    expect((await rowsOf(c.clinicId)).map((r) => r.fileName)).toEqual(['nearly.pdf']);
    expect((await api(t, c.token).get(GET, {})).json().errors).toEqual({ patientId: 'This field is required' });
  });

  it('reads with patient_list and uploads with patient_edit or patient_procedures', async () => {
    const c = await setup();
    const none = await newUser(t, c, ['room_list']);
    await expectCode(api(t, none).get(GET, { patientId: c.patientId }), 403, 'BS11');
    const reader = await newUser(t, c, ['patient_list']);
    expect((await api(t, reader).get(GET, { patientId: c.patientId })).statusCode).toBe(200);
    await expectCode(upload(reader, { patientId: c.patientId }, [{ name: 'a.pdf', data: pdf }]), 403, 'BS11');
    expect(await rowsOf(c.clinicId)).toEqual([]);
    const assistant = await newUser(t, c, ['patient_procedures'], 'RL5');
    expect((await upload(assistant, { patientId: c.patientId }, [{ name: 'a.pdf', data: pdf }])).statusCode).toBe(200);
    const editor = await newUser(t, c, ['patient_edit'], 'RL4');
    expect((await upload(editor, { patientId: c.patientId }, [{ name: 'b.pdf', data: pdf }])).statusCode).toBe(200);
    expect((await upload(undefined, { patientId: c.patientId }, [{ name: 'c.pdf', data: pdf }])).statusCode).toBe(401);
    expect((await api(t).get(GET, { patientId: c.patientId })).statusCode).toBe(401);
    expect(await rowsOf(c.clinicId)).toHaveLength(2);
  });

  it("never lists another clinic's attachments nor uploads to its patients", async () => {
    const a = await setup();
    const b = await setup();
    await attach(a, [{ name: 'a.pdf', data: pdf }]);
    await expectCode(api(t, b.token).get(GET, { patientId: a.patientId }), 404, 'patient_not_found');
    const keys = await keysPutBy(() =>
      expectCode(upload(b.token, { patientId: a.patientId }, [{ name: 'b.pdf', data: pdf }]), 404, 'patient_not_found'),
    );
    expect(keys).toEqual([]);
    expect((await rowsOf(a.clinicId)).map((r) => r.fileName)).toEqual(['a.pdf']);
    expect(await rowsOf(b.clinicId)).toEqual([]);
  });
});

describe('Patient/UpdateAttachmentProcedure', () => {
  it('ties to a procedure, unties, changes comments; what is left out stays', async () => {
    const c = await setup('ST0');
    const [item] = await attach(c, [{ name: 'a.png', data: await png() }], { comments: 'Before' });
    const tied = await api(t, c.token).post(UPDATE, { id: item!.id, patientProcedureId: 42 });
    expect(tied.statusCode, tied.body).toBe(200);
    expect(tied.json()).toMatchObject({ id: item!.id, patientProcedureId: 42, comments: 'Before', fileName: 'a.png' });
    expect(tied.json().url).toMatch(/^\/api\/files\/signed\//);
    const commented = (await api(t, c.token).post(UPDATE, { id: item!.id, comments: ' After ' })).json();
    expect(commented).toMatchObject({ patientProcedureId: 42, comments: 'After' });
    const cleared = (await api(t, c.token).post(UPDATE, { id: item!.id, patientProcedureId: null, comments: '' })).json();
    expect(cleared).toMatchObject({ patientProcedureId: null, comments: null });
  });

  it('refuses a bad body, a missing key and another clinic’s attachment, and changes nothing', async () => {
    const a = await setup();
    const [item] = await attach(a, [{ name: 'a.pdf', data: pdf }], { comments: 'Keep', patientProcedureId: 5 });
    const bad = await expectCode(api(t, a.token).post(UPDATE, { patientProcedureId: 'x', comments: 'c'.repeat(501) }), 400, 'validation');
    expect(bad.json().errors).toEqual({ id: 'This field is required', patientProcedureId: 'Invalid value', comments: 'The value is too long' });
    const reader = await newUser(t, a, ['patient_list']);
    await expectCode(api(t, reader).post(UPDATE, { id: item!.id, comments: 'No' }), 403, 'BS11');
    const b = await setup();
    await expectCode(api(t, b.token).post(UPDATE, { id: item!.id, comments: 'Mine' }), 404, 'not_found');
    await expectCode(api(t, a.token).post(UPDATE, { id: 999_999, comments: 'x' }), 404, 'not_found');
    expect((await rowsOf(a.clinicId)).map((r) => [r.comments, r.patientProcedureId])).toEqual([['Keep', 5]]);
  });
});

describe('Patient/DeleteAttachments', () => {
  it('deletes attachments with their stored files and thumbnails', async () => {
    const c = await setup('ST0');
    const items = await attach(c, [
      { name: 'a.png', data: await png() },
      { name: 'b.pdf', data: pdf },
      { name: 'c.pdf', data: pdf },
    ]);
    const [rowA, rowB] = (await rowsOf(c.clinicId)).filter((r) => r.fileName !== 'c.pdf');
    const res = await api(t, c.token).delete(DELETE, { ids: [rowA!.id, rowB!.id, rowA!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await rowsOf(c.clinicId)).map((r) => r.fileName)).toEqual(['c.pdf']);
    for (const key of [rowA!.fileKey, rowA!.thumbnailKey!, rowB!.fileKey]) expect(await stored(key)).toBe(false);
    const gone = items.find((i) => i.fileName === 'a.png')!;
    await expectCode(get(gone.url), 404, 'not_found');
  });

  it('refuses a bad body and a missing key, and deletes nothing', async () => {
    const c = await setup();
    await attach(c, [{ name: 'a.pdf', data: pdf }]);
    const [row] = await rowsOf(c.clinicId);
    expect((await expectCode(api(t, c.token).delete(DELETE, {}), 400, 'validation')).json().errors).toEqual({ ids: 'This field is required' });
    expect((await expectCode(api(t, c.token).delete(DELETE, { ids: [] }), 400, 'validation')).json().errors).toEqual({ ids: 'This field is required' });
    expect(Object.keys((await api(t, c.token).delete(DELETE, { ids: ['x'] })).json().errors)).toEqual(['ids.0']);
    const reader = await newUser(t, c, ['patient_list']);
    await expectCode(api(t, reader).delete(DELETE, { ids: [row!.id] }), 403, 'BS11');
    expect(await rowsOf(c.clinicId)).toHaveLength(1);
    expect(await stored(row!.fileKey)).toBe(true);
  });

  it("never deletes another clinic's attachments: all the ids or none", async () => {
    const a = await setup();
    const b = await setup();
    await attach(a, [{ name: 'a.png', data: await png() }]);
    await attach(b, [{ name: 'b.pdf', data: pdf }]);
    const [theirs] = await rowsOf(a.clinicId);
    const [mine] = await rowsOf(b.clinicId);
    await expectCode(api(t, b.token).delete(DELETE, { ids: [theirs!.id] }), 404, 'not_found');
    await expectCode(api(t, b.token).delete(DELETE, { ids: [mine!.id, theirs!.id] }), 404, 'not_found');
    expect((await rowsOf(a.clinicId)).map((r) => r.id)).toEqual([theirs!.id]);
    expect((await rowsOf(b.clinicId)).map((r) => r.id)).toEqual([mine!.id]);
    for (const key of [theirs!.fileKey, theirs!.thumbnailKey!, mine!.fileKey]) expect(await stored(key)).toBe(true);
  });

  it("refuses the attachments of a deleted patient", async () => {
    const c = await setup();
    await attach(c, [{ name: 'a.pdf', data: pdf }]);
    const [row] = await rowsOf(c.clinicId);
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.update(patients).set({ deletedAt: new Date() }).where(and(eq(patients.clinicId, c.clinicId), eq(patients.id, c.patientId))),
    );
    await expectCode(api(t, c.token).get(GET, { patientId: c.patientId }), 404, 'patient_not_found');
    await expectCode(api(t, c.token).delete(DELETE, { ids: [row!.id] }), 404, 'patient_not_found');
    await expectCode(api(t, c.token).post(UPDATE, { id: row!.id, comments: 'x' }), 404, 'patient_not_found');
    expect(await rowsOf(c.clinicId)).toHaveLength(1);
  });
});

describe('serving attachments', () => {
  it('serves only through a valid, unexpired signed link of the same clinic', async () => {
    const a = await setup();
    const [item] = await attach(a, [{ name: 'a.png', data: await png() }]);
    const [row] = await rowsOf(a.clinicId);
    expect((await get(item!.url)).statusCode).toBe(200);

    const sig = new URL(item!.url, 'http://x').searchParams.get('sig')!;
    const exp = Number(new URL(item!.url, 'http://x').searchParams.get('exp'));
    await expectCode(get(withQuery(item!.url, { sig: `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}` })), 403, 'file_link_invalid');
    await expectCode(get(withQuery(item!.url, { exp: String(exp + 86_400) })), 403, 'file_link_invalid');
    const b = await newClinic(t);
    await expectCode(get(withQuery(item!.url, { cid: String(b.clinicId) })), 403, 'file_link_invalid');
    await expectCode(get(item!.url.split('?')[0]!), 403, 'file_link_invalid');
    // the signature of one file does not open another (its thumbnail)
    await expectCode(get(item!.url.replace(row!.fileKey, row!.thumbnailKey!)), 403, 'file_link_invalid');
    // a link signed an hour ago has expired
    const old = signedFileUrl(SECRET, a.clinicId, row!.fileKey, Date.now() - 3_600_000);
    await expectCode(get(old.url), 403, 'file_link_invalid');
    // a link signed with another secret is refused
    await expectCode(get(signedFileUrl('another-secret-another-secret-000', a.clinicId, row!.fileKey).url), 403, 'file_link_invalid');
  });

  it('the open files route never serves an attachment or its thumbnail', async () => {
    const a = await setup();
    await attach(a, [{ name: 'a.png', data: await png() }, { name: 'b.pdf', data: pdf }]);
    const rows = await rowsOf(a.clinicId);
    for (const key of rows.flatMap((r) => [r.fileKey, r.thumbnailKey].filter(Boolean) as string[])) {
      expect(await stored(key)).toBe(true);
      await expectCode(api(t, a.token).get(`/api/files/${key}`), 404, 'not_found');
    }
    // nor anything that is not an attachment through the signed route
    const photo = `clinics/${a.clinicId}/users/0123456789abcdef0123456789abcdef.png`;
    await t.app.deps.files.put(photo, await png());
    expect((await get(`/api/files/${photo}`)).statusCode).toBe(200);
    await expectCode(get(signedFileUrl(SECRET, a.clinicId, photo).url), 404, 'not_found');
  });
});
