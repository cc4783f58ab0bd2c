/** Words that begin a compound first name in Arabic ("عبد الله", "أبو بكر"): kept with the word after them. */
const COMPOUND_PREFIXES = new Set(['عبد', 'ابو', 'أبو', 'abd', 'abdel', 'abu']);

/**
 * A patient's name as a screen facing the waiting room may show it: the first name and the first letter of the
 * family name ("أحمد محمد علي" → "أحمد ع."). A compound first name ("عبد الله ...") stays whole; a one-word name
 * is shown as it is.
 */
export function waitingRoomName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  let first = words[0]!;
  let rest = words.slice(1);
  if (rest.length > 0 && COMPOUND_PREFIXES.has(first.toLowerCase())) {
    first = `${first} ${rest[0]}`;
    rest = rest.slice(1);
  }
  const family = rest.at(-1);
  return family ? `${first} ${Array.from(family)[0]}.` : first;
}
