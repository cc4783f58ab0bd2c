import { type Language, currencyDecimals } from '@dental/contract';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount as printed, "1,250.50 SAR": grouped in the language, Latin digits, the currency's decimals (as the
 * web app's formatMoneyText), the currency's code after it. The text is never turned into a float.
 */
export function moneyText(value: string, currency: string, language: Language): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, fraction = ''] = m;
  const locale = `${language}-u-nu-latn`;
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(whole!));
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const decimals = currencyDecimals(currency);
  const digits = fraction.padEnd(decimals, '0').slice(0, decimals) + fraction.slice(decimals).replace(/0+$/, '');
  const negative = sign && /[1-9]/.test(whole! + digits) ? '-' : '';
  return `${negative}${grouped}${digits ? separator + digits : ''} ${currency}`;
}

/** An instant on the clinic's wall clock, "2026-11-24 14:05". */
export function clinicDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A procedure's name in the document's language. */
export const procedureName = (
  p: { procedureNameAr: string; procedureNameEn: string; procedureNameFr: string },
  language: Language,
) => (language === 'ar' ? p.procedureNameAr : language === 'fr' ? p.procedureNameFr : p.procedureNameEn);

/** Teeth with their surfaces, "16 MO, 21" ("16 MO، 21" in Arabic). */
export const teethText = (teeth: Array<{ tooth: number; surfaces?: string[] } | number>, language: Language) =>
  teeth
    .map((t) => (typeof t === 'number' ? `${t}` : `${t.tooth}${t.surfaces?.length ? ` ${t.surfaces.join('')}` : ''}`))
    .join(language === 'ar' ? '، ' : ', ');
