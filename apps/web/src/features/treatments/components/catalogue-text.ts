import { currencyDecimals } from '@dental/contract';
import { currentLanguage } from '../../../lib/i18n';

/** A catalogue name in the UI language: Arabic, English, or French (the English name when it has none). */
export function catalogueName(item: { nameAr: string; nameEn: string; nameFr: string | null }): string {
  const lang = currentLanguage();
  if (lang === 'ar') return item.nameAr;
  if (lang === 'fr') return item.nameFr || item.nameEn;
  return item.nameEn;
}

/** The procedure's treatment branch name in the UI language. */
export const treatmentBranchName = (item: { treatmentBranchNameAr: string; treatmentBranchNameEn: string; treatmentBranchNameFr: string | null }) =>
  catalogueName({ nameAr: item.treatmentBranchNameAr, nameEn: item.treatmentBranchNameEn, nameFr: item.treatmentBranchNameFr });

/**
 * An amount (decimal text from the server) with the currency's decimals and its code, digits grouped in the UI
 * language with Latin digits. The text goes to Intl as it is (exact decimal), never through a float.
 */
export function formatAmount(amount: string, currency: string): string {
  const d = currencyDecimals(currency);
  const text = new Intl.NumberFormat(`${currentLanguage()}-u-nu-latn`, { minimumFractionDigits: d, maximumFractionDigits: d })
    .format(amount as unknown as number);
  return `${text} ${currency}`;
}

/** An amount for an input: "150.00" → "150", "12.500" → "12.5". */
export const amountForInput = (amount: string) => amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
