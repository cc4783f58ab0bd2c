import { DEFAULT_MESSAGE_TEXTS, DEFAULT_SEND_HOUR, messagesCalls } from '@dental/contract';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Envelope } from '../../platform/realtime/hub.js';
import { announceDueMessages } from './message-jobs.js';
import { type TestApp, type TestClinic, api, expectContractAnswer, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { expectError, expectOk, setClinicFlags } from '../scheduler/scheduler-test-kit.js';
import { FB } from '../feedback/feedback-test-kit.js';
import { addBranch } from '../patient-procedures/patient-procedures-test-kit.js';
import { PATH, appointmentAt, outboxRow, outboxRows } from './messages-test-kit.js';

let t: TestApp;
let c: TestClinic;
beforeAll(async () => {
  t = await testApp();
  c = await newClinic(t);
});

const texts = (over: Partial<Record<'sms' | 'whatsapp', Partial<Record<'ar' | 'en' | 'fr', string>>>> = {}) => ({
  sms: { ar: 'تذكير {patientName} {date} {time}', en: 'Reminder {patientName} on {date} at {time}', fr: '', ...over.sms },
  whatsapp: { ar: 'واتساب {patientName}', en: 'WA {patientName} {mapLink}', fr: '', ...over.whatsapp },
});
/** Texts a patient type (MT3, MT5) accepts. */
const patientTexts = { sms: { ar: 'مرحبا {patientName}', en: 'Hello {patientName}', fr: '' }, whatsapp: { ar: 'مرحبا {patientName}', en: 'Hi {patientName}', fr: '' } };
/** An instant some days ahead, on the hour in Cairo (UTC+2). */
const START = '2030-01-07T10:30:00+02:00';

describe('message types', () => {
  test('a new clinic reads the five built-in types; save, read back, default language', async () => {
    const clinic = await newClinic(t);
    const list = expectContractAnswer(messagesCalls.getMessageTypes, await api(t, clinic.token).get(PATH.getMessageTypes));
    expect(list.items.map((i) => [i.type, i.builtIn, i.autoSend])).toEqual([
      ['MT1', true, false], ['MT2', true, false], ['MT3', true, false], ['MT4', true, false], ['MT5', true, false],
    ]);
    expect(list.items[1]!.texts).toEqual(DEFAULT_MESSAGE_TEXTS.MT2);
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT2', texts: texts(), defaultLang: 'en', autoSend: true, sendHour: '18', hourBefore: true }));
    const mt2 = expectContractAnswer(messagesCalls.getMessageType, await api(t, clinic.token).get(PATH.getMessageType, { type: 'MT2' }));
    expect(mt2).toMatchObject({ type: 'MT2', defaultLang: 'en', autoSend: true, sendHour: 18, hourBefore: true, builtIn: false, texts: texts() });
    // MT5 goes by hand only and has no hour-before reminder: stored off
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT5', texts: patientTexts, defaultLang: 'ar', autoSend: true, hourBefore: true }));
    expect(await expectOk(api(t, clinic.token).get(PATH.getMessageType, { type: 'MT5' }))).toMatchObject({ autoSend: false, hourBefore: false });
    // default language of every type; a saved type without French text cannot default to French
    await expectError(api(t, clinic.token).post(PATH.updateDefaultLang, { defaultLang: 'fr' }), 400, 'message_default_text_required');
    await expectOk(api(t, clinic.token).post(PATH.updateDefaultLang, { defaultLang: 'en' }));
    const after = await expectOk<{ items: Array<{ type: string; defaultLang: string }> }>(api(t, clinic.token).get(PATH.getMessageTypes));
    expect(after.items.map((i) => i.defaultLang)).toEqual(['en', 'en', 'en', 'en', 'en']);
    await expectOk(api(t, clinic.token).post(PATH.updateDefaultLang, { type: 'MT1', defaultLang: 'fr' }));
    expect(await expectOk(api(t, clinic.token).get(PATH.getMessageType, { type: 'MT1' }))).toMatchObject({ defaultLang: 'fr', texts: DEFAULT_MESSAGE_TEXTS.MT1 });
  });

  test('{feedbackLink}: appointment types only; a checked-out visit gets a working feedback link, others none', async () => {
    const clinic = await newClinic(t);
    const withLink = { sms: { ar: 'شكرا {patientName} {feedbackLink}', en: 'Thanks {patientName}: {feedbackLink}', fr: '' }, whatsapp: { ar: 'شكرا {feedbackLink}', en: 'Thanks {feedbackLink}', fr: '' } };
    await expectError(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT3', texts: withLink, defaultLang: 'en' }), 400, 'message_placeholder_unknown');
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT4', texts: withLink, defaultLang: 'en' }));
    const patient = await newPatient(t, clinic, { smsLanguage: 'en' });
    const visit = await appointmentAt(t, clinic, patient, START, { status: 'AS7' });
    const content = await expectOk<{ message: string }>(api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT4', channel: 'sms', appointmentId: visit }));
    const m = /^Thanks .+: (\S+)\/feedback\/([A-Za-z0-9_.-]+)$/.exec(content.message);
    expect(m, content.message).not.toBeNull();
    const form = await api(t, undefined, { language: 'en' }).get(FB.getFeedbackForm, { token: m![2]! });
    expect(form.statusCode, form.body).toBe(200);
    // an appointment not checked out: the placeholder is empty, no link is made
    const booked = await appointmentAt(t, clinic, patient, START, { status: 'AS1' });
    const plain = await expectOk<{ message: string }>(api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT4', channel: 'sms', appointmentId: booked }));
    expect(plain.message).toMatch(/^Thanks .+:$/);
  });

  test('unknown placeholders are refused, named, in the request language', async () => {
    const res = await api(t, c.token, { language: 'ar' }).post(PATH.saveMessageType, {
      type: 'MT3', texts: texts({ sms: { en: 'Happy {date} {foo}' }, whatsapp: { ar: '{foo} {bar}' } }), defaultLang: 'ar',
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'message_placeholder_unknown', message: 'النص يحتوي على متغيرات غير معروفة لهذا النوع من الرسائل' });
    // MT3 (birthday) has no date; placeholders named once each
    expect(body.data.placeholders.split(', ').sort()).toEqual(['{bar}', '{date}', '{foo}', '{time}']);
    expect(Object.keys(body.errors).sort()).toEqual(['texts.sms.ar', 'texts.sms.en', 'texts.whatsapp.ar']);
  });

  test('400 for bad input of any shape; the default language text is required', async () => {
    const bad: Array<Record<string, unknown>> = [
      {}, { type: 'MT9', texts: texts(), defaultLang: 'ar' }, { type: 'MT1', defaultLang: 'ar' }, { type: 'MT1', texts: 'x', defaultLang: 'ar' },
      { type: 'MT1', texts: texts(), defaultLang: 'de' }, { type: 'MT1', texts: texts(), defaultLang: 'ar', sendHour: 24 },
      { type: 'MT1', texts: { ...texts(), sms: { ar: 'x'.repeat(1001) } }, defaultLang: 'ar' },
      { type: 'MT1', texts: { ...texts(), telegram: {} }, defaultLang: 'ar' },
    ];
    for (const body of bad) expect((await api(t, c.token).post(PATH.saveMessageType, body)).statusCode, JSON.stringify(body)).toBe(400);
    const res = await expectError(api(t, c.token).post(PATH.saveMessageType, { type: 'MT1', texts: texts(), defaultLang: 'fr' }), 400, 'message_default_text_required');
    expect(Object.keys(res.errors!)).toEqual(['texts.sms.fr', 'texts.whatsapp.fr']);
    expect((await api(t, c.token).get(PATH.getMessageType, { type: 'X' })).statusCode).toBe(400);
  });

  test('403 without the key or for a role outside the Secretariat rule', async () => {
    const none = await newUser(t, c, ['patient_list']);
    await expectError(api(t, none).get(PATH.getMessageTypes), 403, 'BS11');
    await expectError(api(t, none).post(PATH.saveMessageType, { type: 'MT1', texts: texts(), defaultLang: 'ar' }), 403, 'BS11');
    const operator = await newUser(t, c, ['settings_message_type_list'], 'RL3');
    await expectError(api(t, operator).get(PATH.getMessageTypes), 403, 'BS14');
    await expectError(api(t, none).get(PATH.getOutbox), 403, 'BS11');
  });
});

describe('message content', () => {
  test('fills the template in the patient’s SMS language and the clinic’s zone; WhatsApp gets a wa.me link', async () => {
    const clinic = await newClinic(t);
    await setClinicFlags(t, clinic, { displayName: 'Smile Clinic' });
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT2', texts: texts(), defaultLang: 'ar' }));
    const patient = await newPatient(t, clinic, { name: 'Sara Ali', mobile: '+201001234567', smsLanguage: 'en' });
    const id = await appointmentAt(t, clinic, patient, START);
    const sms = expectContractAnswer(
      messagesCalls.getMessageTypeContent,
      await api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'sms', appointmentId: id }),
    );
    expect(sms).toEqual({ mobile: '+201001234567', message: 'Reminder Sara Ali on Monday, 7 January 2030 at 10:30', lang: 'en', link: null });
    const wa = await expectOk<{ message: string; link: string }>(
      api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'whatsapp', appointmentId: id, lang: 'ar' }),
    );
    expect(wa.message).toBe('واتساب Sara Ali');
    expect(wa.link).toBe(`https://wa.me/201001234567?text=${encodeURIComponent('واتساب Sara Ali')}`);
    // no French text: the type's default language (ar) is used
    const fr = await expectOk<{ message: string; lang: string }>(
      api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'sms', appointmentId: id, lang: 'fr' }),
    );
    expect(fr).toMatchObject({ lang: 'ar', message: expect.stringContaining('تذكير Sara Ali الاثنين، 7 يناير 2030') });
    // a patient type by patient id; the birthday text of the built-in template
    const birthday = await expectOk<{ message: string }>(api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT3', channel: 'sms', patientId: patient }));
    expect(birthday.message).toBe('Happy birthday, Sara Ali! Best wishes from the team at Smile Clinic.');
    // an appointment type needs an appointment
    await expectError(api(t, clinic.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'sms', patientId: patient }), 400, 'message_subject_mismatch');
  });

  test('a patient marked not to be messaged is refused; so is one without a valid mobile; 404 across clinics', async () => {
    const patient = await newPatient(t, c);
    const id = await appointmentAt(t, c, patient, START);
    expect(await expectOk(api(t, c.token).post(PATH.setPatientMessaging, { patientId: patient, doNotMessage: true }))).toEqual({ patientId: patient, doNotMessage: true });
    expect(await expectOk(api(t, c.token).get(PATH.getPatientMessaging, { patientId: patient }))).toEqual({ patientId: patient, doNotMessage: true });
    const refused = await expectError(api(t, c.token, { language: 'fr' }).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'sms', appointmentId: id }), 409, 'message_do_not_message');
    expect(refused.message).toBe('Ce patient ne souhaite pas recevoir de messages');
    await expectError(api(t, c.token).get(PATH.sendSmsManual, { appointmentId: id }), 409, 'message_do_not_message');
    const landline = await newPatient(t, c, { mobile: '+20223456789' });
    await expectError(api(t, c.token).get(PATH.getMessageTypeContent, { type: 'MT3', channel: 'whatsapp', patientId: landline }), 400, 'message_mobile_invalid');
    const other = await newClinic(t);
    await expectError(api(t, other.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'sms', appointmentId: id }), 404, 'appointment_not_found');
    await expectError(api(t, other.token).get(PATH.getMessageTypeContent, { type: 'MT3', channel: 'sms', patientId: patient }), 404, 'patient_not_found');
    await expectError(api(t, other.token).post(PATH.setPatientMessaging, { patientId: patient, doNotMessage: false }), 404, 'patient_not_found');
    await expectError(api(t, other.token).get(PATH.sendSmsManual, { appointmentId: id }), 404, 'appointment_not_found');
    for (const q of [{}, { type: 'MT2', channel: 'fax', appointmentId: id }, { type: 'MT2', channel: 'sms' }, { type: 'MT2', channel: 'sms', appointmentId: 'x' }])
      expect((await api(t, c.token).get(PATH.getMessageTypeContent, q)).statusCode).toBe(400);
    expect((await api(t, c.token).post(PATH.setPatientMessaging, { patientId: patient })).statusCode).toBe(400);
  });
});

describe('sending by hand, the popup stack, the outbox', () => {
  test('SendSMSMessageManual queues the SMS (every click is a message); the free tier is refused', async () => {
    const patient = await newPatient(t, c, { mobile: '+201001112223' });
    const id = await appointmentAt(t, c, patient, START);
    const sent = expectContractAnswer(messagesCalls.sendSmsManual, await api(t, c.token).get(PATH.sendSmsManual, { appointmentId: id }));
    expect(sent.status).toBe('queued');
    expect(await outboxRow(t, c, sent.outboxId)).toMatchObject({ type: 'MT2', channel: 'sms', toNumber: '+201001112223', status: 'queued', appointmentId: id, patientId: patient });
    const again = await expectOk<{ outboxId: number }>(api(t, c.token).get(PATH.sendSmsManual, { appointmentId: id, type: 'MT4' }));
    expect(again.outboxId).not.toBe(sent.outboxId);
    const free = await newClinic(t, { tier: 'ST0' });
    const freeId = await appointmentAt(t, free, await newPatient(t, free), START);
    const refused = await expectError(api(t, free.token, { language: 'ar' }).get(PATH.sendSmsManual, { appointmentId: freeId }), 403, 'sms_trial');
    expect(refused.message).toBe('الرسائل النصية غير متاحة في الفترة التجريبية');
    // WhatsApp content is free
    await expectOk(api(t, free.token).get(PATH.getMessageTypeContent, { type: 'MT2', channel: 'whatsapp', appointmentId: freeId }));
    const doctor = await newUser(t, c, ['patient_list']);
    await expectError(api(t, doctor).get(PATH.sendSmsManual, { appointmentId: id }), 403, 'BS11');
  });

  test('SendSMSMessageManual about a patient without an appointment (the patient file): 400, 403, 404', async () => {
    const patient = await newPatient(t, c, { mobile: '+201001112224' });
    const sent = expectContractAnswer(messagesCalls.sendSmsManual, await api(t, c.token).get(PATH.sendSmsManual, { patientId: patient, type: 'MT5' }));
    expect(await outboxRow(t, c, sent.outboxId)).toMatchObject({ type: 'MT5', channel: 'sms', toNumber: '+201001112224', status: 'queued', appointmentId: null, patientId: patient });
    expect((await expectOk<{ outboxId: number }>(api(t, c.token).get(PATH.sendSmsManual, { patientId: patient, type: 'MT3' }))).outboxId).not.toBe(sent.outboxId);
    // an appointment type needs an appointment; the type is required; one subject, not both or none
    await expectError(api(t, c.token).get(PATH.sendSmsManual, { patientId: patient, type: 'MT2' }), 400, 'message_subject_mismatch');
    const id = await appointmentAt(t, c, patient, START);
    for (const q of [{ patientId: patient }, {}, { appointmentId: id, patientId: patient, type: 'MT5' }, { patientId: 'x', type: 'MT5' }, { patientId: patient, type: 'MT9' }])
      expect((await api(t, c.token).get(PATH.sendSmsManual, q)).statusCode, JSON.stringify(q)).toBe(400);
    const other = await newClinic(t);
    await expectError(api(t, other.token).get(PATH.sendSmsManual, { patientId: patient, type: 'MT5' }), 404, 'patient_not_found');
    const doctor = await newUser(t, c, ['patient_list']);
    await expectError(api(t, doctor).get(PATH.sendSmsManual, { patientId: patient, type: 'MT5' }), 403, 'BS11');
    const free = await newClinic(t, { tier: 'ST0' });
    await expectError(api(t, free.token).get(PATH.sendSmsManual, { patientId: await newPatient(t, free), type: 'MT5' }), 403, 'sms_trial');
  });

  test('the popup offers tomorrow’s appointments and today’s birthdays from the send hour until messaged', async () => {
    const clinic = await newClinic(t);
    // send hour 0: due all day
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT2', texts: texts(), defaultLang: 'ar', sendHour: 0 }));
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT3', texts: patientTexts, defaultLang: 'ar', sendHour: 0 }));
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 24 * 3600_000);
    const a = await newPatient(t, clinic, { name: 'Adam' });
    const appointment = await appointmentAt(t, clinic, a, tomorrow);
    await appointmentAt(t, clinic, a, tomorrow, { status: 'AS8' }); // cancelled: not offered
    const cairoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(now);
    const born = await newPatient(t, clinic, { name: 'Bella', dateOfBirth: `1990-${cairoToday.slice(5)}` });
    const quiet = await newPatient(t, clinic, { name: 'Quiet', dateOfBirth: `1991-${cairoToday.slice(5)}`, doNotMessage: true });
    const due = expectContractAnswer(messagesCalls.getDueMessages, await api(t, clinic.token).get(PATH.getDueMessages));
    const appointmentItems = due.items.filter((i) => i.groupName === 'appointment');
    // an appointment made for "tomorrow" from now may fall on the day after in Cairo near midnight: then only birthdays
    expect(appointmentItems.map((i) => i.id)).toEqual(appointmentItems.length ? [appointment] : []);
    expect(due.items.filter((i) => i.groupName === 'birthday')).toEqual([
      { id: born, groupName: 'birthday', subGroupName: 'MT3', timeout: 25, patientId: born, patientName: 'Bella', mobile: expect.any(String), startsAt: null, doctorName: null },
    ]);
    expect(due.items.some((i) => i.patientId === quiet)).toBe(false);
    // WhatsApp from the popup: recorded as sent, the link returned, the item no longer due; a second click is the same row
    const wa = expectContractAnswer(messagesCalls.getMessageContent, await api(t, clinic.token).post(PATH.getMessageContent, { groupName: 'birthday', subGroupName: 'MT3', id: born, type: 'whatsapp' }));
    expect(wa.link).toMatch(/^https:\/\/wa\.me\/20\d+\?text=/);
    expect(await outboxRow(t, clinic, wa.outboxId)).toMatchObject({ status: 'sent', channel: 'whatsapp', provider: 'wa.me', type: 'MT3' });
    const twice = await expectOk<{ outboxId: number }>(api(t, clinic.token).post(PATH.getMessageContent, { groupName: 'birthday', id: born, type: 'whatsapp' }));
    expect(twice.outboxId).toBe(wa.outboxId);
    const after = await expectOk<{ items: Array<{ id: number; groupName: string }> }>(api(t, clinic.token).get(PATH.getDueMessages));
    expect(after.items.filter((i) => i.groupName === 'birthday')).toEqual([]);
    // SMS from the popup: queued for the sender
    const sms = await expectOk<{ outboxId: number }>(api(t, clinic.token).post(PATH.getMessageContent, { groupName: 'appointment', id: appointment, type: 'sms' }));
    expect(await outboxRow(t, clinic, sms.outboxId)).toMatchObject({ status: 'queued', channel: 'sms', type: 'MT2', appointmentId: appointment });
    // the popup off: nothing is due
    await setClinicFlags(t, clinic, { showMessagePopup: false });
    expect(await expectOk(api(t, clinic.token).get(PATH.getDueMessages))).toEqual({ items: [] });
    // another clinic's ids are 404; SMS from the popup is refused on the free tier; bad input is 400
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(PATH.getMessageContent, { groupName: 'appointment', id: appointment, type: 'whatsapp' }), 404, 'appointment_not_found');
    await expectError(api(t, other.token).post(PATH.getMessageContent, { groupName: 'birthday', id: born, type: 'whatsapp' }), 404, 'patient_not_found');
    const free = await newClinic(t, { tier: 'ST0' });
    await expectError(api(t, free.token).post(PATH.getMessageContent, { groupName: 'birthday', id: born, type: 'sms' }), 403, 'sms_trial');
    for (const body of [{}, { groupName: 'x', id: born, type: 'sms' }, { groupName: 'birthday', id: born, type: 'fax' }, { groupName: 'birthday', id: -1, type: 'sms' }])
      expect((await api(t, clinic.token).post(PATH.getMessageContent, body)).statusCode).toBe(400);
  });

  test('Lookups/SaveMessages records popup items messaged by hand: no longer due, once per item and day; 400, 403, 404', async () => {
    const clinic = await newClinic(t);
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT3', texts: patientTexts, defaultLang: 'en', sendHour: 0 }));
    const cairoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    const born = await newPatient(t, clinic, { name: 'Dina', dateOfBirth: `1988-${cairoToday.slice(5)}` });
    const dueIds = async () => (await expectOk<{ items: Array<{ id: number; groupName: string }> }>(api(t, clinic.token).get(PATH.getDueMessages))).items;
    expect((await dueIds()).some((i) => i.groupName === 'birthday' && i.id === born)).toBe(true);
    const appointment = await appointmentAt(t, clinic, born, START);
    const items = [{ groupName: 'birthday', subGroupName: 'MT3', id: born, type: 'whatsapp' }, { groupName: 'appointment', id: appointment, type: 'sms' }];
    const saved = expectContractAnswer(messagesCalls.saveMessages, await api(t, clinic.token).post(PATH.saveMessages, { items }));
    expect(saved.outboxIds).toHaveLength(2);
    expect(await outboxRow(t, clinic, saved.outboxIds[0]!)).toMatchObject({ status: 'sent', provider: 'by-hand', channel: 'whatsapp', type: 'MT3', patientId: born, body: 'مرحبا Dina' });
    expect(await outboxRow(t, clinic, saved.outboxIds[1]!)).toMatchObject({ status: 'sent', provider: 'by-hand', channel: 'sms', type: 'MT2', appointmentId: appointment });
    expect((await dueIds()).some((i) => i.groupName === 'birthday' && i.id === born)).toBe(false);
    // the same items again, or the popup's click on the item today: the same rows, nothing sent
    expect((await expectOk<{ outboxIds: number[] }>(api(t, clinic.token).post(PATH.saveMessages, { items }))).outboxIds).toEqual(saved.outboxIds);
    const click = await expectOk<{ outboxId: number }>(api(t, clinic.token).post(PATH.getMessageContent, { groupName: 'birthday', id: born, type: 'whatsapp' }));
    expect(click.outboxId).toBe(saved.outboxIds[0]);
    // bad input of any shape
    for (const body of [{}, { items: [] }, { items: 'x' }, { items: [{ groupName: 'party', id: born, type: 'sms' }] }, { items: [{ groupName: 'birthday', id: 'x', type: 'sms' }] },
      { items: Array.from({ length: 51 }, () => items[0]) }])
      expect((await api(t, clinic.token).post(PATH.saveMessages, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    const outsider = await newUser(t, clinic, ['financial_lookups']);
    await expectError(api(t, outsider).post(PATH.saveMessages, { items }), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(PATH.saveMessages, { items: [items[0]] }), 404, 'patient_not_found');
    await expectError(api(t, other.token).post(PATH.saveMessages, { items: [items[1]] }), 404, 'appointment_not_found');
  });

  test('the popup stacks are told over the hub when a send hour comes (the job, every tier) and when an item is messaged', async () => {
    const clinic = await newClinic(t);
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT2', texts: texts(), defaultLang: 'ar', sendHour: 11 }));
    await expectOk(api(t, clinic.token).post(PATH.saveMessageType, { type: 'MT3', texts: patientTexts, defaultLang: 'ar', sendHour: 15 }));
    const free = await newClinic(t, { tier: 'ST0' });
    const events: Envelope[] = [];
    const stop = t.app.deps.hub.onEnvelope((e) => events.push(e));
    const told = (at: string) => announceDueMessages(t.database, t.app.deps.hub, { now: new Date(at), clinicIds: [clinic.clinicId, free.clinicId] });
    // Cairo time (UTC+2 in January); the free clinic keeps the built-in send hour (10:00)
    expect(await told('2030-01-06T11:00:00+02:00')).toEqual([clinic.clinicId]);
    expect(await told('2030-01-06T11:02:59+02:00')).toEqual([clinic.clinicId]);
    expect(await told('2030-01-06T11:03:00+02:00')).toEqual([]);
    expect(await told('2030-01-06T12:00:00+02:00')).toEqual([]);
    expect(await told('2030-01-06T15:01:00+02:00')).toEqual([clinic.clinicId]);
    expect(DEFAULT_SEND_HOUR).toBe(10);
    expect(await told('2030-01-06T10:00:30+02:00')).toEqual([free.clinicId]);
    await vi.waitFor(() => expect(events.filter((e) => e.to.clinicId === clinic.clinicId)).toHaveLength(3));
    expect(events.find((e) => e.to.clinicId === clinic.clinicId)).toEqual({ to: { clinicId: clinic.clinicId }, event: { type: 'MessagesDue' } });
    // the popup off: not told
    await setClinicFlags(t, clinic, { showMessagePopup: false });
    expect(await told('2030-01-06T11:00:00+02:00')).toEqual([]);
    await setClinicFlags(t, clinic, { showMessagePopup: true });
    // an item messaged from one screen (or recorded as messaged by hand): every screen of the clinic is told at the commit
    const patient = await newPatient(t, clinic, { name: 'Hala' });
    const appointment = await appointmentAt(t, clinic, patient, START);
    events.length = 0;
    await expectOk(api(t, clinic.token).post(PATH.getMessageContent, { groupName: 'appointment', id: appointment, type: 'whatsapp' }));
    await vi.waitFor(() => expect(events).toEqual([{ to: { clinicId: clinic.clinicId }, event: { type: 'MessagesDue' } }]));
    await expectOk(api(t, clinic.token).post(PATH.saveMessages, { items: [{ groupName: 'birthday', id: patient, type: 'sms' }] }));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    // a refused click tells nobody
    await expectError(api(t, (await newClinic(t)).token).post(PATH.getMessageContent, { groupName: 'appointment', id: appointment, type: 'whatsapp' }), 404, 'appointment_not_found');
    stop();
    expect(events).toHaveLength(2);
  });

  test('every call refuses a user without its keys (403 BS11) and bad input (400); the popup only for the user’s branches', async () => {
    const clinic = await newClinic(t);
    const patient = await newPatient(t, clinic);
    const appointment = await appointmentAt(t, clinic, patient, START);
    const outsider = await newUser(t, clinic, ['financial_lookups']);
    const refusals: Array<[string, 'get' | 'post', Record<string, unknown>]> = [
      [PATH.getMessageType, 'get', { type: 'MT2' }],
      [PATH.updateDefaultLang, 'post', { defaultLang: 'en' }],
      [PATH.getMessageTypeContent, 'get', { type: 'MT2', channel: 'sms', appointmentId: appointment }],
      [PATH.getMessageContent, 'post', { groupName: 'appointment', id: appointment, type: 'whatsapp' }],
      [PATH.getDueMessages, 'get', {}],
      [PATH.retryOutboxMessage, 'post', { id: 1 }],
      [PATH.getPatientMessaging, 'get', { patientId: patient }],
      [PATH.setPatientMessaging, 'post', { patientId: patient, doNotMessage: true }],
    ];
    for (const [path, method, input] of refusals) await expectError(api(t, outsider)[method](path, input), 403, 'BS11');
    for (const body of [{}, { defaultLang: 'de' }, { type: 'MT7', defaultLang: 'ar' }])
      expect((await api(t, clinic.token).post(PATH.updateDefaultLang, body)).statusCode, JSON.stringify(body)).toBe(400);
    for (const q of [{}, { patientId: 'x' }, { patientId: -1 }]) expect((await api(t, clinic.token).get(PATH.getPatientMessaging, q)).statusCode).toBe(400);
    await expectError(api(t, (await newClinic(t)).token).get(PATH.getPatientMessaging, { patientId: patient }), 404, 'patient_not_found');
    // the popup stack of a branch: one of the user's (else 403 BS15), of the clinic (else 404); a bad id is 400
    const second = await addBranch(t, clinic);
    const secretary = await newUser(t, clinic, ['scheduler_view_all']);
    await expectOk(api(t, secretary).get(PATH.getDueMessages, { branchId: clinic.branchId }));
    await expectError(api(t, secretary).get(PATH.getDueMessages, { branchId: second }), 403, 'BS15');
    const foreign = await newClinic(t);
    expect((await api(t, secretary).get(PATH.getDueMessages, { branchId: foreign.branchId })).statusCode).toBe(404);
    expect((await api(t, secretary).get(PATH.getDueMessages, { branchId: 'x' })).statusCode).toBe(400);
  });

  test('the outbox lists by status, channel, type, patient and days; retry puts a failed SMS back', async () => {
    const clinic = await newClinic(t);
    const p = await newPatient(t, clinic, { name: 'Omar' });
    const id = await appointmentAt(t, clinic, p, START);
    const first = await expectOk<{ outboxId: number }>(api(t, clinic.token).get(PATH.sendSmsManual, { appointmentId: id }));
    const second = await expectOk<{ outboxId: number }>(api(t, clinic.token).get(PATH.sendSmsManual, { appointmentId: id, type: 'MT1' }));
    const list = expectContractAnswer(messagesCalls.getOutbox, await api(t, clinic.token).get(PATH.getOutbox));
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 30 });
    expect(list.items.map((i) => i.id)).toEqual([second.outboxId, first.outboxId]);
    expect(list.items[0]).toMatchObject({ patientName: 'Omar', status: 'queued', channel: 'sms', type: 'MT1', attempts: 0, sentAt: null });
    expect((await expectOk<{ total: number }>(api(t, clinic.token).get(PATH.getOutbox, { type: 'MT2', status: 'queued', channel: 'sms', patientId: p }))).total).toBe(1);
    expect((await expectOk<{ total: number }>(api(t, clinic.token).get(PATH.getOutbox, { channel: 'whatsapp' }))).total).toBe(0);
    expect((await expectOk<{ total: number }>(api(t, clinic.token).get(PATH.getOutbox, { from: '2000-01-01', to: '2000-01-02' }))).total).toBe(0);
    expect((await expectOk<{ total: number }>(api(t, clinic.token).get(PATH.getOutbox, { from: '2000-01-01', pageSize: 1, page: 2 }))).total).toBe(2);
    for (const q of [{ status: 'lost' }, { from: '2030-02-30' }, { pageSize: 0 }, { channel: 'fax' }])
      expect((await api(t, clinic.token).get(PATH.getOutbox, q)).statusCode).toBe(400);
    // a queued message cannot be retried; a failed one can; another clinic's is 404
    await expectError(api(t, clinic.token).post(PATH.retryOutboxMessage, { id: first.outboxId }), 409, 'outbox_not_retryable');
    const { withTenant } = await import('../../platform/db/tenancy.js');
    const { messageOutbox } = await import('./messages.table.js');
    const { and, eq } = await import('drizzle-orm');
    await withTenant(t.database.db, clinic.clinicId, (tx) =>
      tx.update(messageOutbox).set({ status: 'failed', attempts: 5 }).where(and(eq(messageOutbox.clinicId, clinic.clinicId), eq(messageOutbox.id, first.outboxId))),
    );
    await expectOk(api(t, clinic.token).post(PATH.retryOutboxMessage, { id: first.outboxId }));
    expect(await outboxRow(t, clinic, first.outboxId)).toMatchObject({ status: 'queued', attempts: 0 });
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(PATH.retryOutboxMessage, { id: first.outboxId }), 404, 'outbox_message_not_found');
    expect((await api(t, clinic.token).post(PATH.retryOutboxMessage, { id: 'x' })).statusCode).toBe(400);
    expect((await outboxRows(t, other)).length).toBe(0);
  });
});
