import type { Country } from '@dental/contract';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { EMPTY_VALUE } from '../../lib/format';
import { useSession } from '../../lib/session';

/** The clinic's country as libphonenumber's: CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt (as the server reads mobiles). */
const PHONE_COUNTRY: Record<Country, CountryCode> = { CN1: 'YE', CN2: 'SA', CN3: 'EG' };

/**
 * Whether a patient's mobile as typed is a valid mobile number (libphonenumber's mobile metadata: a fixed line or a
 * number of the wrong length is not), read against the clinic's country: null when it is, else the catalogue code.
 * The server reads it the same way and also tells a fixed line apart (phone_not_mobile).
 */
export function mobileIssue(value: string | null | undefined, country: Country): 'phone_invalid' | null {
  const typed = (value ?? '').replace(/[\s\-().]/g, '');
  if (!typed) return null;
  const phone = parsePhoneNumberFromString(typed.startsWith('00') ? `+${typed.slice(2)}` : typed, PHONE_COUNTRY[country]);
  return phone?.isValid() ? null : 'phone_invalid';
}

/**
 * A stored mobile (E.164) as people of the clinic's country write it: the national form for the clinic's country
 * ("010 01234567"), the international form for others ("+966 50 123 4567"); what does not parse is shown as stored.
 */
export function displayMobile(value: string, country: Country): string {
  const phone = parsePhoneNumberFromString(value, PHONE_COUNTRY[country]);
  if (!phone) return value;
  return phone.country === PHONE_COUNTRY[country] ? phone.formatNational() : phone.formatInternational();
}

/**
 * A stored mobile (a patient's, a user's, an appointment's), left to right inside right-to-left text, in the clinic's
 * national format; "—" when empty.
 */
export function MobileText({ value }: { value: string | null | undefined }) {
  const country = (useSession()?.user.clinicCountryId ?? 'CN3') as Country;
  return value ? <bdi dir="ltr">{displayMobile(value, country)}</bdi> : EMPTY_VALUE;
}
