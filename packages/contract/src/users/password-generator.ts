import { LIMITS } from '../enums.js';

/**
 * The generated password of spec §5 (/register): 8 to 16 characters with at least one upper-case letter, one
 * lower-case letter, one digit and one of !@#$&*. Shared by the web app (the "generate" button) and the server.
 * Letters and digits that read alike (I, l, O, 0, 1) are left out, so a password read aloud or copied by hand
 * survives.
 */
export const GENERATED_PASSWORD_SETS = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!@#$&*',
] as const;

/** A uniform random integer in [0, max), from a cryptographic source (browser and Node 20 both have one). */
export type RandomInt = (max: number) => number;

interface WebCrypto {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

export const cryptoRandomInt: RandomInt = (max) => {
  const crypto = (globalThis as unknown as { crypto?: WebCrypto }).crypto;
  if (!crypto) throw new Error('No cryptographic random source');
  // rejection sampling: values past the last multiple of max would favour small results
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    const v = crypto.getRandomValues(buf)[0]!;
    if (v < limit) return v % max;
  }
};

export function generatePassword(
  random: RandomInt = cryptoRandomInt,
  min: number = LIMITS.generatedPasswordMin,
  max: number = LIMITS.generatedPasswordMax,
): string {
  const length = min + random(max - min + 1);
  const all = GENERATED_PASSWORD_SETS.join('');
  const chars = GENERATED_PASSWORD_SETS.map((set) => set[random(set.length)]!);
  while (chars.length < length) chars.push(all[random(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Whether a password has the shape a generated one has (8-16 characters, each of the four sets present). */
export function isGeneratedShape(value: string): boolean {
  return (
    value.length >= LIMITS.generatedPasswordMin &&
    value.length <= LIMITS.generatedPasswordMax &&
    GENERATED_PASSWORD_SETS.every((set) => [...value].some((c) => set.includes(c))) &&
    [...value].every((c) => GENERATED_PASSWORD_SETS.some((set) => set.includes(c)))
  );
}
