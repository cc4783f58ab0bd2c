import { compareDecimalText, parseDecimalText } from '@dental/contract';

/**
 * Money on the payments screens is decimal text as the server sends it ("150.00", LYD "12.500"). The screens only
 * add amounts up (the maximum payable of several selected procedures) and compare them (the cap); both are done on
 * scaled BigInts, never on floats. Every figure shown comes from the server.
 */
const SCALE = 3;
const MAX_DIGITS = 15;

/** Decimal text (may be negative) as an integer count of thousandths; null when it is not a decimal. */
function toUnits(value: string): bigint | null {
  const text = value.trim();
  const negative = text.startsWith('-');
  const canonical = parseDecimalText(negative ? text.slice(1) : text, MAX_DIGITS, SCALE);
  if (canonical === null) return null;
  const units = BigInt(canonical.replace('.', ''));
  return negative ? -units : units;
}

function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const whole = abs.slice(0, -SCALE);
  const fraction = abs.slice(-SCALE).slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${fraction}` : whole;
  return negative && units !== 0n ? `-${text}` : text;
}

/** The exact sum of decimal texts, with `decimals` decimals (the currency's); malformed values count as 0. */
export function sumDecimalText(values: readonly (string | null | undefined)[], decimals: number): string {
  const total = values.reduce<bigint>((acc, v) => acc + (v == null ? 0n : (toUnits(v) ?? 0n)), 0n);
  return fromUnits(total, Math.min(decimals, SCALE));
}

/** a compared with b (decimal texts of any scale, either may be negative): -1, 0 or 1; null when one is malformed. */
export function compareMoney(a: string, b: string): number | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === null || y === null) return null;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** True when the decimal text is above zero. */
export const isPositive = (value: string | null | undefined): boolean => value != null && compareMoney(value, '0') === 1;

/**
 * What the amount field of the pay drawer says about a typed amount: 'required', 'invalid' (not a decimal, or more
 * decimals than the currency has), 'min' (below 1, spec §5), 'max' (above the maximum payable) or null when it is
 * fine. The server checks the same again (and is the one that counts under concurrency).
 */
export function amountProblem(
  typed: string | null | undefined,
  max: string,
  decimals: number,
): 'required' | 'invalid' | 'min' | 'max' | null {
  const text = (typed ?? '').trim();
  if (!text) return 'required';
  const canonical = parseDecimalText(text, 11, SCALE);
  if (canonical === null) return 'invalid';
  if (!/^0*$/.test(canonical.split('.')[1]!.slice(decimals))) return 'invalid';
  if (compareDecimalText(canonical, '1.000') < 0) return 'min';
  if ((compareMoney(canonical, max) ?? 1) > 0) return 'max';
  return null;
}

/**
 * `total` split into `count` instalments at the currency's decimals: equal parts rounded down, the last one takes
 * what is left, so they always add up to the total exactly (the server refuses a plan whose parts do not).
 */
export function splitInstalments(total: string, count: number, decimals: number): string[] {
  const units = toUnits(total);
  if (units === null || units <= 0n || !Number.isInteger(count) || count < 1) return [];
  const step = 10n ** BigInt(SCALE - Math.min(decimals, SCALE));
  const part = (units / BigInt(count) / step) * step;
  const last = units - part * BigInt(count - 1);
  return [...Array.from({ length: count - 1 }, () => fromUnits(part, decimals)), fromUnits(last, decimals)];
}

/**
 * The due days of `count` instalments from `first` ('YYYY-MM-DD'), every month or every week. A monthly day the
 * month lacks falls on its last day (31 January → 28 or 29 February → 31 March: always counted from the first).
 */
export function instalmentDays(first: string, count: number, every: 'month' | 'week'): string[] {
  const [y, mo, d] = first.split('-').map(Number) as [number, number, number];
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return Array.from({ length: count }, (_, i) => {
    if (every === 'week') {
      const t = new Date(Date.UTC(y, mo - 1, d + 7 * i));
      return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
    }
    const monthIndex = mo - 1 + i;
    const year = y + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
  });
}

/** The money fields a history row's before/after may carry, the one that says most first. */
const HISTORY_AMOUNT_FIELDS = ['amount', 'total', 'price', 'discount'] as const;

/**
 * The amount a money-history row changed (Patient/GetPatientMoneyHistory): the first of amount, total, price, discount
 * present before or after, as decimal text (null where the side has none: a creation has no before, a reversal no
 * after). Null when the row carries no amount (a credit applied lists its allocations).
 */
export function historyAmountOf(item: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  for (const field of HISTORY_AMOUNT_FIELDS) {
    const before = text(item.before?.[field]);
    const after = text(item.after?.[field]);
    if (before !== null || after !== null) return { field, before, after };
  }
  return null;
}
