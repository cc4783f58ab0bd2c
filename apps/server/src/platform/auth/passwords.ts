import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id, memory-hard. */
export const hashPassword = (plain: string) => hash(plain, { memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** A hash of a random password, made once: checked against when there is no account, so that costs the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the hash. Without a hash (no such clinic or user) the password is still checked,
 * against a dummy hash, and the answer is false: an unknown account takes as long as a wrong password.
 */
export const verifyPassword = async (hashed: string | undefined, plain: string) => {
  try {
    if (hashed === undefined) {
      await verify(await (dummyHash ??= hashPassword(randomBytes(16).toString('base64url'))), plain);
      return false;
    }
    return await verify(hashed, plain);
  } catch {
    return false;
  }
};

/** One-time secrets are stored only as their SHA-256. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');
