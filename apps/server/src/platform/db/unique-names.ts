import { type AnyColumn, type SQL, and, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './types.js';
import { fail } from '../errors.js';

const sameText = (column: AnyColumn, value: string) => sql`lower(${column}) = lower(${value})`;

/**
 * Refuses names another row already uses, ignoring case: 409 name_exists with a message on each such field.
 * `scope` selects the rows to compare with (the clinic's other rows, of the same group ...); `names` maps each
 * input field to its column and value. The unique indexes stay the last word if two requests race.
 */
export async function assertNamesFree(
  tx: Tx,
  table: PgTable,
  scope: SQL | undefined,
  names: Record<string, [column: AnyColumn, value: string]>,
): Promise<void> {
  const fields = Object.entries(names);
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
