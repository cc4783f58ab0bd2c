import { formatMoneyText } from '../../../lib/format';
import { localName } from '../../../lib/local-name';

/** A catalogue name in the UI language: Arabic, English, or French (the English name when it has none). */
export const catalogueName = localName;

/** The procedure's treatment branch name in the UI language. */
export const treatmentBranchName = (item: { treatmentBranchNameAr: string; treatmentBranchNameEn: string; treatmentBranchNameFr: string | null }) =>
  catalogueName({ nameAr: item.treatmentBranchNameAr, nameEn: item.treatmentBranchNameEn, nameFr: item.treatmentBranchNameFr });

/** An amount (decimal text from the server) with the currency's decimals and its code. */
export const formatAmount = (amount: string, currency: string) => formatMoneyText(amount, currency);

/** An amount for an input: "150.00" → "150", "12.500" → "12.5". */
export const amountForInput = (amount: string) => amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
