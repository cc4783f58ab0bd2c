import { type SQL, sql } from 'drizzle-orm';
import { clinicCounters } from './counters.table.js';
import type { Tx } from './types.js';

/**
 * The clinic's next number in the named series (1, 2, 3 ...). The counter row stays locked by the upsert until the
 * request's transaction ends, so two concurrent requests never get the same number, and a rolled-back request
 * gives its number back.
 */
export async function nextNumber(tx: Tx, clinicId: number, name: string): Promise<number> {
  const { rows } = (await tx.execute(nextNumberStatement(clinicId, name))) as unknown as { rows: Array<{ value: string | number }> };
  return Number(rows[0]!.value);
}

/**
 * nextNumber's upsert as a statement answering `value`, for a service that takes the number inside a larger statement
 * (a data-modifying CTE: `with n as (<this>) insert … select n.value …`), so that the number and the row that uses it
 * cost one round trip while the counter's row is locked.
 */
export function nextNumberStatement(clinicId: number, name: string): SQL {
  return sql`insert into ${clinicCounters} (clinic_id, name, value) values (${clinicId}, ${name}, 1)
    on conflict (clinic_id, name) do update set value = ${clinicCounters}.value + 1 returning value`;
}
