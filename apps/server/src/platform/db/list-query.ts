import type { ListResult } from '@dental/contract';
import { type AnyColumn, type SQL, asc, desc, ilike, or, sql } from 'drizzle-orm';

/* Helpers for list calls: filter, sort and page in SQL, never in JavaScript. */

/** `%text%` for ILIKE, with the wildcards % and _ and the escape character \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Case-insensitive "contains" over one or more columns; undefined (no condition) when there is no search text. */
export function searchIn(search: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A text column compared without case, for ORDER BY. */
export const lowerOf = (column: AnyColumn): SQL => sql`lower(${column})`;

/** ORDER BY the chosen term in the chosen direction, then by id so that pages never overlap or skip rows. */
export function orderBy(term: AnyColumn | SQL, sortOrder: 'ascend' | 'descend' | undefined, id: AnyColumn): SQL[] {
  return [sortOrder === 'descend' ? desc(term) : asc(term), asc(id)];
}

/** LIMIT and OFFSET of a 1-based page. */
export const pageWindow = (input: { page: number; pageSize: number }) => ({
  limit: input.pageSize,
  offset: (input.page - 1) * input.pageSize,
});

/** The list result of spec §3 ({ items, total, page, pageSize }). */
export function listResult<T>(items: T[], total: number, input: { page: number; pageSize: number }): ListResult<T> {
  return { items, total, page: input.page, pageSize: input.pageSize };
}
