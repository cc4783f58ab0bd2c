import type { ErrorCode } from '@dental/contract';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The clinic's country as libphonenumber's: CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt. */
export const PHONE_COUNTRY: Record<string, CountryCode> = { CN1: 'YE', CN2: 'SA', CN3: 'EG' };

/**
 * A patient's mobile as typed (the contract's `patientMobile`: digits with an optional +), read against the clinic's
 * country: its E.164 form (+201001234567), or why it is refused. A number of another country is accepted when it
 * carries its own code (+ or 00). Only numbers that can take an SMS are mobiles: a fixed line is refused
 * (phone_not_mobile); FIXED_LINE_OR_MOBILE (countries whose plans do not tell them apart) is accepted.
 */
export function e164Mobile(value: string, clinicCountry: string): { number: string } | { issue: ErrorCode } {
  const typed = value.startsWith('00') ? `+${value.slice(2)}` : value;
  const phone = parsePhoneNumberFromString(typed, PHONE_COUNTRY[clinicCountry] ?? 'EG');
  if (!phone?.isValid()) return { issue: 'phone_invalid' };
  const type = phone.getType();
  if (type && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return { issue: 'phone_not_mobile' };
  return { number: phone.number };
}
