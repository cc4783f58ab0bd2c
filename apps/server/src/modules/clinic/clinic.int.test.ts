import { callPath, clinicCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, login, newClinic, newUser, testApp } from '../../../test/harness.js';
import { clinics } from '../../platform/auth/identity.table.js';

const t = await testApp();
const GET = callPath(clinicCalls.getClinic);
const SAVE = callPath(clinicCalls.saveClinic);
const CHECK = callPath(clinicCalls.checkClinicName);

/**
 * The clinics row straight from the database (as the owner of the tables: no row-level security), without its session
 * stamp (which moves on whenever a user is added, see migration 0007).
 */
const rowOf = async (clinicId: number) => {
  const { sessionStamp: _stamp, ...row } = (await t.database.db.select().from(clinics).where(eq(clinics.id, clinicId)))[0]!;
  return row;
};

/** Every field SaveClinic takes, valid; tests change one thing at a time. */
const form = (c: TestClinic, patch: Record<string, unknown> = {}) => ({
  clinicName: c.clinicName,
  displayName: 'Smile Dental',
  address: '12 Nile Street',
  city: 'Cairo',
  mobile: '+201001234567',
  msgNumber: '+201001234568',
  vatPercentage: '14.5',
  commercialRegistrationNo: 'CR-100',
  taxNo: 'TX-200',
  toothNumberingSystem: 'Palmer',
  addAppointmentOnProcedureCreate: true,
  autoUpdateAppointmentToMissed: true,
  allowDragAndDropInCalendar: false,
  allowResizingInCalendar: false,
  showProcedureMaterialsPopup: true,
  checkPatientInsuranceLimit: true,
  showMessagePopup: false,
  autoApprovePatient: true,
  allowOverlappingAppointments: true,
  appointmentBookingType: 'turn',
  appointmentBookingInterval: 20,
  appointmentBookingGapDays: 1,
  appointmentBookingDays: 30,
  appointmentBookingTimeStart: '10:00',
  appointmentBookingTimeEnd: '18:30',
  maxBookingsPerDay: 40,
  maxAttendanceDistance: 500,
  website: 'smile.example.com',
  facebook: 'fb.com/smile',
  twitter: '@smile',
  instagram: 'smile.dental',
  whatsapp: '+201001234569',
  tiktok: '@smile.tok',
  youTube: 'youtube.com/@smile',
  snapchat: 'smile.snap',
  video: 'youtube.com/watch?v=abc',
  ...patch,
});

/** POST SaveClinic as multipart: the fields as JSON in `data`, optionally a `logo` file. */
function saveClinic(token: string, data: unknown, logo?: Buffer, opts: { language?: string } = {}) {
  const body = new FormData();
  if (data !== undefined) body.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (logo) body.append('logo', new Blob([new Uint8Array(logo)]), 'logo.png');
  return t.app.inject({
    method: 'POST',
    url: SAVE,
    headers: { authorization: `Bearer ${token}`, language: opts.language ?? 'en' },
    payload: body,
  });
}

const png = () =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: '#079ee4' } })
    .png()
    .toBuffer();

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

describe('Lookups/GetClinic', () => {
  it("reads the caller's clinic with every field, on the free tier", async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const res = await api(t, c.token).get(GET);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: c.clinicId,
      clinicName: c.clinicName,
      displayName: `Clinic ${c.clinicName}`,
      address: null,
      city: null,
      mobile: null,
      msgNumber: null,
      vatPercentage: '0.00',
      commercialRegistrationNo: null,
      taxNo: null,
      toothNumberingSystem: 'FDI',
      addAppointmentOnProcedureCreate: false,
      autoUpdateAppointmentToMissed: false,
      allowDragAndDropInCalendar: true,
      allowResizingInCalendar: true,
      showProcedureMaterialsPopup: false,
      checkPatientInsuranceLimit: false,
      showMessagePopup: true,
      autoApprovePatient: false,
      allowOverlappingAppointments: false,
      appointmentBookingType: 'time',
      appointmentBookingInterval: 30,
      appointmentBookingGapDays: 0,
      appointmentBookingDays: 14,
      appointmentBookingTimeStart: '09:00',
      appointmentBookingTimeEnd: '21:00',
      maxBookingsPerDay: 0,
      maxAttendanceDistance: 0,
      website: null,
      facebook: null,
      twitter: null,
      instagram: null,
      whatsapp: null,
      tiktok: null,
      youTube: null,
      snapchat: null,
      video: null,
      logoUrl: null,
      countryId: 'CN3',
      currency: 'EGP',
      timeZone: 'Africa/Cairo',
      subscriptionType: 'ST0',
      updateUserId: null,
      updatedAt: expect.any(String),
    });
  });

  it('needs clinic_show and the BranchManager rule', async () => {
    const c = await newClinic(t);
    await expectDenied(api(t, await newUser(t, c, ['clinic_edit', 'clinic_branch_edit'])).get(GET));
    await expectDenied(api(t, await newUser(t, c, ['clinic_show'], 'RL7')).get(GET), 'BS14');
    expect((await api(t, await newUser(t, c, ['clinic_show'], 'RL2')).get(GET)).statusCode).toBe(200);
    expect((await api(t).get(GET)).statusCode).toBe(401);
  });
});

describe('Lookups/SaveClinic', () => {
  it('saves every field, keeps VAT as exact decimal text and records who changed it', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const other = await newClinic(t);
    const otherBefore = await rowOf(other.clinicId);
    const res = await saveClinic(c.token, form(c));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    const { clinicName: _n, ...rest } = form(c);
    expect(saved).toMatchObject({
      ...rest,
      clinicName: c.clinicName,
      vatPercentage: '14.50',
      updateUserId: c.ownerId,
      logoUrl: null,
    });
    expect((await api(t, c.token).get(GET)).json()).toEqual(saved);
    const row = await rowOf(c.clinicId);
    expect([row.vatPercentage, row.appointmentBookingType, row.updateUserId]).toEqual(['14.50', 'turn', c.ownerId]);

    // a JSON number is taken by its written form; optional texts left out are cleared
    const second = await saveClinic(c.token, { ...form(c), vatPercentage: 15.25, address: undefined, facebook: '' });
    expect(second.json()).toMatchObject({ vatPercentage: '15.25', address: null, facebook: null });
    expect((await saveClinic(c.token, form(c, { vatPercentage: '100' }))).json().vatPercentage).toBe('100.00');
    expect((await saveClinic(c.token, form(c, { vatPercentage: 0 }))).json().vatPercentage).toBe('0.00');

    expect(await rowOf(other.clinicId)).toEqual(otherBefore);
  });

  it('never writes the tier, the active flag or another clinic, whatever the body says', async () => {
    const c = await newClinic(t, { tier: 'ST1' });
    const other = await newClinic(t);
    const otherBefore = await rowOf(other.clinicId);
    const res = await saveClinic(c.token, {
      ...form(c),
      id: other.clinicId,
      subscriptionType: 'ST3',
      isActive: false,
      countryId: 'CN2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.clinicId, subscriptionType: 'ST1', countryId: 'CN3' });
    expect(await rowOf(c.clinicId)).toMatchObject({ subscriptionType: 'ST1', isActive: true, countryId: 'CN3' });
    expect(await rowOf(other.clinicId)).toEqual(otherBefore);
  });

  it('renames the clinic (the login name follows); a name another clinic uses, in any case, is refused', async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const before = await rowOf(c.clinicId);
    const taken = await saveClinic(
      c.token,
      form(c, { clinicName: other.clinicName.toUpperCase(), displayName: 'Changed' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'clinic_name_exists',
      message: 'Clinic name exists',
      errors: { clinicName: 'Clinic name exists' },
    });
    expect(await rowOf(c.clinicId)).toEqual(before);

    const renamed = `${c.clinicName}-new`;
    const res = await saveClinic(c.token, form(c, { clinicName: renamed }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await login(t, renamed, `owner@${c.clinicName}.test`)).toEqual(expect.any(String));
    // its own name in another case is fine
    expect((await saveClinic(c.token, form(c, { clinicName: renamed.toUpperCase() }))).statusCode).toBe(200);
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const before = await rowOf(c.clinicId);
    const bad = await saveClinic(
      c.token,
      form(c, {
        clinicName: 'a b',
        displayName: ' ',
        vatPercentage: '14.555',
        appointmentBookingInterval: 4,
        appointmentBookingTimeStart: '18:00',
        appointmentBookingTimeEnd: '09:00',
        appointmentBookingType: 'queue',
        website: 'https://example.com',
        instagram: 'x'.repeat(201),
        mobile: 'call me',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation',
      message: 'Fill all required data',
      errors: {
        clinicName: 'The clinic name is 3 to 50 Latin letters, digits or dashes',
        displayName: 'This field is required',
        vatPercentage: 'VAT is a percentage from 0 to 100 with at most 2 decimals',
        appointmentBookingInterval: 'The booking interval is 5 to 240 minutes',
        appointmentBookingType: 'Invalid value',
        website: 'Please remove http or https from the website URL',
        instagram: 'The value is too long',
        mobile: 'Phone number not valid',
      },
    });
    const times = await saveClinic(
      c.token,
      form(c, { appointmentBookingTimeStart: '18:00', appointmentBookingTimeEnd: '09:00' }),
      undefined,
      { language: 'fr' },
    );
    expect(times.json().errors).toEqual({ appointmentBookingTimeEnd: 'Le début doit précéder la fin' });
    const website = await saveClinic(c.token, form(c, { website: 'http://smile.com' }), undefined, { language: 'ar' });
    expect(website.json().errors).toEqual({ website: 'يرجى إزالة http أو https من رابط الموقع الإلكتروني' });
    expect((await saveClinic(c.token, form(c, { vatPercentage: 100.01 }))).statusCode).toBe(400);

    const empty = await saveClinic(c.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      clinicName: 'This field is required',
      showMessagePopup: 'This field is required',
    });
    expect((await saveClinic(c.token, undefined)).json()).toMatchObject({
      code: 'validation',
      errors: { data: 'This field is required' },
    });
    expect((await saveClinic(c.token, '{not json')).json()).toMatchObject({
      code: 'validation',
      errors: { data: 'Invalid value' },
    });
    const json = await api(t, c.token).post(SAVE, form(c));
    expect(json.statusCode).toBe(400);
    expect(await rowOf(c.clinicId)).toEqual(before);
  });

  it("stores the clinic's number in E.164 read against its country, and refuses a wrong one (issue 18)", async () => {
    const c = await newClinic(t);
    expect((await saveClinic(c.token, form(c, { mobile: '0100 123 4567' }))).statusCode).toBe(200);
    expect((await rowOf(c.clinicId)).mobile).toBe('+201001234567');
    expect((await saveClinic(c.token, form(c, { mobile: '02 2260 0000' }))).statusCode).toBe(200);
    expect((await rowOf(c.clinicId)).mobile).toBe('+20222600000');
    const before = await rowOf(c.clinicId);
    // one digit short of an Egyptian mobile: the old check took any 6-19 digits
    const res = await saveClinic(c.token, form(c, { mobile: '010012345' }), undefined, { language: 'fr' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ mobile: expect.any(String) });
    expect(res.json().errors.mobile).not.toBe('Phone number not valid');
    expect(await rowOf(c.clinicId)).toEqual(before);
  });

  it("reads the messaging number (msgNumber) as the clinic's other numbers: E.164, a wrong one refused (issue 18)", async () => {
    const c = await newClinic(t);
    expect((await saveClinic(c.token, form(c, { msgNumber: '0100 123 4568' }))).statusCode).toBe(200);
    expect((await rowOf(c.clinicId)).msgNumber).toBe('+201001234568');
    const before = await rowOf(c.clinicId);
    for (const [language, message] of [
      ['en', 'Phone number not valid'],
      ['ar', 'رقم الهاتف غير صالح'],
    ]) {
      const res = await saveClinic(c.token, form(c, { msgNumber: '010012345' }), undefined, { language });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ msgNumber: message });
    }
    expect(await rowOf(c.clinicId)).toEqual(before);
    // left empty it is cleared
    expect((await saveClinic(c.token, form(c, { msgNumber: '' }))).statusCode).toBe(200);
    expect((await rowOf(c.clinicId)).msgNumber).toBeNull();
  });

  it('stores a logo checked by content, replaces it, removes it; a file that is not an image changes nothing', async () => {
    const c = await newClinic(t);
    const first = await saveClinic(c.token, form(c), await png());
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().logoUrl;
    expect(firstUrl).toMatch(new RegExp(`^/api/files/clinics/${c.clinicId}/logos/[0-9a-f]{32}\\.png$`));
    const image = await t.app.inject(firstUrl);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);

    // saving without a file keeps the logo
    expect((await saveClinic(c.token, form(c, { displayName: 'Kept' }))).json().logoUrl).toBe(firstUrl);

    const before = await rowOf(c.clinicId);
    const notImage = await saveClinic(
      c.token,
      form(c, { displayName: 'Not saved' }),
      Buffer.from('%PDF-1.7 a document'),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({
      code: 'invalid_image_type',
      errors: { logo: 'Invalid image type (jpg, jpeg, png, svg, gif)' },
    });
    expect(await rowOf(c.clinicId)).toEqual(before);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="red"/></svg>',
    );
    const second = await saveClinic(c.token, form(c), svg);
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl: string = second.json().logoUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(secondUrl).toMatch(/\.png$/); // SVG is kept rasterised
    expect((await t.app.inject(firstUrl)).statusCode).toBe(404); // the old file is gone

    const removed = await saveClinic(c.token, form(c, { removeLogo: true }));
    expect(removed.json().logoUrl).toBeNull();
    expect((await t.app.inject(secondUrl)).statusCode).toBe(404);
  });

  it('needs clinic_edit and the BranchManager rule', async () => {
    const c = await newClinic(t);
    const before = await rowOf(c.clinicId);
    await expectDenied(saveClinic(await newUser(t, c, ['clinic_show', 'clinic_branch_edit']), form(c)));
    await expectDenied(saveClinic(await newUser(t, c, ['clinic_show', 'clinic_edit'], 'RL4'), form(c)), 'BS14');
    expect(await rowOf(c.clinicId)).toEqual(before);
    const manager = await newUser(t, c, ['clinic_edit'], 'RL2');
    expect((await saveClinic(manager, form(c, { displayName: 'By manager' }))).statusCode).toBe(200);
    expect((await saveClinic('nope', form(c))).statusCode).toBe(401);
  });
});

describe('Lookups/CheckClinicName', () => {
  it("answers whether a name is free, ignoring case and the caller's own name; any logged-in user may ask", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const before = await rowOf(c.clinicId);
    const anyone = await newUser(t, c, [], 'RL5');
    const check = async (clinicName: string, token = anyone) => {
      const res = await api(t, token).get(CHECK, { clinicName });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().available as boolean;
    };
    expect(await check(other.clinicName)).toBe(false);
    expect(await check(other.clinicName.toUpperCase(), c.token)).toBe(false);
    expect(await check(c.clinicName.toUpperCase())).toBe(true);
    expect(await check(`${c.clinicName}-free`)).toBe(true);
    expect(await rowOf(c.clinicId)).toEqual(before); // asking changes nothing

    const bad = await api(t, c.token).get(CHECK, { clinicName: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ clinicName: 'The clinic name is 3 to 50 Latin letters, digits or dashes' });
    expect((await api(t, c.token).get(CHECK)).json().errors).toEqual({ clinicName: 'This field is required' });
    expect((await api(t).get(CHECK, { clinicName: 'demo' })).statusCode).toBe(401);
  });
});
