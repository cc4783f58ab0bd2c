import dayjs, { type ConfigType } from 'dayjs';
import { type Language, currencyDecimals } from '@dental/contract';
import { currentLanguage } from './i18n';

/** Display formats of spec §9: dates are day/month/year. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** A calendar day as the contract sends it ('YYYY-MM-DD'). */
export const ISO_DAY = 'YYYY-MM-DD';
/**
 * How the app writes a time of day, one style per language (issue 18): Arabic and English on the 12-hour clock
 * without a leading zero ("1:30 م", "1:30 PM"), French on the 24-hour clock ("13:30") — the same as
 * Intl.DateTimeFormat's `hour: 'numeric', minute: '2-digit'` writes them, which the calendar uses.
 */
export const timeFormatOf = (language: Language = currentLanguage()): string => (uses24Hours(language) ? 'HH:mm' : 'h:mm A');
export const uses24Hours = (language: Language = currentLanguage()): boolean => language === 'fr';

const valid = (value: ConfigType | null | undefined) => value != null && value !== '' && dayjs(value).isValid();

export const formatDate = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(DATE_FORMAT) : '';
export const formatTime = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(timeFormatOf()) : '';
export const formatDateTime = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(`${DATE_FORMAT} ${timeFormatOf()}`) : '';

/**
 * A time zone as people name it, in the UI language, with its offset now: "توقيت شرق أوروبا (غرينتش+2)",
 * "Eastern European Time (GMT+2)", instead of the IANA id ("Africa/Cairo"), which is kept when the browser cannot name it.
 */
export function formatTimeZone(timeZone: string, language: Language = currentLanguage(), at = new Date()): string {
  try {
    const part = (timeZoneName: 'longGeneric' | 'shortOffset') =>
      new Intl.DateTimeFormat(`${language}-u-nu-latn`, { timeZone, timeZoneName })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value;
    const name = part('longGeneric');
    const offset = part('shortOffset');
    return name && offset && name !== offset ? `${name} (${offset})` : (offset ?? timeZone);
  } catch {
    return timeZone;
  }
}

/** Number locale: the UI language with Latin digits, so figures read the same in every language. */
const numberLocale = () => `${currentLanguage()}-u-nu-latn`;

export function formatNumber(value: number | null | undefined, options?: Intl.NumberFormatOptions): string {
  if (value == null || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 2, ...options }).format(value);
}

/** An amount with its currency code (EGP, SAR ...). */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  const n = formatNumber(value, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return n && currency ? `${n} ${currency}` : n;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A money amount as the server sends it, decimal text ("1250.5", LYD "12.500"), in the UI language with Latin digits
 * and the currency's decimals ("1,250.50 EGP"), never through a float: the whole part is grouped by Intl from a
 * BigInt and the decimals are written from the text. Without a currency the decimals are kept as sent.
 */
export function formatMoneyText(
  value: string | null | undefined,
  currency: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  const m = value == null ? null : DECIMAL.exec(value.trim());
  if (!m) return '';
  const [, sign, whole, sent = ''] = m;
  const locale = `${language}-u-nu-latn`;
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(whole!));
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const d = currency ? currencyDecimals(currency) : sent.length;
  // the currency's decimals, and any further non-zero digit kept rather than hidden
  const fraction = sent.padEnd(d, '0').slice(0, d) + sent.slice(d).replace(/0+$/, '');
  const decimals = fraction ? `${separator}${fraction}` : '';
  const negative = sign && /[1-9]/.test(whole! + fraction) ? '-' : '';
  const text = `${negative}${grouped}${decimals}`;
  return currency ? `${text} ${currency}` : text;
}

/** A distance in metres, in the UI language: "850 m" below a kilometre, else kilometres to one decimal ("12.5 km"). */
export function formatDistance(metres: number): string {
  return metres < 1000
    ? formatNumber(Math.round(metres), { style: 'unit', unit: 'meter' })
    : formatNumber(metres / 1000, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
}

/** The place on OpenStreetMap's map. */
export const mapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** What the app shows for an empty value, everywhere. */
export const EMPTY_VALUE = '—';
