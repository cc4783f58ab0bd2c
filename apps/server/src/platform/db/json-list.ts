import * as drizzle from 'drizzle-orm';
import { type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './types.js';

/**
 * A hot list read's answer, serialised by PostgreSQL (see "How a module writes a hot list read" in
 * docs/architecture.md): `registerCall` sends the text as it is, without the output schema's check and
 * JSON.stringify. `T` is the contract's type of the answer, so a handler still answers its descriptor's type; that
 * the text matches the schema is checked by the module's tests (`expectContractAnswer` in test/harness.ts).
 */
export class JsonText<T = unknown> {
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One JSON object of `fields`, keys in the order given (the contract's field order), written compactly like
 * JSON.stringify: a row of the values as the keys (`(select r from (select v as "key", …) r)`, which json_agg writes
 * without the spaces json_build_object puts around every colon). The keys are the code's own identifiers.
 */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`jsonObject: bad key ${key}`);
    return sql`${value} as ${sql.raw(`"${key}"`)}`;
  });
  return sql`(select r from (select ${sql.join(parts, sql`, `)}) r)`;
}

/**
 * The JSON array of `fields` over the query's rows, in `orderBy` order (inside the aggregate, so the order is
 * guaranteed), `[]` for no rows; one text value. Select it alone, with the query's from/joins/where and no group by.
 */
export function jsonArray(fields: Record<string, SQLWrapper>, orderBy: SQLWrapper[]): SQL<string> {
  return sql<string>`coalesce(json_agg(${jsonObject(fields)} order by ${sql.join(orderBy, sql`, `)}), '[]')::text`;
}

/** An instant as `Date.toISOString()` writes it (UTC, milliseconds truncated, `Z`); null stays null. */
export const isoInstant = (column: SQLWrapper) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const builtStatements = new Map<string, Query>();

/** Connections that must not use named prepared statements: those of a transaction-mode pooler (platform/db/pooler.ts). */
const unnamedClients = new WeakSet<object>();
export function unnamedStatements(client: object) {
  unnamedClients.add(client);
}

/** The name of a prepared statement on tx's connection: `dentix_<key>`, or none behind a transaction-mode pooler. */
export function statementName(tx: Tx, key: string) {
  const { client } = tx._.session as unknown as { client?: object };
  return client && unnamedClients.has(client) ? undefined : `dentix_${key}`;
}

/**
 * Runs a hot read's statement that is built once per shape and then only run: composing a query of joins and JSON
 * fields with the query builder cost more of the server's CPU on every request than sending it (CPU profile of the
 * week view under 50 clients, issue 19). `build` writes the statement with `sql.placeholder(name)` for every value,
 * and `values` fills them; `key` names the shape (the same key must always build the same text: choose it from the
 * optional parts that were included). The statement is named after the key, so that on PostgreSQL each connection
 * parses and plans it once (as the session's statement); unnamed behind a transaction-mode pooler
 * (DATABASE_POOLER=transaction), where the next statement may run on another server connection. Answers the driver's rows.
 */
export async function runBuilt<R>(
  tx: Tx,
  key: string,
  build: () => SQLWrapper | { toSQL(): Query },
  values: Record<string, unknown>,
) {
  if (!KEY.test(key)) throw new Error(`runBuilt: bad key ${key}`);
  let query = builtStatements.get(key);
  if (!query) {
    const built = build();
    query = 'toSQL' in built ? built.toSQL() : new PgDialect().sqlToQuery(built.getSQL());
    builtStatements.set(key, query);
  }
  const prepared = tx._.session.prepareQuery(query, undefined, statementName(tx, key), false);
  return ((await prepared.execute(values)) as { rows: R[] }).rows;
}

/** drizzle's own list of a select's fields, as its `prepare` makes it (exported at run time, not in its types). */
type OrderedFields = unknown[];
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): OrderedFields };

/** A query builder's select as drizzle prepares it: the statement, its fields (to map the rows) and its joins' nullability. */
interface BuiltSelect {
  query: Query;
  fields: OrderedFields;
  joinsNotNullableMap: Record<string, boolean> | undefined;
}
const builtSelects = new Map<string, BuiltSelect>();

/**
 * runBuilt for a select written with the query builder whose rows are mapped as drizzle maps them (camelCase keys,
 * nested selections, the columns' own types): the builder, the walk of its SQL and the list of its fields are made
 * once per key, then each request only fills the placeholders and maps the rows. For small statements that every
 * call of a kind sends first (the patient guard's `findPatient`), where building cost more than the statement.
 */
export async function runBuiltSelect<R>(
  tx: Tx,
  key: string,
  build: () => { toSQL(): Query },
  values: Record<string, unknown>,
): Promise<R[]> {
  if (!KEY.test(key)) throw new Error(`runBuiltSelect: bad key ${key}`);
  let built = builtSelects.get(key);
  if (!built) {
    const builder = build() as unknown as {
      toSQL(): Query;
      config: { fields: Record<string, unknown> };
      joinsNotNullableMap?: Record<string, boolean>;
    };
    built = {
      query: builder.toSQL(),
      fields: orderSelectedFields(builder.config.fields),
      joinsNotNullableMap: builder.joinsNotNullableMap,
    };
    builtSelects.set(key, built);
  }
  const prepared = tx._.session.prepareQuery(built.query, built.fields as never, statementName(tx, key), true);
  (prepared as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap =
    built.joinsNotNullableMap;
  return (await prepared.execute(values)) as R[];
}
