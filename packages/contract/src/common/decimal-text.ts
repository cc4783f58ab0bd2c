/**
 * Decimal amounts travel as text ("80", "1250.5") from the form to the numeric column and back: a JSON number is
 * taken by its shortest written form, never multiplied or rounded, so 12.345 or 0.1 + 0.2 are refused rather than
 * silently changed. No float arithmetic anywhere.
 */
const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * `value` as canonical decimal text with exactly `scale` decimals ("80" → "80.00"), or null when it is not a
 * non-negative number with at most `maxIntegerDigits` integer digits and `scale` decimals.
 */
export function parseDecimalText(value: unknown, maxIntegerDigits: number, scale = 2): string | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  const m = DECIMAL_PATTERN.exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = m[2] ?? '';
  if (whole.length > maxIntegerDigits || fraction.length > scale) return null;
  return scale ? `${whole}.${fraction.padEnd(scale, '0')}` : whole;
}

/** Compares two canonical decimal texts of the same scale (as parseDecimalText returns them): -1, 0 or 1. */
export function compareDecimalText(a: string, b: string): number {
  const [aw = '', af = ''] = a.split('.');
  const [bw = '', bf = ''] = b.split('.');
  if (aw.length !== bw.length) return aw.length < bw.length ? -1 : 1;
  const x = `${aw}.${af}`;
  const y = `${bw}.${bf}`;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A percentage (insurance coverage, VAT), 0 to 100 with at most 2 decimals, as "80.00"; null when out of range or malformed. */
export function parsePercentage(value: unknown): string | null {
  const text = parseDecimalText(value, 3);
  return text !== null && compareDecimalText(text, '100.00') <= 0 ? text : null;
}

/** Integer digits of numeric(14,2): 12. */
export const AMOUNT_MAX_INTEGER_DIGITS = 12;

/** A positive money amount with at most 2 decimals that fits numeric(14,2), as "1250.50"; null otherwise. */
export function parsePositiveAmount(value: unknown): string | null {
  const text = parseDecimalText(value, AMOUNT_MAX_INTEGER_DIGITS);
  return text !== null && compareDecimalText(text, '0.00') > 0 ? text : null;
}
