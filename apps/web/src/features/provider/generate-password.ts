import { LIMITS } from '@dental/contract';

/** Look-alike characters (0/O, 1/l/I) left out, so a password read aloud or copied by hand stays right. */
const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$&*'] as const;

/** A uniform random integer in [0, n) from the browser's cryptographic source (rejection sampling, no bias). */
export function secureRandomInt(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}

/**
 * Spec §5 generated password: 8 to 16 characters with at least one upper-case letter, one lower-case letter,
 * one digit and one of !@#$&* (so it also passes the password rules).
 */
export function generatePassword(
  min: number = LIMITS.generatedPasswordMin,
  max: number = LIMITS.generatedPasswordMax,
  randomInt: (n: number) => number = secureRandomInt,
): string {
  const length = min + randomInt(max - min + 1);
  const all = SETS.join('');
  const chars = SETS.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
