import type { Country } from '@dental/contract';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js';
import { EMPTY_VALUE } from './format';
import { useSession } from './session';

/** The clinic's country as libphonenumber's: CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt (as the server reads numbers). */
export const PHONE_COUNTRY: Record<Country, CountryCode> = { CN1: 'YE', CN2: 'SA', CN3: 'EG' };

/** libphonenumber's parse of one metadata set: the caller chooses it (mobile-only or with fixed lines), and its weight. */
type Parse = (text: string, defaultCountry: CountryCode) => PhoneNumber | undefined;

/**
 * A stored number (E.164) as people of the clinic's country write it: the national form for the clinic's country
 * ("010 01234567", "02 23456789"), the international form for others ("+966 50 123 4567"); what does not parse is
 * shown as stored.
 */
export function writtenNumber(parse: Parse, value: string, country: Country): string {
  const phone = parse(value, PHONE_COUNTRY[country]);
  if (!phone) return value;
  return phone.country === PHONE_COUNTRY[country] ? phone.formatNational() : phone.formatInternational();
}

/** A stored number written by `write` for the signed-in clinic's country, left to right inside right-to-left text; "—" when empty. */
export function NumberText({ value, write }: { value: string | null | undefined; write: (value: string, country: Country) => string }) {
  const country = (useSession()?.user.clinicCountryId ?? 'CN3') as Country;
  // a number is never broken across lines ("02 / 22600001" in a narrow column)
  return value ? <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>{write(value, country)}</bdi> : EMPTY_VALUE;
}
