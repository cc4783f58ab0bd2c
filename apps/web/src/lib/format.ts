import dayjs, { type ConfigType } from 'dayjs';
import { createElement } from 'react';
import { currentLanguage } from './i18n';

/** Display formats of spec §9: dates are day/month/year. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** A calendar day as the contract sends it ('YYYY-MM-DD'). */
export const ISO_DAY = 'YYYY-MM-DD';
export const TIME_FORMAT = 'hh:mm A';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

const valid = (value: ConfigType | null | undefined) => value != null && value !== '' && dayjs(value).isValid();

export const formatDate = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(DATE_FORMAT) : '';
export const formatTime = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(TIME_FORMAT) : '';
export const formatDateTime = (value: ConfigType | null | undefined): string =>
  valid(value) ? dayjs(value).format(DATE_TIME_FORMAT) : '';

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

/** A distance in metres, in the UI language: "850 m" below a kilometre, else kilometres to one decimal ("12.5 km"). */
export function formatDistance(metres: number): string {
  return metres < 1000
    ? formatNumber(Math.round(metres), { style: 'unit', unit: 'meter' })
    : formatNumber(metres / 1000, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
}

/** The place on OpenStreetMap's map. */
export const mapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** A phone number kept left-to-right inside right-to-left text (otherwise "+2010..." shows as "2010...+"). */
export function PhoneText({ value }: { value: string | null | undefined }) {
  return value ? createElement('bdi', { dir: 'ltr' }, value) : null;
}
