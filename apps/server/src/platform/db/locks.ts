import { sql } from 'drizzle-orm';
import type { Tx } from './types.js';

/**
 * Waits for the named locks and holds them until the transaction ends (PostgreSQL transaction-level advisory
 * locks on `hashtextextended(key, 0)`). A check-then-write takes the locks of what it checks before checking, so a
 * second request for the same thing waits for the first to commit and then sees its row (read committed: every
 * statement reads the latest commits). The keys are taken in sorted order, whoever calls, so two requests that need
 * overlapping sets never wait for each other in a circle. Two different keys may share a hash: they then only wait
 * for each other, which is safe. The keys are the clinic's: the transaction's clinic (`app.clinic_id`, set by
 * withTenant) is part of every lock, so clinics never wait for each other. On PGlite (one connection) requests run
 * one at a time anyway; the locks cost nothing there.
 */
export async function lockKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(coalesce(current_setting('app.clinic_id', true), '') || ':' || ${key}, 0))`);
}
