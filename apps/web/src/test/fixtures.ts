import { type ActiveUser, DEFAULT_ROLE_PERMISSIONS } from '@dental/contract';

/** A clinic owner (RL1, every permission) on the given tier. */
export function testUser(patch: Partial<ActiveUser> = {}): ActiveUser {
  return {
    userId: 7,
    clinicId: 42,
    clinicName: 'demo',
    clinicDisplayName: 'Demo Dental',
    branchId: 3,
    displayName: 'Owner',
    fullName: 'Clinic Owner',
    emailAddress: 'owner@demo.test',
    mobile: '+201001234567',
    countryId: 'CN1',
    clinicCountryId: 'CN1',
    subscriptionType: 'ST3',
    permissions: [...DEFAULT_ROLE_PERMISSIONS.RL1],
    showMessagePopup: false,
    userLanguage: 'ar',
    language: 'ar',
    theme: 'light',
    userRole: 'RL1',
    roleId: null,
    fcmToken: null,
    photoJson: null,
    toothNumberingSystem: 'FDI',
    workingHours: null,
    timeZone: 'Africa/Cairo',
    currency: 'EGP',
    ...patch,
  };
}
