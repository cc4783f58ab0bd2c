const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other spellings of a base64url HMAC-SHA256 signature (43 characters) that a lenient decoder reads as the same
 * bytes: the last character with one of its two unused low bits flipped, and `!!` appended (skipped as
 * non-alphabet characters).
 */
export function sameBytesSpellings(sig: string): string[] {
  const last = ALPHABET.indexOf(sig.at(-1)!);
  const flipped = `${sig.slice(0, -1)}${ALPHABET[last ^ 1]}`;
  if (Buffer.compare(Buffer.from(flipped, 'base64url'), Buffer.from(sig, 'base64url')) !== 0)
    throw new Error('the spelling helper no longer produces the same bytes');
  return [flipped, `${sig}!!`];
}
