import { type Country, MOBILE_MAX_LENGTH } from '@dental/contract';

/** A dialling code offered by the phone input: ISO country code and the digits after +. */
export interface DialCode {
  iso: string;
  dial: string;
}

/** Spec §5: the preferred countries, Egypt and Saudi Arabia, come first. */
export const PREFERRED_DIAL_CODES: readonly DialCode[] = [
  { iso: 'EG', dial: '20' },
  { iso: 'SA', dial: '966' },
];

/** The rest, by ISO code: the region's countries and the usual foreign numbers. */
export const OTHER_DIAL_CODES: readonly DialCode[] = [
  { iso: 'AE', dial: '971' },
  { iso: 'BH', dial: '973' },
  { iso: 'DE', dial: '49' },
  { iso: 'DZ', dial: '213' },
  { iso: 'FR', dial: '33' },
  { iso: 'GB', dial: '44' },
  { iso: 'IQ', dial: '964' },
  { iso: 'JO', dial: '962' },
  { iso: 'KW', dial: '965' },
  { iso: 'LB', dial: '961' },
  { iso: 'LY', dial: '218' },
  { iso: 'MA', dial: '212' },
  { iso: 'OM', dial: '968' },
  { iso: 'PS', dial: '970' },
  { iso: 'QA', dial: '974' },
  { iso: 'SD', dial: '249' },
  { iso: 'SY', dial: '963' },
  { iso: 'TN', dial: '216' },
  { iso: 'TR', dial: '90' },
  { iso: 'US', dial: '1' },
  { iso: 'YE', dial: '967' },
];

export const DIAL_CODES: readonly DialCode[] = [...PREFERRED_DIAL_CODES, ...OTHER_DIAL_CODES];

/** The clinic's country decides the code a new number starts with (CN1 Yemen, CN2 Saudi Arabia, CN3 Egypt). */
export const DEFAULT_DIAL: Record<Country, string> = { CN1: '967', CN2: '966', CN3: '20' };

/**
 * Splits a stored number (+201001234567) into its dialling code and the rest, matching the longest known code;
 * a number without a known code keeps `fallbackDial` and its digits.
 */
export function splitPhone(value: string | null | undefined, fallbackDial: string): { dial: string; national: string } {
  const v = (value ?? '').trim();
  if (!v.startsWith('+')) return { dial: fallbackDial, national: v };
  const digits = v.slice(1);
  const match = [...DIAL_CODES].sort((a, b) => b.dial.length - a.dial.length).find((c) => digits.startsWith(c.dial));
  return match ? { dial: match.dial, national: digits.slice(match.dial.length) } : { dial: fallbackDial, national: v };
}

/**
 * The international number for what was typed: the national part without its leading zeros (EG 0100… is +20100…),
 * spaces and dashes kept for the contract's schema to drop. A number typed with its own + wins over the code.
 * Empty when nothing was typed, so "required" applies.
 */
export function joinPhone(dial: string, national: string): string {
  const typed = national.trim();
  if (!typed) return '';
  if (typed.startsWith('+')) return typed;
  return `+${dial}${typed.replace(/^[\s0]+/, '')}`;
}

/** How many characters the national part may have so that the whole number stays within the limit (20). */
export const nationalMaxLength = (dial: string) => MOBILE_MAX_LENGTH - dial.length - 1;
