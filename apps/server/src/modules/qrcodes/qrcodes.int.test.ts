import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, setTier, testApp } from '../../../test/harness.js';
import { FB, QR, expectError, expectOk, rowsIn, twoQuestions, visit } from '../feedback/feedback-test-kit.js';

const t = await testApp();
const scan = (body: Record<string, unknown>, ip = '198.51.100.1') => api(t, undefined, { 'x-forwarded-for': ip }).post(QR.scanQrCode, body);
type Item = { id: number; purpose: string; label: string; branchId: number | null; branchName: string | null; url: string | null; isActive: boolean; path: string };
const list = async (token: string) => (await expectOk<{ items: Item[] }>(api(t, token).get(QR.getQrCodes))).items;
/** The token and purpose of a code's page path. */
const qidOf = (item: Item) => item.path.split('/')[3]!;

describe('QrCode/GetQrCodes, SaveQrCode, DeleteQrCode', () => {
  it('creates, lists, updates and deletes codes on tier ST2', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    const booking = await expectOk<{ id: number }>(api(t, c.token).post(QR.saveQrCode, { purpose: 'booking', label: 'Window' }));
    const checkin = await expectOk<{ id: number }>(api(t, c.token).post(QR.saveQrCode, { purpose: 'checkin', label: 'Reception', branchId: c.branchId }));
    const social = await expectOk<{ id: number }>(api(t, c.token).post(QR.saveQrCode, { purpose: 'social', label: 'Instagram', url: 'https://instagram.com/clinic' }));
    const items = await list(c.token);
    expect(items.map((i) => [i.id, i.purpose, i.label, i.branchName, i.url, i.isActive])).toEqual([
      [booking.id, 'booking', 'Window', null, null, true],
      [checkin.id, 'checkin', 'Reception', 'Main', null, true],
      [social.id, 'social', 'Instagram', null, 'https://instagram.com/clinic', true],
    ]);
    expect(items[1]!.path).toMatch(/^\/pages\/QrCode\/[0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/checkin$/);
    // an edit keeps the token (printed copies keep working)
    await expectOk(api(t, c.token).post(QR.saveQrCode, { id: checkin.id, purpose: 'checkin', label: 'Desk', branchId: c.branchId, isActive: false }));
    const after = await list(c.token);
    expect(after[1]).toMatchObject({ label: 'Desk', isActive: false, path: items[1]!.path });
    await expectOk(api(t, c.token).delete(QR.deleteQrCode, { id: social.id }));
    expect((await list(c.token)).map((i) => i.id)).toEqual([booking.id, checkin.id]);
    await expectError(api(t, c.token).delete(QR.deleteQrCode, { id: social.id }), 404, 'qr_code_not_found');
  });

  it('bad input is 400; lower tiers 403 BS13; missing keys 403 BS11; another clinic\'s code 404', async () => {
    const c = await newClinic(t);
    const save = (body: Record<string, unknown>) => api(t, c.token).post(QR.saveQrCode, body);
    expect((await expectError(save({ purpose: 'social', label: 'x' }), 400, 'validation')).errors).toHaveProperty('url');
    expect((await expectError(save({ purpose: 'checkin', label: 'x' }), 400, 'validation')).errors).toHaveProperty('branchId');
    await expectError(save({ purpose: 'social', label: 'x', url: 'javascript:alert(1)' }), 400, 'validation');
    await expectError(save({ purpose: 'door', label: 'x' }), 400, 'validation');
    await expectError(save({ purpose: 'booking', label: '' }), 400, 'validation');
    await expectError(save({ purpose: 'checkin', label: 'x', branchId: 999999 }), 400, 'validation');
    await expectError(api(t, c.token).get(QR.getQrCodes, { purpose: 'x' }), 400, 'validation');
    const { id } = await expectOk<{ id: number }>(save({ purpose: 'booking', label: 'x' }));

    const lister = await newUser(t, c, ['patient_qrcodes_list']);
    expect(await list(lister)).toHaveLength(1);
    await expectError(api(t, lister).post(QR.saveQrCode, { purpose: 'booking', label: 'y' }), 403, 'BS11');
    await expectError(api(t, lister).delete(QR.deleteQrCode, { id }), 403, 'BS11');
    await expectError(api(t, await newUser(t, c, ['patient_list'])).get(QR.getQrCodes), 403, 'BS11');

    for (const tier of ['ST0', 'ST1'] as const) {
      await setTier(t, c.clinicId, tier);
      await expectError(api(t, c.token).get(QR.getQrCodes), 403, 'BS13');
      await expectError(save({ purpose: 'booking', label: 'z' }), 403, 'BS13');
      await expectError(api(t, c.token).delete(QR.deleteQrCode, { id }), 403, 'BS13');
    }
    await setTier(t, c.clinicId, 'ST3');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(QR.saveQrCode, { id, purpose: 'booking', label: 'y' }), 404, 'qr_code_not_found');
    await expectError(api(t, other.token).delete(QR.deleteQrCode, { id }), 404, 'qr_code_not_found');
    expect(await list(other.token)).toEqual([]);
  });
});

describe('QrCode/ScanQrCode (the public page)', () => {
  it('booking opens the booking page; social the link; nothing else is said', async () => {
    const c = await newClinic(t);
    await api(t, c.token).post(QR.saveQrCode, { purpose: 'booking', label: 'b' });
    await api(t, c.token).post(QR.saveQrCode, { purpose: 'social', label: 's', url: 'https://example.org/clinic' });
    const [booking, social] = await list(c.token);
    expect(await expectOk(scan({ qid: qidOf(booking!), type: 'booking' }))).toEqual({ action: 'open', purpose: 'booking', path: `/book/${c.clinicName}`, url: null, startsAt: null });
    expect(await expectOk(scan({ qid: qidOf(social!) }))).toEqual({ action: 'open', purpose: 'social', path: null, url: 'https://example.org/clinic', startsAt: null });
  });

  it('check-in by mobile marks today\'s appointment arrived, once; an unknown mobile or no appointment today is 404', async () => {
    const c = await newClinic(t);
    await api(t, c.token).post(QR.saveQrCode, { purpose: 'checkin', label: 'desk', branchId: c.branchId });
    const [code] = await list(c.token);
    const qid = qidOf(code!);
    const patientId = await newPatient(t, c, { mobile: '+201001234567' });
    const tomorrow = await visit(t, c, patientId, 'AS2', 24 * 60 + 5);
    const today = await visit(t, c, patientId, 'AS1', 1);
    expect(await expectOk(scan({ qid, type: 'checkin' }))).toMatchObject({ action: 'needsMobile', purpose: 'checkin' });
    await expectError(scan({ qid, type: 'checkin', mobile: '+201009999999' }), 404, 'qr_no_appointment_today');
    const done = await expectOk<{ action: string; startsAt: string }>(scan({ qid, type: 'checkin', mobile: '0100 123 4567' })) // typed in the local form; stored +201001234567;
    expect(done.action).toBe('checkedIn');
    const rows = await rowsIn<{ id: string; status: string; checked: boolean }>(t, c, sql`select id::text, status, check_in_at is not null as checked
      from appointments where clinic_id = ${c.clinicId} order by id`);
    expect(rows).toEqual([{ id: String(tomorrow), status: 'AS2', checked: false }, { id: String(today), status: 'AS3', checked: true }]);
    // scanned again: nothing more to check in
    await expectError(scan({ qid, type: 'checkin', mobile: '+201001234567' }), 404, 'qr_no_appointment_today');
    // the purpose in the path must be the code's
    await expectError(scan({ qid, type: 'booking' }), 404, 'qr_code_invalid');
    await expectError(scan({ qid, mobile: 'abc' }), 400, 'validation');
    // a number that is no mobile of the clinic's country: 400 naming the field, nothing checked in
    await expectError(scan({ qid, type: 'checkin', mobile: '0223456789' }), 400, 'validation');
  });

  it("feedback by mobile opens the form of today's finished visit", async () => {
    const c = await newClinic(t);
    const { choiceId } = await twoQuestions(t, c);
    await api(t, c.token).post(QR.saveQrCode, { purpose: 'feedback', label: 'desk', branchId: c.branchId });
    const qid = qidOf((await list(c.token))[0]!);
    const patientId = await newPatient(t, c, { mobile: '+201005550000' });
    await expectError(scan({ qid, mobile: '+201005550000' }), 404, 'qr_no_visit_today');
    await visit(t, c, patientId, 'AS7'); // now: the clinic's today whatever the hour (-30 was yesterday just after midnight)
    const opened = await expectOk<{ action: string; path: string }>(scan({ qid, mobile: '+201005550000' }));
    expect(opened.action).toBe('feedback');
    const token = opened.path.replace('/feedback/', '');
    await expectOk(api(t).post(FB.saveFeedbackAnswers, { token, answers: [{ questionId: choiceId, choice: 1 }] }));
    // answered: no further form for that visit
    await expectError(scan({ qid, mobile: '+201005550000' }), 404, 'qr_no_visit_today');
  });

  it("an altered, made-up, inactive, deleted or other clinic's code is one 404; scanning is rate-limited", async () => {
    const c = await newClinic(t);
    await api(t, c.token).post(QR.saveQrCode, { purpose: 'booking', label: 'b' });
    const [code] = await list(c.token);
    const qid = qidOf(code!);
    const [clinicPart, random, sig] = qid.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [`${clinicPart}.${flip(random)}.${sig}`, `${clinicPart}.${random}.${flip(sig)}`, `${(Number.parseInt(clinicPart, 36) + 1).toString(36)}.${random}.${sig}`, 'abc', `${qid}.x`])
      await expectError(scan({ qid: bad }), 404, 'qr_code_invalid');
    await expectOk(api(t, c.token).post(QR.saveQrCode, { id: code!.id, purpose: 'booking', label: 'b', isActive: false }));
    await expectError(scan({ qid }), 404, 'qr_code_invalid');
    await expectOk(api(t, c.token).delete(QR.deleteQrCode, { id: code!.id }));
    await expectError(scan({ qid }), 404, 'qr_code_invalid');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) last = await scan({ qid }, '203.0.113.92');
    expect(last!.statusCode).toBe(429);
  });
});
