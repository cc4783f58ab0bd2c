import { currentLanguage } from '../../../lib/i18n';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimal text in the UI language with Latin digits, formatted from the text itself (Intl reads it exactly). */
function formatText(value: string | null | undefined, minimumFractionDigits: number): string {
  if (value == null || !DECIMAL.test(value)) return '';
  return new Intl.NumberFormat(`${currentLanguage()}-u-nu-latn`, {
    minimumFractionDigits,
    maximumFractionDigits: 2,
  }).format(value as `${number}`);
}

/**
 * A money amount from the server ("1250.50") with its currency, never through float arithmetic: whole amounts
 * read without decimals (15,000 EGP), others with both (8,000.50 EGP).
 */
export function formatDecimalText(value: string | null | undefined, currency?: string | null): string {
  const text = formatText(value, value && /\.\d*[1-9]/.test(value) ? 2 : 0);
  return text && currency ? `${text} ${currency}` : text;
}

/** A percentage from the server ("82.50") as "82.5%". */
export function formatPercentText(value: string | null | undefined): string {
  const text = formatText(value, 0);
  return text ? `${text}%` : '';
}

/** "80.00" → "80", "12.50" → "12.5": how a stored decimal reads in an input. */
export const trimDecimalText = (value: string | null | undefined): string | undefined =>
  value == null ? undefined : value.includes('.') ? value.replace(/\.?0+$/, '') : value;
