import type { Language } from '@dental/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { nameIn } from '../../../lib/local-name';
import { useSession } from '../../../lib/session';
import { formatMoneyText } from '../../../lib/format';
import { currencyDecimals } from '@dental/contract';

/**
 * Money and names on the payments screens: amounts are the server's decimal text in the clinic's currency, written
 * in the UI language with Latin digits and isolated (FSI … PDI) so "3,000.00 EGP" keeps its order in Arabic text.
 */
export function useMoney() {
  useTranslation();
  const currency = useSession()?.user.currency ?? '';
  const language: Language = currentLanguage();
  return {
    language,
    currency,
    decimals: currencyDecimals(currency),
    money: (value: string | null | undefined) => {
      const text = formatMoneyText(value, currency, language);
      return text ? `\u2068${text}\u2069` : '';
    },
    /** A procedure's name (ar/en/fr) in the UI language. */
    procedure: (p: { procedureNameAr: string | null; procedureNameEn: string | null; procedureNameFr?: string | null }) =>
      nameIn(language, p.procedureNameAr ?? '', p.procedureNameEn ?? '', p.procedureNameFr),
    /** A payment type's name in the UI language. */
    paymentType: (p: { paymentTypeNameAr: string; paymentTypeNameEn: string; paymentTypeNameFr?: string | null }) =>
      nameIn(language, p.paymentTypeNameAr, p.paymentTypeNameEn, p.paymentTypeNameFr),
  };
}
export type MoneyFormat = ReturnType<typeof useMoney>;
