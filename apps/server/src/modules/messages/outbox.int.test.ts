import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClinic, api, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { loadConfig } from '../../platform/config.js';
import { expectOk } from '../scheduler/scheduler-test-kit.js';
import { enqueueDueMessages } from './message-jobs.js';
import { PATH, appointmentAt, fakeProvider, outboxRow, outboxRows } from './messages-test-kit.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { OUTBOX_LEASE_SECONDS, claimDue, sendOutbox } from './outbox.service.js';
import { smsProvider } from './sms-providers.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof fakeProvider>>;
/** The fake provider's next answers (default 201 with an id). */
const answers: Array<{ status: number; body: string }> = [];
beforeAll(async () => {
  t = await testApp();
  fake = await fakeProvider((n) => answers.shift() ?? { status: 201, body: `{"sid":"SM${n}"}` });
});
afterAll(() => fake.close());

const env = { DATA_DIR: '/tmp/dentix-test', TOKEN_SECRET: 'test-secret-test-secret-test-secret-42' };
const twilio = () =>
  smsProvider(loadConfig({ ...env, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'tok', SMS_FROM: '+15005550006', TWILIO_API_URL: fake.url }));
const NOW = new Date('2030-01-06T12:00:00+02:00');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

/** `n` queued SMS of a new clinic (by hand, through the call). */
async function queued(n: number) {
  const c = await newClinic(t);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = await newPatient(t, c, { name: `Patient ${i}`, smsLanguage: 'en' });
    const a = await appointmentAt(t, c, p, '2030-01-07T10:00:00+02:00');
    ids.push((await expectOk<{ outboxId: number }>(api(t, c.token).get(PATH.sendSmsManual, { appointmentId: a }))).outboxId);
  }
  return { c, ids };
}

const sentTexts = (from = 0) => fake.requests.slice(from).map((r) => new URLSearchParams(r.body).get('To'));

describe('providers', () => {
  test('Twilio: the Messages resource with basic auth and a form body; the answer is kept', async () => {
    const { c, ids } = await queued(1);
    const before = fake.requests.length;
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => NOW })).toBe(1);
    const req = fake.requests[before]!;
    expect(req).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC123/Messages.json' });
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    const form = new URLSearchParams(req.body);
    expect([form.get('To'), form.get('From')]).toEqual([expect.stringMatching(/^\+2010\d{8}$/), '+15005550006']);
    expect(form.get('Body')).toContain('Reminder: your appointment at');
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'sent', attempts: 1, provider: 'twilio', providerAnswer: expect.stringMatching(/^201 \{"sid":"SM\d+"\}$/), sentAt: NOW });
  });

  test('the HTTP gateway: URL and body templates, URL-encoded and JSON-escaped; a success text when asked', async () => {
    const provider = smsProvider(
      loadConfig({
        ...env, SMS_PROVIDER: 'http', SMS_HTTP_URL: `${fake.url}/send?user=clinic&to={to}&sender={from}`, SMS_FROM: 'Dentix',
        SMS_HTTP_BODY: '{"msg":"{text}","mobile":"{to+}"}', SMS_HTTP_HEADERS: '{"x-api-key":"k1"}', SMS_HTTP_SUCCESS_TEXT: 'sid',
      }),
    )!;
    const before = fake.requests.length;
    expect(await provider.send('+966501234567', 'موعدك "غدًا"\nشكرًا')).toMatchObject({ ok: true });
    const req = fake.requests[before]!;
    expect(req.url).toBe('/send?user=clinic&to=966501234567&sender=Dentix');
    expect(req.headers['x-api-key']).toBe('k1');
    expect(JSON.parse(req.body)).toEqual({ msg: 'موعدك "غدًا"\nشكرًا', mobile: '+966501234567' });
    answers.push({ status: 200, body: 'ERROR balance' });
    expect(await provider.send('+966501234567', 'x')).toMatchObject({ ok: false, retry: false, answer: '200 ERROR balance' });
    const get = smsProvider(loadConfig({ ...env, SMS_PROVIDER: 'http', SMS_HTTP_METHOD: 'GET', SMS_HTTP_URL: `${fake.url}/api?to={to}&text={text}` }))!;
    await get.send('+201001234567', 'a b&c');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api?to=201001234567&text=a%20b%26c', body: '' });
  });

  test('without a provider (SMS_PROVIDER=none) nothing is claimed: messages stay queued', async () => {
    const { c, ids } = await queued(1);
    expect(smsProvider(loadConfig(env))).toBeNull();
    expect(await sendOutbox(t.database, null, { clinicIds: [c.clinicId] })).toBe(0);
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('the outbox sender', () => {
  test('a temporary failure is tried again after a growing pause; a refusal or the last attempt fails it', async () => {
    const { c, ids } = await queued(2);
    answers.push({ status: 503, body: 'busy' }, { status: 400, body: 'invalid number' });
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => NOW })).toBe(0);
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'queued', attempts: 1, providerAnswer: '503 busy', nextAttemptAt: later(30) });
    expect(await outboxRow(t, c, ids[1]!)).toMatchObject({ status: 'failed', attempts: 1, providerAnswer: '400 invalid number' });
    // not yet due
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(29) })).toBe(0);
    answers.push({ status: 500, body: 'down' });
    await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(30) });
    // the second pause is twice the first
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: later(90) });
    answers.push({ status: 500, body: 'down' }, { status: 500, body: 'down' }, { status: 500, body: 'down' });
    await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(90) });
    await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(210) });
    await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(450) });
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'failed', attempts: 5, providerAnswer: '500 down' });
    // retried by hand, it goes
    await expectOk(api(t, c.token).post(PATH.retryOutboxMessage, { id: ids[0] }));
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] })).toBe(1);
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('a patient marked not to be messaged after queueing is skipped, not sent', async () => {
    const { c, ids } = await queued(1);
    const row = await outboxRow(t, c, ids[0]!);
    await expectOk(api(t, c.token).post(PATH.setPatientMessaging, { patientId: row.patientId, doNotMessage: true }));
    const before = fake.requests.length;
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] })).toBe(0);
    expect(fake.requests.length).toBe(before);
    expect(await outboxRow(t, c, ids[0]!)).toMatchObject({ status: 'skipped', providerAnswer: 'do_not_message' });
  });

  test('two workers at once send each message once', async () => {
    const { c, ids } = await queued(30);
    const before = fake.requests.length;
    const [a, b] = await Promise.all([
      sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] }),
      sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] }),
    ]);
    const unsent = (await outboxRows(t, c)).filter((r) => r.status !== 'sent');
    expect(unsent.map((r) => [r.status, r.attempts, r.providerAnswer])).toEqual([]);
    expect(a + b).toBe(30);
    const texts = sentTexts(before);
    expect(texts.length).toBe(30);
    expect(new Set(texts).size).toBe(30);
    expect((await outboxRows(t, c)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(ids.length).toBe(30);
  });

  // PGlite has one connection: a second transaction holding rows can only be shown on PostgreSQL (CI runs it there)
  test.skipIf(!process.env.TEST_DATABASE_URL)('a worker skips the rows another one holds (never waits, never takes them)', async () => {
    const { c } = await queued(4);
    const before = fake.requests.length;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimed!: () => void;
    const holding = new Promise<void>((r) => (claimed = r));
    // worker A claims two rows and stays in its transaction, then dies (rolls back)
    const a = withTenant(t.database.db, c.clinicId, async (tx) => {
      expect((await claimDue(tx, c.clinicId, new Date(), 2)).length).toBe(2);
      claimed();
      await held;
      throw new Error('worker A died');
    });
    await holding;
    // worker B sends the two others without waiting for A's rows
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] })).toBe(2);
    release();
    await expect(a).rejects.toThrow('worker A died');
    // A's rows went back to the queue with its transaction: sent once now
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId] })).toBe(2);
    const numbers = sentTexts(before);
    expect(numbers.length).toBe(4);
    expect(new Set(numbers).size).toBe(4);
  });

  test('a sender killed mid-batch: what it sent stays sent, the rest goes once, after the lease', async () => {
    const { c } = await queued(5);
    const before = fake.requests.length;
    let sent = 0;
    const killed = sendOutbox(t.database, twilio(), {
      clinicIds: [c.clinicId],
      now: () => NOW,
      onSent: () => {
        if (++sent === 2) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    expect((await outboxRows(t, c)).map((r) => r.status)).toEqual(['sent', 'sent', 'sending', 'sending', 'sending']);
    // run again at once: the claimed rows wait for their lease (their process may still be sending)
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(60) })).toBe(0);
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => later(OUTBOX_LEASE_SECONDS + 1) })).toBe(3);
    const texts = sentTexts(before);
    expect(texts.length).toBe(5);
    expect(new Set(texts).size).toBe(5);
    expect((await outboxRows(t, c)).map((r) => [r.status, r.attempts])).toEqual([['sent', 1], ['sent', 1], ['sent', 2], ['sent', 2], ['sent', 2]]);
  });
});

describe('the reminder job (enqueueDueMessages)', () => {
  async function reminderClinic(tier: 'ST0' | 'ST1' = 'ST1') {
    const c: TestClinic = await newClinic(t, { tier });
    const texts = (s: string) => ({ sms: { ar: s, en: s, fr: s }, whatsapp: { ar: s, en: s, fr: s } });
    await expectOk(api(t, c.token).post(PATH.saveMessageType, { type: 'MT2', texts: texts('R {patientName} {time}'), defaultLang: 'en', autoSend: true, sendHour: 11, hourBefore: true }));
    await expectOk(api(t, c.token).post(PATH.saveMessageType, { type: 'MT3', texts: texts('HB {patientName}'), defaultLang: 'en', autoSend: true, sendHour: 11 }));
    await expectOk(api(t, c.token).post(PATH.saveMessageType, { type: 'MT4', texts: texts('M {patientName}'), defaultLang: 'en', autoSend: true }));
    return c;
  }

  test('queues tomorrow’s reminders from the send hour, the hour-before reminder, birthdays and missed; once per key', async () => {
    const c = await reminderClinic();
    const p = await newPatient(t, c, { name: 'Tomorrow', smsLanguage: 'en' });
    const tomorrow = await appointmentAt(t, c, p, '2030-01-07T09:00:00+02:00');
    const soon = await appointmentAt(t, c, p, '2030-01-06T12:40:00+02:00');
    await appointmentAt(t, c, p, '2030-01-07T10:00:00+02:00', { status: 'AS8' });
    const missed = await appointmentAt(t, c, p, '2030-01-06T09:00:00+02:00', { status: 'AS9', statusUpdatedAt: later(-600) });
    const born = await newPatient(t, c, { name: 'Born', dateOfBirth: '1990-01-06' });
    const quiet = await newPatient(t, c, { name: 'Quiet', dateOfBirth: '1992-01-06', doNotMessage: true });
    // before the send hour (11:00 Cairo): only the hour-before reminder and the missed message
    expect(await enqueueDueMessages(t.database, 'http://x', { now: new Date('2030-01-06T10:30:00+02:00'), clinicIds: [c.clinicId] })).toBe(0 + 1);
    expect(await enqueueDueMessages(t.database, 'http://x', { now: NOW, clinicIds: [c.clinicId] })).toBe(4);
    const rows = await outboxRows(t, c);
    expect(rows.map((r) => [r.idempotencyKey, r.status, r.body]).sort()).toEqual(
      [
        [`birthday:${born}:2030`, 'queued', 'HB Born'],
        [`birthday:${quiet}:2030`, 'skipped', 'HB Quiet'],
        [`missed:${missed}:2030-01-06T07:00:00.000Z`, 'queued', 'M Tomorrow'],
        [`reminder-hour:${soon}:2030-01-06T10:40:00.000Z`, 'queued', 'R Tomorrow 12:40'],
        [`reminder:${tomorrow}:2030-01-07T07:00:00.000Z`, 'queued', 'R Tomorrow 09:00'],
      ].sort(),
    );
    // a run again adds nothing
    expect(await enqueueDueMessages(t.database, 'http://x', { now: later(60), clinicIds: [c.clinicId] })).toBe(0);
    // a free-tier clinic gets no SMS
    const free = await reminderClinic('ST0');
    await appointmentAt(t, free, await newPatient(t, free), '2030-01-07T09:00:00+02:00');
    expect(await enqueueDueMessages(t.database, 'http://x', { now: NOW, clinicIds: [free.clinicId] })).toBe(0);
  });

  test('a run killed half-way and run again queues each message once', async () => {
    const c = await reminderClinic();
    for (let i = 0; i < 4; i++) await appointmentAt(t, c, await newPatient(t, c, { name: `P${i}` }), `2030-01-07T0${i + 1}:00:00+02:00`);
    let done = 0;
    await expect(
      enqueueDueMessages(t.database, 'http://x', {
        now: NOW,
        clinicIds: [c.clinicId],
        afterEach: () => {
          if (++done === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await outboxRows(t, c)).length).toBe(2);
    // the re-run and a second process at the same time
    const [a, b] = await Promise.all([
      enqueueDueMessages(t.database, 'http://x', { now: NOW, clinicIds: [c.clinicId] }),
      enqueueDueMessages(t.database, 'http://x', { now: NOW, clinicIds: [c.clinicId] }),
    ]);
    expect(a + b).toBe(2);
    const rows = await outboxRows(t, c);
    expect(rows.length).toBe(4);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(4);
    // and the sender sends them once
    const before = fake.requests.length;
    expect(await sendOutbox(t.database, twilio(), { clinicIds: [c.clinicId], now: () => NOW })).toBe(4);
    expect(fake.requests.length - before).toBe(4);
  });
});
