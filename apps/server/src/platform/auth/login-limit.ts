import { and, count, eq, gt } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors.js';
import { loginAttempts } from './identity.table.js';

/** Failed logins are counted per account and per address over a window; past the limit the login is refused. */
export function loginLimiter(db: Db, config: Config) {
  const since = () => new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const failures = async (key: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.attemptKey, key), gt(loginAttempts.createdAt, since())));
    return row?.n ?? 0;
  };
  return {
    async check(accountKey: string, address: string) {
      if ((await failures(`acct:${accountKey}`)) >= config.LOGIN_MAX_PER_ACCOUNT) throw new AppError('too_many_attempts');
      if ((await failures(`ip:${address}`)) >= config.LOGIN_MAX_PER_ADDRESS) throw new AppError('too_many_attempts');
    },
    async fail(accountKey: string, address: string) {
      await db.insert(loginAttempts).values([{ attemptKey: `acct:${accountKey}` }, { attemptKey: `ip:${address}` }]);
    },
    async succeed(accountKey: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.attemptKey, `acct:${accountKey}`));
    },
  };
}
