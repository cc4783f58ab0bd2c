import type { Country } from '@dental/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { NumberText, writtenNumber } from './stored-number';

/**
 * A stored contact number that may be a fixed line (a branch's, a lab's, an insurance company's) as people of the
 * clinic's country write it, with libphonenumber's "min" metadata, which knows every number type: the mobile-only
 * metadata of MobileText cannot place a landline in its country when a calling code is shared (+44 1873…, +39 06…).
 */
export const displayPhone = (value: string, country: Country): string =>
  writtenNumber(parsePhoneNumberFromString, value, country);

/** A stored contact number in the clinic's format, left to right inside right-to-left text; "—" when empty. */
export function PhoneText({ value }: { value: string | null | undefined }) {
  return <NumberText value={value} write={displayPhone} />;
}
