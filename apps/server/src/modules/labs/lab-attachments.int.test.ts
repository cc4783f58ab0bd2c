import { labsCalls } from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type TestApp, api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH, addLab, addLabUser, addOrder, expectError, expectOk, move } from './labs-test-kit.js';
import { labOrderAttachments } from './labs.table.js';

const t: TestApp = await testApp();

const png = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8b27a' } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A multipart POST the way a browser's FormData is sent (files in the part `files`). */
async function upload(url: string, token: string, fields: Record<string, unknown>, files: Array<{ name: string; data: Buffer }>, lang = 'en') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), f.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, language: lang, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

type Item = { id: number; url: string; thumbnailUrl: string | null; byLab: boolean; canDelete: boolean; fileName: string };
const items = async (res: ReturnType<typeof upload>) => (await expectOk<{ items: Item[] }>(res)).items;
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function setup() {
  const c = await newClinic(t);
  const lab = await addLab(t, c);
  const patientId = await newPatient(t, c);
  const order = await addOrder(t, c, lab, patientId);
  return { c, lab, patientId, order };
}

describe('lab order attachments', () => {
  it('the clinic uploads images and PDFs, lists them with signed links, and removes one (who and when kept)', async () => {
    const { c, order } = await setup();
    const added = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id, comments: 'upper impression' }, [
      { name: 'impression.png', data: await png() },
      { name: 'x-ray.pdf', data: pdf },
    ]));
    expect(added).toHaveLength(2);
    const list = expectContractAnswer(labsCalls.getLabOrderAttachments, await api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }));
    expect(list.items.map((i) => i.fileName).sort()).toEqual(['impression.png', 'x-ray.pdf']);
    const image = list.items.find((i) => i.attachmentType === 'image')!;
    expect(image).toMatchObject({ byLab: false, canDelete: true, comments: 'upper impression' });
    expect(image.url).toMatch(/^\/api\/files\/signed\/clinics\/\d+\/attachments\//);
    expect((await get(image.url)).statusCode).toBe(200);
    expect((await get(image.thumbnailUrl!)).headers['content-type']).toBe('image/webp');
    // the private file is not served without its signature
    expect((await get(`/api/files/${image.url.split('/api/files/signed/')[1]!.split('?')[0]}`)).statusCode).not.toBe(200);

    await expectOk(api(t, c.token).delete(PATH.deleteLabOrderAttachment, { id: image.id }));
    const after = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }));
    expect(after.items.map((i) => i.fileName)).toEqual(['x-ray.pdf']);
    const [row] = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select().from(labOrderAttachments).where(and(eq(labOrderAttachments.clinicId, c.clinicId), eq(labOrderAttachments.id, image.id))),
    );
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.deletedBy).toBeGreaterThan(0);
    await expectError(api(t, c.token).delete(PATH.deleteLabOrderAttachment, { id: image.id }), 404, 'lab_attachment_not_found');
  });

  it('refuses a file that is neither image nor PDF, a file over the limit, no file and bad fields (translated)', async () => {
    const { c, order } = await setup();
    const text = await upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'notes.txt', data: Buffer.from('hello') }], 'ar');
    expect(text.statusCode, text.body).toBe(400);
    expect(text.json()).toMatchObject({ code: 'invalid_image_type', errors: { files: expect.any(String) } });
    expect(text.json().message).toMatch(/[\u0600-\u06FF]/);
    const big = Buffer.concat([pdf, Buffer.alloc(t.app.deps.config.MAX_UPLOAD_MB * 1024 * 1024)]);
    const tooBig = await upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'big.pdf', data: big }], 'fr');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'attachment_too_large', message: 'Un fichier dépasse la taille maximale autorisée' });
    const none = await upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ files: 'This field is required' });
    const bad = await upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: 'abc' }, [{ name: 'a.pdf', data: pdf }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ labOrderId: 'Invalid value' });
    await expectError(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: 'x' }), 400, 'validation');
    await expectError(api(t, c.token).delete(PATH.deleteLabOrderAttachment, { id: -1 }), 400, 'validation');
    // nothing was kept
    expect((await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }))).items).toEqual([]);
  });

  it('answers 403 to a user without the orders key and 404 for another clinic', async () => {
    const { c, order } = await setup();
    const [added] = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'a.pdf', data: pdf }]));
    const reader = await newUser(t, c, ['patient_list'], 'RL4');
    await expectError(api(t, reader).get(PATH.getLabOrderAttachments, { labOrderId: order.id }), 403, 'BS11');
    expect((await upload(PATH.saveLabOrderAttachments, reader, { labOrderId: order.id }, [{ name: 'a.pdf', data: pdf }])).statusCode).toBe(403);
    await expectError(api(t, reader).delete(PATH.deleteLabOrderAttachment, { id: added!.id }), 403, 'BS11');

    const other = await newClinic(t);
    await expectError(api(t, other.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }), 404, 'lab_order_not_found');
    const foreign = await upload(PATH.saveLabOrderAttachments, other.token, { labOrderId: order.id }, [{ name: 'a.pdf', data: pdf }]);
    expect(foreign.statusCode).toBe(404);
    await expectError(api(t, other.token).delete(PATH.deleteLabOrderAttachment, { id: added!.id }), 404, 'lab_attachment_not_found');
    expect((await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }))).items).toHaveLength(1);
  });

  it("the order's lab user reads and adds files and removes only their own; a user of another lab gets 404", async () => {
    const { c, lab, order, patientId } = await setup();
    const otherLab = await addLab(t, c);
    const otherOrder = await addOrder(t, c, otherLab, patientId);
    const [fromClinic] = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'impression.png', data: await png() }]));
    const tech = await addLabUser(t, c, lab.labId);
    const stranger = await addLabUser(t, c, otherLab.labId);

    const seen = expectContractAnswer(labsCalls.getMyLabOrderAttachments, await api(t, tech.token).get(PATH.getMyLabOrderAttachments, { labOrderId: order.id }));
    expect(seen.items).toHaveLength(1);
    expect(seen.items[0]).toMatchObject({ id: fromClinic!.id, canDelete: false });
    expect((await get(seen.items[0]!.url)).statusCode).toBe(200);
    const [fromLab] = await items(upload(PATH.saveMyLabOrderAttachments, tech.token, { labOrderId: order.id, comments: 'try-in photo' }, [{ name: 'crown.png', data: await png() }]));
    expect(fromLab).toMatchObject({ byLab: true, canDelete: true });
    await expectError(api(t, tech.token).delete(PATH.deleteMyLabOrderAttachment, { id: fromClinic!.id }), 403, 'lab_attachment_not_own');
    // the clinic sees the lab's file
    const clinicList = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }));
    expect(clinicList.items.map((i) => i.id)).toEqual([fromLab!.id, fromClinic!.id]);

    // a user of another lab: 404 on every call for this order; the clinic's own calls stay closed to lab users
    await expectError(api(t, stranger.token).get(PATH.getMyLabOrderAttachments, { labOrderId: order.id }), 404, 'lab_order_not_found');
    expect((await upload(PATH.saveMyLabOrderAttachments, stranger.token, { labOrderId: order.id }, [{ name: 'a.pdf', data: pdf }])).statusCode).toBe(404);
    expect((await api(t, stranger.token).delete(PATH.deleteMyLabOrderAttachment, { id: fromLab!.id })).statusCode).toBe(404);
    await expectError(api(t, tech.token).get(PATH.getMyLabOrderAttachments, { labOrderId: otherOrder.id }), 404, 'lab_order_not_found');
    await expectError(api(t, tech.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }), 403, 'BS11');
    await expectError(api(t, c.token).get(PATH.getMyLabOrderAttachments, { labOrderId: order.id }), 403, 'lab_user_not_linked');

    await expectOk(api(t, tech.token).delete(PATH.deleteMyLabOrderAttachment, { id: fromLab!.id }));
    expect((await expectOk<{ items: Item[] }>(api(t, tech.token).get(PATH.getMyLabOrderAttachments, { labOrderId: order.id }))).items).toHaveLength(1);
  });
});

describe('a used or cancelled order', () => {
  it('refuses new files (409, translated) from the clinic and the lab; the files it has stay listed and readable', async () => {
    const { c, lab, order, patientId } = await setup();
    const tech = await addLabUser(t, c, lab.labId);
    const [kept] = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'impression.png', data: await png() }]));
    for (const to of ['LOS2', 'LOS7', 'LOS3']) await expectOk(move(t, c.token, order.id, to));
    const cancelled = await addOrder(t, c, lab, patientId);
    await expectOk(move(t, c.token, cancelled.id, 'LOS6'));

    const messages = {
      ar: 'لا يمكن إضافة مرفقات إلى طلب معمل تم استخدامه أو إلغاؤه',
      en: "Files can't be added to a lab order that was used or cancelled",
      fr: "On ne peut pas ajouter de fichiers à une commande de laboratoire utilisée ou annulée",
    };
    for (const [lang, message] of Object.entries(messages)) {
      for (const id of [order.id, cancelled.id]) {
        const res = await upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: id }, [{ name: 'late.pdf', data: pdf }], lang);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ code: 'lab_attachment_order_closed', message });
      }
    }
    const fromLab = await upload(PATH.saveMyLabOrderAttachments, tech.token, { labOrderId: order.id }, [{ name: 'late.pdf', data: pdf }]);
    expect(fromLab.statusCode, fromLab.body).toBe(409);
    expect(fromLab.json()).toMatchObject({ code: 'lab_attachment_order_closed' });

    // nothing was added; the used order's file is still listed, with a working link, for the clinic and the lab
    const list = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }));
    expect(list.items.map((i) => i.id)).toEqual([kept!.id]);
    expect((await get(list.items[0]!.url)).statusCode).toBe(200);
    expect((await expectOk<{ items: Item[] }>(api(t, tech.token).get(PATH.getMyLabOrderAttachments, { labOrderId: order.id }))).items).toHaveLength(1);
    expect((await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: cancelled.id }))).items).toEqual([]);
  });

  // PostgreSQL only: the move holds the order's row on one connection while the upload runs on another
  it.skipIf(t.database.kind !== 'postgres')('an upload that meets a cancel in progress waits for it, then is refused', async () => {
    const { c, order } = await setup();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // a status move as UpdateLabOrderStatus makes it: the order's row locked for update, then the new status
    const cancel = withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx.execute(sql`select id from lab_orders where clinic_id = ${c.clinicId} and id = ${order.id} for update`);
      holding();
      await released;
      await tx.execute(sql`update lab_orders set status = 'LOS6' where clinic_id = ${c.clinicId} and id = ${order.id}`);
    });
    await held;
    let settled = false;
    const uploading = upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'late.pdf', data: pdf }]).finally(() => (settled = true));
    // the upload waits on the move's lock (its own check of the order's row, or without it the attachment's foreign key)
    const waiting = () => t.database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    for (let i = 0; !settled && (await waiting())[0]!.n === 0; i++) expect(i).toBeLessThan(100_000);
    release();
    await cancel;
    const res = await uploading;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'lab_attachment_order_closed' });
    expect((await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }))).items).toEqual([]);
  });

  it('a cancelled order keeps its files (rows and stored files), and the clinic may still remove one from the list', async () => {
    const { c, order } = await setup();
    const [image, scan] = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [
      { name: 'impression.png', data: await png() },
      { name: 'x-ray.pdf', data: pdf },
    ]));
    await expectOk(move(t, c.token, order.id, 'LOS6'));
    const list = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }));
    expect(list.items.map((i) => i.id).sort()).toEqual([image!.id, scan!.id].sort());
    for (const i of list.items) expect((await get(i.url)).statusCode).toBe(200);
    await expectOk(api(t, c.token).delete(PATH.deleteLabOrderAttachment, { id: scan!.id }));
    expect((await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getLabOrderAttachments, { labOrderId: order.id }))).items.map((i) => i.id)).toEqual([image!.id]);
  });
});

describe('deleting a lab order', () => {
  const keysOf = (clinicId: number, labOrderId: number) =>
    withTenant(t.database.db, clinicId, async (tx) =>
      (await tx
        .select({ fileKey: labOrderAttachments.fileKey, thumbnailKey: labOrderAttachments.thumbnailKey })
        .from(labOrderAttachments)
        .where(and(eq(labOrderAttachments.clinicId, clinicId), eq(labOrderAttachments.labOrderId, labOrderId))))
        .flatMap((r) => (r.thumbnailKey ? [r.fileKey, r.thumbnailKey] : [r.fileKey])),
    );
  const stored = async (keys: string[]) =>
    (await Promise.all(keys.map(async (key) => ((await t.app.deps.files.read(key)) ? key : null)))).filter(Boolean);

  it('removes its attachments’ files (also the ones removed from the list) once the delete has committed', async () => {
    const { c, order } = await setup();
    const [image] = await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [
      { name: 'impression.png', data: await png() },
      { name: 'x-ray.pdf', data: pdf },
    ]));
    await expectOk(api(t, c.token).delete(PATH.deleteLabOrderAttachment, { id: image!.id }));
    const keys = await keysOf(c.clinicId, order.id);
    expect(keys).toHaveLength(3);
    expect(await stored(keys)).toEqual(keys);

    await expectOk(api(t, c.token).delete(PATH.deleteLabOrder, { id: order.id }));
    expect(await keysOf(c.clinicId, order.id)).toEqual([]);
    expect(await stored(keys)).toEqual([]);
  });

  it('a refused delete keeps the files', async () => {
    const { c, order } = await setup();
    await items(upload(PATH.saveLabOrderAttachments, c.token, { labOrderId: order.id }, [{ name: 'x-ray.pdf', data: pdf }]));
    const keys = await keysOf(c.clinicId, order.id);
    const other = await newClinic(t);
    await expectError(api(t, other.token).delete(PATH.deleteLabOrder, { id: order.id }), 404, 'lab_order_not_found');
    await expectOk(move(t, c.token, order.id, 'LOS2'));
    await expectError(api(t, c.token).delete(PATH.deleteLabOrder, { id: order.id }), 409, 'lab_order_not_deletable');
    expect(await stored(keys)).toEqual(keys);
  });
});
