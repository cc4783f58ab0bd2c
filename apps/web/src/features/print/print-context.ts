import type { Language } from '@dental/contract';
import dayjs, { type ConfigType } from 'dayjs';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { DATE_FORMAT, formatMoneyText, timeFormatOf } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import type { Letterhead, PrintLayoutSettings } from './print-model';

/** What a document's body needs to write itself in the document's language, whatever the UI language is. */
export interface PrintDoc {
  language: Language;
  dir: 'rtl' | 'ltr';
  settings: PrintLayoutSettings;
  letterhead: Letterhead;
  /** Translations of a namespace in the document's language: `doc.t('invoices')('lines.total')`. */
  t: (ns: string) => TFunction;
  /** Decimal money text in the document's language with the currency's decimals. */
  money: (value: string | null | undefined, currency: string | null | undefined) => string;
  /** The same with the currency's decimals but without its code (table cells under an "amounts in" note). */
  amount: (value: string | null | undefined, currency: string | null | undefined) => string;
  date: (value: ConfigType | null | undefined) => string;
  dateTime: (value: ConfigType | null | undefined) => string;
}

const valid = (value: ConfigType | null | undefined) => value != null && value !== '' && dayjs(value).isValid();

export function makePrintDoc(
  language: Language,
  dir: 'rtl' | 'ltr',
  settings: PrintLayoutSettings,
  letterhead: Letterhead,
): PrintDoc {
  return {
    language,
    dir,
    settings,
    letterhead,
    t: (ns) => i18n.getFixedT(language, ns),
    money: (value, currency) => formatMoneyText(value, currency, language),
    amount: (value, currency) => {
      const text = formatMoneyText(value, currency, language);
      return currency && text.endsWith(` ${currency}`) ? text.slice(0, -currency.length - 1) : text;
    },
    date: (value) => (valid(value) ? dayjs(value).locale(language).format(DATE_FORMAT) : ''),
    dateTime: (value) => (valid(value) ? dayjs(value).locale(language).format(`${DATE_FORMAT} ${timeFormatOf(language)}`) : ''),
  };
}

export const PrintDocContext = createContext<PrintDoc | null>(null);

/** The document being printed, for components inside a <PrintDocument>. */
export function usePrintDoc(): PrintDoc {
  const doc = useContext(PrintDocContext);
  if (!doc) throw new Error('usePrintDoc() outside <PrintDocument>');
  return doc;
}
