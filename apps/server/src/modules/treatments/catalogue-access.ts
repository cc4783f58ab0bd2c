import { currencyDecimals } from '@dental/contract';
import { type AnyColumn, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { fail } from '../../platform/errors.js';

/** An amount column as text with the clinic currency's decimals, rounded by PostgreSQL ("150.00", "12.500"). */
export const amountText = (column: AnyColumn, currency: string) =>
  sql<string>`round(${column}, ${sql.raw(String(currencyDecimals(currency)))})::text`;

/**
 * The clinic branch a price list call works on: the one asked for, else the request's branch. A branch of the clinic
 * the user may not work in is 403 BS15; an id that is not this clinic's branch is 404.
 */
export function priceListBranch(session: ClinicSession, branchId?: number): number {
  const id = branchId ?? session.branchId;
  if (id == null || !session.clinicBranchIds.includes(id)) return fail('not_found');
  if (!session.branchIds.includes(id)) return fail('BS15');
  return id;
}
