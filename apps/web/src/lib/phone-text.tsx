import type { Country } from '@dental/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { NumberText, PHONE_COUNTRY, writtenNumber } from './stored-number';

/**
 * A stored contact number that may be a fixed line (a branch's, a lab's, an insurance company's) as people of the
 * clinic's country write it, with libphonenumber's "min" metadata, which knows every number type: the mobile-only
 * metadata of MobileText cannot place a landline in its country when a calling code is shared (+44 1873…, +39 06…).
 */
export const displayPhone = (value: string, country: Country): string =>
  writtenNumber(parsePhoneNumberFromString, value, country);

const EXAMPLE_MOBILE: Record<Country, string> = { CN1: '+967712345678', CN2: '+966501234567', CN3: '+201001234567' };

/** An input's placeholder: a mobile as people of the clinic's country write it ("010 01234567"). */
export const phoneExample = (country: Country): string => displayPhone(EXAMPLE_MOBILE[country], country);

/**
 * A contact number as typed ("010 0123 4567", "+966 50…") read against the clinic's country: E.164 (as it is
 * stored) when it is a valid number, else as typed, for the server to refuse with its message.
 */
export function storedPhone(typed: string | null | undefined, country: Country): string | undefined {
  const text = typed?.trim();
  if (!text) return text ?? undefined;
  const phone = parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, PHONE_COUNTRY[country]);
  return phone?.isValid() ? phone.number : text;
}

/** A stored contact number in the clinic's format, left to right inside right-to-left text; "—" when empty. */
export function PhoneText({ value }: { value: string | null | undefined }) {
  return <NumberText value={value} write={displayPhone} />;
}
