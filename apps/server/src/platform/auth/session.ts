import { type ErrorCode, LAB_ROLE_CODE, type RoleCode, type Tier } from '@dental/contract';
import { type Table, getTableColumns, getTableName } from 'drizzle-orm';
import { AppError } from '../errors.js';
import { statementName } from '../db/json-list.js';
import type { TenantScope } from '../db/tenancy.js';
import type { Tx } from '../db/types.js';
import { branches, clinics, rolePermissions, roles, userBranches, users } from './identity.table.js';
import type { TokenClaims } from './tokens.js';

/** Who is calling; permission, tier and user changes apply at once (read again whenever they change, see sessionBase). */
export interface ClinicSession {
  userId: number;
  clinicId: number;
  branchId: number | null;
  roleId: number;
  userRole: RoleCode;
  permissions: ReadonlySet<string>;
  tier: Tier;
  /** Branches this user may work in. */
  branchIds: readonly number[];
  /** The user works in every branch of the clinic (the owner, or a user assigned all of them): sees every patient. */
  allBranches: boolean;
  /** Every branch of the clinic (a branch outside `branchIds` but in here is refused with 403 BS15, not 404). */
  clinicBranchIds: readonly number[];
  /** The user holds the built-in lab role (roles.code LAB_ROLE_CODE): only the lab's own calls (docs/labs.md). */
  labRole: boolean;
  user: typeof users.$inferSelect;
  clinic: typeof clinics.$inferSelect;
}

const expired = (): never => {
  throw new AppError('session_expired');
};

/** `alias.column as "alias.key"` for every column of a table, and the reader that turns such a row back into the table's row. */
function columnsOf<T extends Table>(table: T, alias: string) {
  const columns = Object.entries(getTableColumns(table));
  return {
    select: columns.map(([key, c]) => `${alias}."${c.name}" as "${alias}.${key}"`).join(', '),
    read: (row: Record<string, unknown>) =>
      Object.fromEntries(
        columns.map(([key, c]) => {
          const value = row[`${alias}.${key}`];
          return [key, value === null || value === undefined ? null : c.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  };
}

const userColumns = columnsOf(users, 'u');
const clinicColumns = columnsOf(clinics, 'c');

/**
 * The whole session in one round trip: user, clinic, role, the role's keys and the branches the user may work in
 * (the owner works in every branch; everyone else in their assigned branches). The text is built once and runs as a
 * named prepared statement (on PostgreSQL parsed and planned once per connection): composing this query of ~80
 * columns with the query builder, and planning it, on every request cost several times more than running it.
 */
const SESSION_SQL = `select ${userColumns.select}, ${clinicColumns.select}, r.id as "roleId", r.base_role as "baseRole",
  coalesce(r.code = '${LAB_ROLE_CODE}', false) as "labRole",
  array(select rp.permission_key from ${getTableName(rolePermissions)} rp
        where rp.clinic_id = u.clinic_id and rp.role_id = r.id) as "keys",
  case when r.base_role = 'RL1'
    then array(select b.id from ${getTableName(branches)} b where b.clinic_id = u.clinic_id order by b.id)
    else array(select ub.branch_id from ${getTableName(userBranches)} ub
               where ub.clinic_id = u.clinic_id and ub.user_id = u.id order by ub.branch_id)
  end as "branchIds",
  array(select b.id from ${getTableName(branches)} b where b.clinic_id = u.clinic_id order by b.id) as "clinicBranchIds"
from ${getTableName(users)} u
join ${getTableName(clinics)} c on c.id = u.clinic_id
join ${getTableName(roles)} r on r.clinic_id = u.clinic_id and r.id = u.role_id
where u.clinic_id = $1 and u.id = $2`;

interface SessionRow extends Record<string, unknown> {
  roleId: string | number;
  baseRole: string;
  labRole: boolean;
  keys: string[];
  branchIds: Array<string | number>;
  clinicBranchIds: Array<string | number>;
}

/** What a session is made of, before the request's own headers (Bid) choose its branch. */
interface SessionBase {
  user: typeof users.$inferSelect;
  clinic: typeof clinics.$inferSelect;
  roleId: number;
  userRole: RoleCode;
  permissions: ReadonlySet<string>;
  branchIds: readonly number[];
  allBranches: boolean;
  clinicBranchIds: readonly number[];
  labRole: boolean;
}

async function readSessionBase(tx: Tx, clinicId: number, userId: number): Promise<SessionBase | null> {
  const query = tx._.session.prepareQuery({ sql: SESSION_SQL, params: [clinicId, userId] }, undefined, statementName(tx, 'session'), false);
  const row = ((await query.execute()) as { rows: SessionRow[] }).rows[0];
  if (!row) return null;
  const user = Object.freeze(userColumns.read(row));
  const userRole = row.baseRole as RoleCode;
  const branchIds = row.branchIds.map(Number);
  if (userRole !== 'RL1' && user.branchId && !branchIds.includes(user.branchId)) branchIds.unshift(user.branchId);
  const clinicBranchIds = row.clinicBranchIds.map(Number);
  return {
    user,
    clinic: Object.freeze(clinicColumns.read(row)),
    roleId: Number(row.roleId),
    userRole,
    permissions: new Set(row.keys),
    branchIds: Object.freeze(branchIds),
    allBranches: userRole === 'RL1' || clinicBranchIds.every((b) => branchIds.includes(b)),
    clinicBranchIds: Object.freeze(clinicBranchIds),
    labRole: row.labRole === true,
  };
}

/**
 * Sessions already read, per database and per user, each with the clinic's session stamp it was read under
 * (clinics.session_stamp, moved on by triggers whenever a user, role, role key, branch or the clinic changes, in any
 * process). A request reads the stamp in the statement that opens its tenant scope (withTenant) and uses the cached
 * session only while the stamp is the same, so changes still apply at once. The oldest entries go past MAX.
 */
const MAX_CACHED_SESSIONS = 5000;
const sessionCaches = new WeakMap<object, Map<string, { stamp: string; base: SessionBase }>>();

async function sessionBase(tx: Tx, clinicId: number, userId: number, scope?: TenantScope): Promise<SessionBase | null> {
  const stamp = scope?.sessionStamp;
  if (!scope || stamp == null) return readSessionBase(tx, clinicId, userId);
  let cache = sessionCaches.get(scope.db);
  if (!cache) sessionCaches.set(scope.db, (cache = new Map()));
  const key = `${clinicId}:${userId}`;
  const hit = cache.get(key);
  if (hit?.stamp === stamp) return hit.base;
  // the session is read after the stamp (a later snapshot): it is never older than the stamp it is kept under
  const base = await readSessionBase(tx, clinicId, userId);
  cache.delete(key);
  if (base) {
    cache.set(key, { stamp, base });
    if (cache.size > MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
  }
  return base;
}

/**
 * Loads the session of a clinic token inside the clinic's transaction and checks the Cid and Bid headers. With the
 * scope's session stamp (withTenant), a session read before under the same stamp is used again.
 */
export async function loadClinicSession(
  tx: Tx,
  claims: TokenClaims,
  headers: { cid?: string; bid?: string },
  scope?: TenantScope,
): Promise<ClinicSession> {
  const clinicId = claims.cid!;
  if (headers.cid && Number(headers.cid) !== clinicId) throw new AppError('BS16');
  const base = await sessionBase(tx, clinicId, claims.sub, scope);
  if (!base) return expired();
  const { user, clinic, branchIds } = base;
  if (!user.isActive || user.deletedAt || user.tokenVersion !== claims.ver) return expired();
  if (!clinic.isActive) throw new AppError('account_not_active');
  let branchId = user.branchId ?? branchIds[0] ?? null;
  if (headers.bid) {
    const bid = Number(headers.bid);
    if (!branchIds.includes(bid)) throw new AppError('BS15' satisfies ErrorCode);
    branchId = bid;
  }
  return {
    userId: user.id,
    clinicId,
    branchId,
    roleId: base.roleId,
    userRole: base.userRole,
    permissions: base.permissions,
    tier: clinic.subscriptionType as Tier,
    branchIds,
    allBranches: base.allBranches,
    clinicBranchIds: base.clinicBranchIds,
    labRole: base.labRole,
    user,
    clinic,
  };
}
