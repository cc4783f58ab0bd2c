import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

/** The Drizzle handle, the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction; inside a request it is scoped to one clinic by row-level security. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Either: system code that may run in or outside a transaction. */
export type Queryable = Db | Tx;
