import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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
