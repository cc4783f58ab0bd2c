import { callPath, supportCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, setTier, testApp } from '../../../test/harness.js';
import { contactMessages } from './support.table.js';

const t = await testApp({ MAIL_FROM: 'Dentix support <support@dentix.test>' });
const SAVE = callPath(supportCalls.saveContact);
const messagesOf = (clinicId: number) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.authorClinicId, clinicId));
const valid = {
  name: 'Sara Ali',
  email: 'Sara@Example.com',
  mobile: '+20 100 123 4567',
  subject: 'Invoices',
  message: 'How do I print?',
};

describe('Contacts/SaveContact', () => {
  it('keeps the message and mails it to the provider', async () => {
    const c = await newClinic(t, { tier: 'ST1' });
    const sent = t.mails.length;
    const res = await api(t, c.token).post(SAVE, valid);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    expect(await messagesOf(c.clinicId)).toEqual([
      expect.objectContaining({
        id,
        authorUserId: c.ownerId,
        name: 'Sara Ali',
        email: 'sara@example.com',
        mobile: '+20 100 123 4567',
        subject: 'Invoices',
        message: 'How do I print?',
        handledAt: null,
      }),
    ]);
    expect(t.mails.slice(sent)).toEqual([
      {
        to: 'Dentix support <support@dentix.test>',
        subject: `[Contact] Clinic ${c.clinicName}: Invoices`,
        body: expect.stringContaining('How do I print?'),
      },
    ]);
    expect(t.mails.at(-1)!.body).toContain('sara@example.com');
    expect(t.mails.at(-1)!.body).toContain(c.clinicName);

    const noMobile = await api(t, c.token).post(SAVE, { ...valid, mobile: '' });
    expect(noMobile.statusCode, noMobile.body).toBe(200);
    expect((await messagesOf(c.clinicId)).map((m) => m.mobile)).toEqual(['+20 100 123 4567', null]);
  });

  it('refuses a bad form with field messages, keeping and mailing nothing', async () => {
    const c = await newClinic(t);
    const sent = t.mails.length;
    const missing = await api(t, c.token).post(SAVE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      name: 'This field is required',
      email: 'This field is required',
      subject: 'This field is required',
      message: 'This field is required',
    });
    const bad = await api(t, c.token).post(SAVE, {
      ...valid,
      email: 'nope',
      mobile: '12ab',
      message: 'x'.repeat(5001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: 'Enter a valid email',
      mobile: 'Phone number not valid',
      message: 'The value is too long',
    });
    const tooLong = await api(t, c.token, { language: 'ar' }).post(SAVE, {
      ...valid,
      mobile: '+2010012345678901234567',
    });
    expect(tooLong.json().errors).toEqual({ mobile: 'رقم الهاتف غير صالح' });
    expect(await messagesOf(c.clinicId)).toEqual([]);
    expect(t.mails.length).toBe(sent);
  });

  it('is open to any user of a clinic on the basic tier or above (BS13 on the free tier), not to anonymous callers', async () => {
    const c = await newClinic(t, { tier: 'ST1' });
    const nobody = await newUser(t, c, [], 'RL5');
    expect((await api(t, nobody).post(SAVE, valid)).statusCode).toBe(200);
    await setTier(t, c.clinicId, 'ST0');
    const locked = await api(t, nobody).post(SAVE, valid);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('BS13');
    expect((await api(t).post(SAVE, valid)).statusCode).toBe(401);
    expect(await messagesOf(c.clinicId)).toHaveLength(1);
  });
});
