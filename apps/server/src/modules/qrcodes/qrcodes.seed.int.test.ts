import { describe, expect, it } from 'vitest';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { QR, expectOk } from '../feedback/feedback-test-kit.js';
import { DEMO_QR_CODES, seedDemoQrCodes } from './qrcodes.seed.js';

const t = await testApp();
type Item = { purpose: string; label: string; branchId: number | null; url: string | null; isActive: boolean; path: string };
const list = async (token: string) => (await expectOk<{ items: Item[] }>(api(t, token).get(QR.getQrCodes))).items;
const scan = (body: Record<string, unknown>) => api(t, undefined, { 'x-forwarded-for': '198.51.100.77' }).post(QR.scanQrCode, body);

describe('demo QR codes', () => {
  it('booking, check-in, feedback and a social link, labelled in ar/en/fr, signed with the server secret: they scan; once', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    const options = { tokenSecret: t.app.deps.config.TOKEN_SECRET };
    await seedDemoQrCodes(t.database.db, c.clinicId, [c.branchId], options);
    await seedDemoQrCodes(t.database.db, c.clinicId, [c.branchId], options);
    const items = await list(c.token);
    expect(items.map((i) => [i.purpose, i.branchId, i.isActive])).toEqual([
      ['booking', null, true], ['checkin', c.branchId, true], ['feedback', c.branchId, true], ['social', null, true],
    ]);
    expect(items[0]!.label).toBe('\u2068احجز موعدك\u2069 · \u2068Book a visit\u2069 · \u2068Prendre rendez-vous\u2069');
    for (const i of items) expect(i.label.split(' · ').map((part) => /^\u2068[^\u2068\u2069]+\u2069$/.test(part)), i.label).toEqual([true, true, true]);
    const qid = (i: Item) => i.path.split('/')[3]!;
    expect(await expectOk(scan({ qid: qid(items[0]!), type: 'booking' }))).toMatchObject({ action: 'open', path: `/book/${c.clinicName}` });
    expect(await expectOk(scan({ qid: qid(items[1]!), type: 'checkin' }))).toMatchObject({ action: 'needsMobile' });
    expect(await expectOk(scan({ qid: qid(items[2]!), type: 'feedback' }))).toMatchObject({ action: 'needsMobile' });
    expect(await expectOk(scan({ qid: qid(items[3]!) }))).toMatchObject({ action: 'open', url: DEMO_QR_CODES[3].url });
  });

  it('without the server secret no code is made (a token signed with another key would not scan)', async () => {
    const c = await newClinic(t, { tier: 'ST2' });
    await seedDemoQrCodes(t.database.db, c.clinicId, [c.branchId], {});
    expect(await list(c.token)).toEqual([]);
  });
});
