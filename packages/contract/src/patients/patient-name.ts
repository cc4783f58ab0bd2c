/**
 * Folds a name for search and duplicate detection: Arabic letters that people type interchangeably become one
 * (أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي), diacritics and tatweel go, Latin letters lose case and accents,
 * spaces collapse. The server stores `normalizeName(name)` beside the name and folds the query the same way.
 */
export function normalizeName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // Latin accents (after NFKD)
    .replace(/[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '') // Arabic harakat, superscript alef, Quranic marks, tatweel
    .replace(/[\u0622\u0623\u0625\u0671\u0672\u0673]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
