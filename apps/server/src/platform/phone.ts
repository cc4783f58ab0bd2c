import type { ErrorCode } from '@dental/contract';
import { fail } from './errors.js';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The clinic's country as libphonenumber's: CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt. */
export const PHONE_COUNTRY: Record<string, CountryCode> = { CN1: 'YE', CN2: 'SA', CN3: 'EG' };

/**
 * A mobile as typed (the contract's `patientMobile`: digits with an optional +), read against the clinic's
 * country: its E.164 form (+201001234567), or why it is refused. A number of another country is accepted when it
 * carries its own code (+ or 00). Only numbers that can take an SMS are mobiles: a fixed line is refused
 * (phone_not_mobile); FIXED_LINE_OR_MOBILE (countries whose plans do not tell them apart) is accepted.
 * `kind` 'phone' (a branch's or the clinic's contact number) takes any valid number of the plan, fixed lines too.
 */
export function e164Mobile(
  value: string,
  clinicCountry: string,
  kind: 'mobile' | 'phone' = 'mobile',
): { number: string } | { issue: ErrorCode } {
  const typed = value.startsWith('00') ? `+${value.slice(2)}` : value;
  const phone = parsePhoneNumberFromString(typed, PHONE_COUNTRY[clinicCountry] ?? 'EG');
  if (!phone?.isValid()) return { issue: 'phone_invalid' };
  const type = phone.getType();
  if (kind === 'mobile' && type && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return { issue: 'phone_not_mobile' };
  return { number: phone.number };
}

/**
 * A typed number read with `e164Mobile` as it is stored (E.164), or a 400 on `field` (phone_invalid,
 * phone_not_mobile). Users' mobiles (issue 18) as patients' are; a branch's or the clinic's contact and messaging
 * numbers (`phone`) may also be fixed lines (called, or a WhatsApp business line).
 */
export function storedMobile(
  value: string,
  clinicCountry: string,
  kind: 'mobile' | 'phone' = 'mobile',
  field = 'mobile',
): string {
  const read = e164Mobile(value, clinicCountry, kind);
  if ('issue' in read) return fail('validation', { [field]: read.issue });
  return read.number;
}

/** A typed number as it would be stored (E.164) when it reads as one, else as typed without separators. */
export function comparableMobile(value: string, clinicCountry: string): string {
  const read = e164Mobile(value, clinicCountry);
  return 'number' in read ? read.number : value.replace(/[\s\-().]/g, '');
}
