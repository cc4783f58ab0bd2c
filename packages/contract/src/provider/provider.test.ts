import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '../permissions.js';
import { PUBLIC_PATHS, ROUTES, menuFor, routeState } from '../navigation.js';
import { createClinicInput, isIanaTimeZone, providerClinicListInput, setClinicActiveInput } from './clinics.schemas.js';
import { providerCalls } from './provider.routes.js';

const valid = {
  clinicName: 'smile-clinic',
  displayName: 'Smile clinic',
  countryId: 'CN3',
  currency: 'EGP',
  timeZone: 'Africa/Cairo',
  subscriptionType: 'ST1',
  branchName: 'Main',
  owner: { fullName: 'Dr. Owner', userName: 'dr.owner', email: 'Owner@Smile.test', password: 'Abcdef1!' },
};
const messages = (input: unknown) => {
  const r = createClinicInput.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('provider console routes', () => {
  const route = (path: string) => ROUTES.find((r) => r.path === path)!;
  it('has a public login page and a provider-only clinics page', () => {
    expect(route('/provider/login')).toMatchObject({ layout: 'auth', name: 'ProviderLogin' });
    expect(PUBLIC_PATHS).toContain('/provider/login');
    expect(route('/provider/clinics')).toMatchObject({ layout: 'full', provider: true, name: 'ProviderClinics' });
    expect(PUBLIC_PATHS).not.toContain('/provider/clinics');
  });
  it('hides the clinics page from every clinic user, the owner included, and keeps it out of menus', () => {
    const owner = {
      permissions: DEFAULT_ROLE_PERMISSIONS.RL1,
      userRole: 'RL1' as const,
      subscriptionType: 'ST3' as const,
    };
    expect(routeState(route('/provider/clinics'), owner)).toBe('hidden');
    const paths = menuFor(owner, () => true).flatMap((g) => g.items.map((i) => i.route.path));
    expect(paths.filter((p) => p.startsWith('/provider'))).toEqual([]);
  });
});

describe('provider calls', () => {
  it('are all provider-only, with the spec names for GetClinics and DeleteClinic', () => {
    for (const d of Object.values(providerCalls)) expect(d.access).toEqual({ provider: true });
    expect(`${providerCalls.getClinics.controller}/${providerCalls.getClinics.action}`).toBe('Lookups/GetClinics');
    expect(`${providerCalls.deleteClinic.controller}/${providerCalls.deleteClinic.action}`).toBe(
      'Lookups/DeleteClinic',
    );
  });
});

describe('createClinicInput', () => {
  it('accepts a complete clinic and normalises e-mail, phone and spaces', () => {
    const r = createClinicInput.parse({ ...valid, clinicName: ' smile-clinic ', branchMobile: '+20 100-123 4567' });
    expect(r.clinicName).toBe('smile-clinic');
    expect(r.owner.email).toBe('owner@smile.test');
    expect(r.branchMobile).toBe('+201001234567');
    expect(createClinicInput.parse({ ...valid, branchMobile: '' }).branchMobile).toBeUndefined();
  });
  it('gives each wrong field its catalogue message', () => {
    expect(messages({})).toMatchObject({
      clinicName: 'field_required',
      displayName: 'field_required',
      countryId: 'field_required',
      currency: 'field_required',
      timeZone: 'field_required',
      subscriptionType: 'field_required',
      branchName: 'field_required',
    });
    expect(
      messages({
        ...valid,
        clinicName: 'my clinic',
        countryId: 'CN9',
        subscriptionType: 'ST7',
        timeZone: 'Mars/Olympus',
        branchMobile: '12ab',
        owner: { ...valid.owner, userName: 'dr owner', email: 'nope', password: 'ABCDEFG1!' },
      }),
    ).toEqual({
      clinicName: 'clinic_name_invalid',
      countryId: 'field_invalid',
      subscriptionType: 'field_invalid',
      timeZone: 'time_zone_invalid',
      branchMobile: 'phone_invalid',
      'owner.userName': 'user_name_invalid',
      'owner.email': 'email_invalid',
      'owner.password': 'password_lowercase',
    });
    expect(messages({ ...valid, clinicName: 'ab' })).toEqual({ clinicName: 'clinic_name_invalid' });
    expect(messages({ ...valid, clinicName: 'a'.repeat(51) })).toEqual({ clinicName: 'clinic_name_invalid' });
    expect(messages({ ...valid, clinicName: 'عيادة' })).toEqual({ clinicName: 'clinic_name_invalid' });
  });
  it('knows IANA time zones', () => {
    expect(isIanaTimeZone('Asia/Riyadh')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('Cairo')).toBe(false);
    expect(isIanaTimeZone('')).toBe(false);
  });
});

describe('list and switch inputs', () => {
  it('reads filters from a query string', () => {
    expect(providerClinicListInput.parse({ isActive: 'false', subscriptionType: 'ST2', page: '2' })).toMatchObject({
      isActive: false,
      subscriptionType: 'ST2',
      page: 2,
      pageSize: 30,
    });
    expect(providerClinicListInput.safeParse({ isActive: 'maybe' }).success).toBe(false);
  });
  it('needs a boolean active flag', () => {
    expect(setClinicActiveInput.safeParse({ clinicId: 1 }).error?.issues[0]?.message).toBe('field_required');
    expect(setClinicActiveInput.safeParse({ clinicId: 1, isActive: 'no' }).error?.issues[0]?.message).toBe(
      'field_invalid',
    );
  });
});
