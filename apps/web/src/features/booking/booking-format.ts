import dayjs from 'dayjs';
import { isApiError } from 'lib/api';
import { DATE_FORMAT, timeFormatOf } from 'lib/format';
import { i18n, isErrorCode } from 'lib/i18n';

/** A clinic's local time 'HH:mm' as the app shows times (timeFormatOf: 12-hour in ar/en, 24-hour in fr). */
export const formatClockTime = (time: string) => dayjs(`2000-01-01T${time}`).format(timeFormatOf());

/** A calendar date 'YYYY-MM-DD' as day/month/year, and its weekday in the UI language. */
export const formatDay = (date: string) => dayjs(date).format(DATE_FORMAT);
export const weekdayOf = (date: string) => {
  const name = dayjs(date).format('dddd');
  return name.charAt(0).toLocaleUpperCase() + name.slice(1); // French weekdays are written in lower case
};

/** A refusal's text in the current UI language (so it follows a language switch), from its catalogue code. */
export function errorText(error: unknown): string {
  if (isApiError(error) && isErrorCode(error.code)) return i18n.t(error.code, { ns: 'errors' });
  if (isApiError(error)) return error.message;
  return i18n.t('unexpected', { ns: 'errors' });
}
