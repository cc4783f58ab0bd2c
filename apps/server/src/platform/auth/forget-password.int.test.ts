import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../db/tenancy.js';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { passwordResets } from './identity.table.js';

const t = await testApp();
let addressSeq = 0;
const fromAddress = (language = 'en') => api(t, undefined, { language, 'x-forwarded-for': `203.0.113.${++addressSeq}` });
const FORGET = '/api/WithoutAuthorize/ForgetPassword';

describe('ForgetPassword answers', () => {
  // before the fix the answer waited for the mail: this test then timed out
  it('without waiting for the mail to go (a slow mail server would tell a registered e-mail apart)', async () => {
    const c = await newClinic(t);
    const real = t.app.deps.mailer;
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.app.deps.mailer = { send: (m) => (sent.push(m.to), gate) };
    try {
      const res = await fromAddress().post(FORGET, { clinicName: c.clinicName, email: `owner@${c.clinicName}.test` });
      expect(res.statusCode).toBe(200);
      expect(sent).toEqual([`owner@${c.clinicName}.test`]);
    } finally {
      release();
      t.app.deps.mailer = real;
    }
  });
});

describe('ForgetPassword limits under a burst', () => {
  it('of 30 requests at once for one account, 3 send a mail and 27 are refused (429, translated)', async () => {
    const c = await newClinic(t);
    const caller = fromAddress('ar');
    const mails = t.mails.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => caller.post(FORGET, { clinicName: c.clinicName, email: `owner@${c.clinicName}.test` })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(27);
    expect(refused[0]!.json()).toEqual({ code: 'too_many_attempts', message: 'محاولات كثيرة، حاول مرة أخرى بعد قليل' });
    expect(t.mails.length - mails).toBe(3);
    const secrets = await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.select().from(passwordResets).where(and(eq(passwordResets.clinicId, c.clinicId), eq(passwordResets.userId, c.ownerId))),
    );
    expect(secrets).toHaveLength(3);
    // the account's limit holds from any address
    expect((await fromAddress().post(FORGET, { clinicName: c.clinicName, email: `OWNER@${c.clinicName}.test` })).statusCode).toBe(429);
  });

  it('of 30 requests at once from one address for different accounts, 10 are answered', async () => {
    const c = await newClinic(t);
    const caller = fromAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => caller.post(FORGET, { clinicName: c.clinicName, email: `nobody${i}@x.test` })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20);
  });
});
