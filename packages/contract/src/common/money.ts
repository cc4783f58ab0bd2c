import { z } from 'zod';
import type { CURRENCIES } from '../enums.js';
import { compareDecimalText, parseDecimalText } from './decimal-text.js';

/**
 * Money (MONEY.md): amounts travel as decimal text and are stored as numeric(14,3), so every currency fits (LYD has 3
 * decimals); an amount a user enters is then checked against the clinic currency's decimals on the server
 * (`assertCurrencyAmount` in the server's platform/money.ts). Answers carry amounts as text with the currency's
 * decimals ("150.00", "12.500"), rounded by PostgreSQL.
 */
export const CURRENCY_DECIMALS: Record<(typeof CURRENCIES)[number], number> = {
  EGP: 2, SAR: 2, LYD: 3, EUR: 2, USD: 2, GBP: 2,
};

/** The decimals of a clinic's currency (2 for an unknown code). */
export const currencyDecimals = (currency: string): number =>
  CURRENCY_DECIMALS[currency as (typeof CURRENCIES)[number]] ?? 2;

/** Integer digits of numeric(14,3): 11. */
export const MONEY_MAX_INTEGER_DIGITS = 11;

/**
 * A non-negative amount (a price, a discount): text ("150", "150.5") or a JSON number, at most 3 decimals, fits
 * numeric(14,3); parsed to canonical text with 3 decimals ("150.500"). Never a float.
 */
export const moneyAmount = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'field_required' : 'money_invalid'),
  })
  .refine((v) => !(typeof v === 'string' && v.trim() === ''), 'field_required')
  .transform((v, ctx) => {
    const text = parseDecimalText(v, MONEY_MAX_INTEGER_DIGITS, 3);
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: 'money_invalid' });
      return z.NEVER;
    }
    return text;
  });

/** True when the canonical 3-decimal text has no more decimals than `decimals` ("12.340" fits 2, "12.345" does not). */
export function fitsCurrency(amount: string, decimals: number): boolean {
  const fraction = amount.split('.')[1] ?? '';
  return /^0*$/.test(fraction.slice(decimals));
}

export { compareDecimalText };
