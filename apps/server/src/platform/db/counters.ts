import { sql } from 'drizzle-orm';
import { clinicCounters } from './counters.table.js';
import type { Tx } from './types.js';

/**
 * The clinic's next number in the named series (1, 2, 3 ...). The counter row stays locked by the upsert until the
 * request's transaction ends, so two concurrent requests never get the same number, and a rolled-back request
 * gives its number back.
 */
export async function nextNumber(tx: Tx, clinicId: number, name: string): Promise<number> {
  const [row] = await tx
    .insert(clinicCounters)
    .values({ clinicId, name, value: 1 })
    .onConflictDoUpdate({ target: [clinicCounters.clinicId, clinicCounters.name], set: { value: sql`${clinicCounters.value} + 1` } })
    .returning({ value: clinicCounters.value });
  return row!.value;
}
