import { type AnyColumn, type SQL, and, getTableName, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './types.js';
import { fail } from '../errors.js';
import { lockKeys } from './locks.js';

const sameText = (column: AnyColumn, value: string) => sql`lower(${column}) = lower(${value})`;

/** The lock of one name of a table (per value, whichever field: never finer than the indexes). */
export const nameLockKey = (table: string, value: string) => `name:${table}:${value.toLowerCase()}`;

/**
 * Refuses names another row already uses, ignoring case: 409 name_exists with a message on each such field.
 * `scope` selects the rows to compare with (the clinic's other rows, of the same group ...); `names` maps each
 * input field to its column and value. The check runs under an advisory lock per table and name (lower case, in
 * the clinic), so of two requests saving one name at once the second waits and then meets the first's row; the
 * unique indexes stay the last word (a 23505 is 409 name_exists too).
 */
export async function assertNamesFree(
  tx: Tx,
  table: PgTable,
  scope: SQL | undefined,
  names: Record<string, [column: AnyColumn, value: string]>,
): Promise<void> {
  const fields = Object.entries(names);
  await lockKeys(tx, fields.map(([, [, value]]) => nameLockKey(getTableName(table), value)));
  const taken = await tx
    .select(
      Object.fromEntries(fields.map(([field, [column, value]]) => [field, sameText(column, value).mapWith(Boolean)])),
    )
    .from(table)
    .where(and(scope, or(...fields.map(([, [column, value]]) => sameText(column, value)))));
  const clashes = fields.filter(([field]) => taken.some((row) => row[field]));
  if (clashes.length)
    fail('name_exists', Object.fromEntries(clashes.map(([field]) => [field, 'name_exists' as const])));
}
