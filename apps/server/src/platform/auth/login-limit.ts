import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import { lockKeys } from '../db/locks.js';
import { AppError } from '../errors.js';
import { loginAttempts } from './identity.table.js';

/** One counted key and how many attempts it may have in the window. */
export interface AttemptLimit {
  key: string;
  max: number;
}

/**
 * Attempts counted per key over a window (`login_attempts`). `take` counts and records an attempt in one
 * transaction that holds an advisory lock per key, so parallel requests are counted one after the other: of any
 * number of simultaneous attempts, at most `max` pass. An attempt is recorded BEFORE the guarded work (a password
 * check, a mail); the caller releases it when it must not count (a correct password).
 */
export function attemptLimiter(db: Db, windowMinutes: number) {
  return {
    /** Records one attempt of every key, or throws 429 too_many_attempts (recording nothing) when one is at its limit. */
    async take(limits: AttemptLimit[]): Promise<number[]> {
      const keys = limits.map((l) => l.key);
      return db.transaction(async (tx) => {
        await lockKeys(tx, keys.map((key) => `attempt:${key}`));
        const since = sql`now() - make_interval(mins => ${windowMinutes})`;
        await tx.delete(loginAttempts).where(and(inArray(loginAttempts.attemptKey, keys), lte(loginAttempts.createdAt, since)));
        for (const { key, max } of limits) {
          const [row] = await tx
            .select({ n: count() })
            .from(loginAttempts)
            .where(and(eq(loginAttempts.attemptKey, key), gt(loginAttempts.createdAt, since)));
          if ((row?.n ?? 0) >= max) throw new AppError('too_many_attempts');
        }
        const rows = await tx
          .insert(loginAttempts)
          .values(keys.map((attemptKey) => ({ attemptKey })))
          .returning({ id: loginAttempts.id });
        return rows.map((r) => r.id);
      });
    },
    /** Takes back attempts that must not count. */
    async release(ids: number[]) {
      if (ids.length) await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    },
    /** Forgets every attempt of a key. */
    async clear(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.attemptKey, key));
    },
  };
}

/**
 * Logins counted per account and per address over LOGIN_WINDOW_MINUTES: every attempt is counted before its
 * password is checked; a correct password takes its attempt back and clears the account's count.
 */
export function loginLimiter(db: Db, config: Config) {
  const attempts = attemptLimiter(db, config.LOGIN_WINDOW_MINUTES);
  return {
    /** Counts an attempt, or 429 too_many_attempts. */
    begin: (accountKey: string, address: string) =>
      attempts.take([
        { key: `acct:${accountKey}`, max: config.LOGIN_MAX_PER_ACCOUNT },
        { key: `ip:${address}`, max: config.LOGIN_MAX_PER_ADDRESS },
      ]),
    /** The password was right but the login goes no further (an inactive account): the attempt does not count. */
    release: (attempt: number[]) => attempts.release(attempt),
    /** A successful login: the attempt does not count, and the account's failures are forgotten. */
    async succeed(accountKey: string, attempt: number[]) {
      await attempts.release(attempt);
      await attempts.clear(`acct:${accountKey}`);
    },
  };
}
