import { type Language, currencyDecimals } from '@dental/contract';
import { ToWords } from 'to-words';

/*
 * A document's total in words ("one hundred fifteen Saudi riyals and fifty halalas", "مائة وخمسة عشر ريالاً سعودياً
 * وخمسون هللة"). The number words come from the `to-words` library, always given whole numbers as BigInt (the major
 * and the minor units separately), so no float is ever involved and LYD's 3-decimal dirhams are counted exactly
 * (the library's own currency mode takes a JavaScript number and rounds to 2 decimals). The currency nouns and
 * their Arabic number agreement are ours (below).
 */

/** Arabic forms of a currency noun: after 1 (noun + "one"), 2 (dual), 3-10 (plural), 11-99 (accusative singular), else (genitive singular). */
interface ArabicNoun {
  one: string;
  two: string;
  plural: string;
  accusative: string;
  singular: string;
  /** The noun is feminine: its counting numbers 3-10 take the short form (ثلاث هللات). */
  feminine?: boolean;
}
interface Names {
  ar: ArabicNoun;
  en: [singular: string, plural: string];
  fr: [singular: string, plural: string];
}

const noun = (singular: string, accusative: string, two: string, plural: string, one: string, feminine = false): ArabicNoun => ({
  singular, accusative, two, plural, one, feminine,
});

/** Major and minor unit of each currency the clinics use (MONEY.md). */
const CURRENCY_NAMES: Record<string, { major: Names; minor: Names }> = {
  SAR: {
    major: {
      ar: noun('ريال سعودي', 'ريالاً سعودياً', 'ريالان سعوديان', 'ريالات سعودية', 'ريال سعودي واحد'),
      en: ['Saudi riyal', 'Saudi riyals'],
      fr: ['riyal saoudien', 'riyals saoudiens'],
    },
    minor: {
      ar: noun('هللة', 'هللة', 'هللتان', 'هللات', 'هللة واحدة', true),
      en: ['halala', 'halalas'],
      fr: ['halala', 'halalas'],
    },
  },
  EGP: {
    major: {
      ar: noun('جنيه مصري', 'جنيهاً مصرياً', 'جنيهان مصريان', 'جنيهات مصرية', 'جنيه مصري واحد'),
      en: ['Egyptian pound', 'Egyptian pounds'],
      fr: ['livre égyptienne', 'livres égyptiennes'],
    },
    minor: {
      ar: noun('قرش', 'قرشاً', 'قرشان', 'قروش', 'قرش واحد'),
      en: ['piastre', 'piastres'],
      fr: ['piastre', 'piastres'],
    },
  },
  LYD: {
    major: {
      ar: noun('دينار ليبي', 'ديناراً ليبياً', 'ديناران ليبيان', 'دنانير ليبية', 'دينار ليبي واحد'),
      en: ['Libyan dinar', 'Libyan dinars'],
      fr: ['dinar libyen', 'dinars libyens'],
    },
    minor: {
      ar: noun('درهم', 'درهماً', 'درهمان', 'دراهم', 'درهم واحد'),
      en: ['dirham', 'dirhams'],
      fr: ['dirham', 'dirhams'],
    },
  },
  EUR: {
    major: { ar: noun('يورو', 'يورو', 'يوروان', 'يورو', 'يورو واحد'), en: ['euro', 'euros'], fr: ['euro', 'euros'] },
    minor: { ar: noun('سنت', 'سنتاً', 'سنتان', 'سنتات', 'سنت واحد'), en: ['cent', 'cents'], fr: ['centime', 'centimes'] },
  },
  USD: {
    major: {
      ar: noun('دولار أمريكي', 'دولاراً أمريكياً', 'دولاران أمريكيان', 'دولارات أمريكية', 'دولار أمريكي واحد'),
      en: ['US dollar', 'US dollars'],
      fr: ['dollar américain', 'dollars américains'],
    },
    minor: { ar: noun('سنت', 'سنتاً', 'سنتان', 'سنتات', 'سنت واحد'), en: ['cent', 'cents'], fr: ['cent', 'cents'] },
  },
  GBP: {
    major: {
      ar: noun('جنيه إسترليني', 'جنيهاً إسترلينياً', 'جنيهان إسترلينيان', 'جنيهات إسترلينية', 'جنيه إسترليني واحد'),
      en: ['pound sterling', 'pounds sterling'],
      fr: ['livre sterling', 'livres sterling'],
    },
    minor: { ar: noun('بنس', 'بنساً', 'بنسان', 'بنسات', 'بنس واحد'), en: ['penny', 'pence'], fr: ['penny', 'pence'] },
  },
};

const converters = {
  ar: new ToWords({ localeCode: 'ar-SA' }),
  en: new ToWords({ localeCode: 'en-US' }),
  fr: new ToWords({ localeCode: 'fr-FR' }),
};
const AND: Record<Language, string> = { ar: 'و', en: 'and', fr: 'et' };
/** Feminine French nouns count with "une" (une livre, vingt et une livres). */
const FRENCH_FEMININE = new Set(['livre égyptienne', 'livre sterling']);

/** "مائة و خمسة عشر" → "مائة وخمسة عشر": the conjunction is written joined to the next word. */
const joinArabicAnd = (text: string) => text.replace(/ و /g, ' و');

function arabicCount(n: bigint, names: ArabicNoun): string {
  if (n === 1n) return names.one;
  if (n === 2n) return names.two;
  const words = joinArabicAnd(converters.ar.convert(n, names.feminine ? { gender: 'feminine' } : {}));
  const rest = n % 100n;
  if (rest >= 3n && rest <= 10n) return `${words} ${names.plural}`;
  if (rest >= 11n) return `${words} ${names.accusative}`;
  return `${words} ${names.singular}`;
}

function latinCount(n: bigint, [singular, plural]: [string, string], language: 'en' | 'fr'): string {
  let words = converters[language].convert(n).toLowerCase();
  if (language === 'fr') {
    if (FRENCH_FEMININE.has(singular)) words = words.replace(/\bun$/, 'une');
    // "un million de riyals"
    if (/(million|milliard)s?$/.test(words)) return `${words} ${/^[aeiouéh]/.test(plural) ? `d'${plural}` : `de ${plural}`}`;
    return `${words} ${n <= 1n ? singular : plural}`;
  }
  return `${words} ${n === 1n ? singular : plural}`;
}

function count(n: bigint, names: Names, language: Language) {
  return language === 'ar' ? arabicCount(n, names.ar) : latinCount(n, language === 'en' ? names.en : names.fr, language);
}

/**
 * `amount` (non-negative decimal text, e.g. "115.50" or "12.345") in words in `language`, with the currency's major
 * and minor units; the minor part is left out when it is zero, the major part when the amount is below one unit.
 * An unknown currency reads as its code.
 */
export function amountInWords(amount: string, currency: string, language: Language): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`amountInWords: not an amount: ${amount}`);
  const decimals = currencyDecimals(currency);
  const names = CURRENCY_NAMES[currency] ?? {
    major: { ar: noun(currency, currency, currency, currency, currency), en: [currency, currency], fr: [currency, currency] },
    minor: { ar: noun('', '', '', '', ''), en: ['', ''], fr: ['', ''] },
  };
  const major = BigInt(m[1]!);
  const fraction = (m[2] ?? '').padEnd(decimals, '0');
  if (/[1-9]/.test(fraction.slice(decimals))) throw new Error(`amountInWords: ${amount} has more than ${decimals} decimals`);
  const minor = BigInt(fraction.slice(0, decimals) || '0');
  const parts: string[] = [];
  if (major > 0n || minor === 0n) parts.push(count(major, names.major, language));
  if (minor > 0n) parts.push(count(minor, names.minor, language));
  const text = language === 'ar' ? parts.join(` ${AND.ar}`) : parts.join(` ${AND[language]} `);
  return language === 'ar' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
