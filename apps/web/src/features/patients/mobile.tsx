import type { Country } from '@dental/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { NumberText, PHONE_COUNTRY, writtenNumber } from '../../lib/stored-number';

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
export const displayMobile = (value: string, country: Country): string =>
  writtenNumber(parsePhoneNumberFromString, value, country);

/**
 * A stored mobile (a patient's, a user's, an appointment's), left to right inside right-to-left text, in the clinic's
 * national format; "—" when empty.
 */
export function MobileText({ value }: { value: string | null | undefined }) {
  return <NumberText value={value} write={displayMobile} />;
}
