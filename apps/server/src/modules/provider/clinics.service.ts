import type {
  Country,
  CreateClinicInput,
  Currency,
  ProviderClinicItem,
  ProviderClinicListInput,
  ProviderClinicSortField,
  Tier,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { branches, clinics, users } from '../../platform/auth/identity.table.js';
import { listResult, lowerOf, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { fail, isUniqueViolation } from '../../platform/errors.js';
import { provisionClinic } from '../../platform/tenants/provision.js';

/*
 * The provider's console works across clinics with the request pool's handle (`ctx.db`, outside any clinic scope:
 * in production the role app_server, see docs/operations.md "Database roles"). The clinics table is the
 * provider's to read and change; every clinic's own rows sit under forced row-level security, so they are read
 * and deleted inside withTenant, one clinic at a time.
 */

const SORT: Record<ProviderClinicSortField, AnyColumn | SQL> = {
  clinicName: lowerOf(clinics.clinicName),
  displayName: lowerOf(clinics.displayName),
  subscriptionType: clinics.subscriptionType,
  createdAt: clinics.createdAt,
};

export async function listClinics(db: Db, input: ProviderClinicListInput) {
  const where = and(
    searchIn(input.search, clinics.clinicName, clinics.displayName),
    input.subscriptionType ? eq(clinics.subscriptionType, input.subscriptionType) : undefined,
    input.isActive === undefined ? undefined : eq(clinics.isActive, input.isActive),
  );
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select()
    .from(clinics)
    .where(where)
    .orderBy(...orderBy(SORT[input.sortField ?? 'clinicName'], input.sortOrder, clinics.id))
    .limit(limit)
    .offset(offset);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((row): ProviderClinicItem => ({
    id: row.id,
    clinicName: row.clinicName,
    displayName: row.displayName,
    countryId: row.countryId as Country,
    currency: row.currency as Currency,
    subscriptionType: row.subscriptionType as Tier,
    isActive: row.isActive,
    branchCount: counts.get(row.id)?.branchCount ?? 0,
    userCount: counts.get(row.id)?.userCount ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
  return listResult(items, await db.$count(clinics, where), input);
}

/**
 * Branch and (not deleted) user counts of a page of clinics. One tenant transaction for the whole page: it runs
 * as the application role, and the clinic setting that row-level security reads is switched before each clinic's
 * count, so every count sees that clinic's rows only (and the services' own filter says the same).
 */
async function countsOf(db: Db, clinicIds: number[]) {
  const counts = new Map<number, { branchCount: number; userCount: number }>();
  if (!clinicIds.length) return counts;
  await withTenant(db, clinicIds[0]!, async (tx) => {
    for (const clinicId of clinicIds) {
      await tx.execute(sql`select set_config('app.clinic_id', ${String(clinicId)}, true)`);
      const [row] = await tx
        .select({
          branchCount: sql<number>`(select count(*) from ${branches} where ${branches.clinicId} = ${clinicId})`.mapWith(
            Number,
          ),
          userCount:
            sql<number>`(select count(*) from ${users} where ${and(eq(users.clinicId, clinicId), isNull(users.deletedAt))})`.mapWith(
              Number,
            ),
        })
        .from(sql`(select 1) as one`);
      counts.set(clinicId, row!);
    }
  });
  return counts;
}

async function findClinic(db: Db | Tx, clinicId: number) {
  const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId));
  return clinic ?? fail('clinic_not_found');
}

/** A new clinic with its default roles, first branch and owner (provisionClinic also runs every module's defaults). */
export async function createClinic(db: Db, input: CreateClinicInput) {
  const [taken] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(sql`lower(${clinics.clinicName}) = lower(${input.clinicName})`);
  if (taken) fail('clinic_name_exists', { clinicName: 'clinic_name_exists' });
  // the unique index is the last word when two requests create one name at once
  const created = await provisionClinic(db, {
    clinicName: input.clinicName,
    displayName: input.displayName,
    countryId: input.countryId,
    currency: input.currency,
    timeZone: input.timeZone,
    subscriptionType: input.subscriptionType,
    branchName: input.branchName,
    branchMobile: input.branchMobile,
    owner: input.owner,
  }).catch((err: unknown) => (isUniqueViolation(err, 'clinics_name_uq') ? fail('clinic_name_exists', { clinicName: 'clinic_name_exists' }) : Promise.reject(err)));
  return { clinicId: created.clinic.id, branchId: created.branch.id, ownerId: created.owner.id };
}

/** The clinic's users see the new tier on their next request: their session is loaded per request. */
export async function setClinicSubscription(db: Db, clinicId: number, tier: Tier) {
  const updated = await db
    .update(clinics)
    .set({ subscriptionType: tier, updatedAt: new Date() })
    .where(eq(clinics.id, clinicId))
    .returning({ id: clinics.id });
  if (!updated.length) fail('clinic_not_found');
  return { ok: true as const };
}

/** A deactivated clinic's users are refused on their next request and at login ('account not active'). */
export async function setClinicActive(db: Db, clinicId: number, isActive: boolean) {
  const updated = await db
    .update(clinics)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(clinics.id, clinicId))
    .returning({ id: clinics.id });
  if (!updated.length) fail('clinic_not_found');
  return { ok: true as const };
}

/**
 * Deletes a clinic that has no branches left, with every row it owns, in one transaction: first the rows of
 * every tenant table (as the application role, so row-level security keeps the deletes inside this clinic),
 * children before parents; then the rows of provider-wide tables that name the clinic (support requests, votes,
 * comments, contact messages); then the clinic itself.
 */
export async function deleteClinic(db: Db, clinicId: number) {
  await findClinic(db, clinicId);
  const plan = await deletionPlan(db);
  await withTenant(db, clinicId, async (tx) => {
    if (await tx.$count(branches, eq(branches.clinicId, clinicId))) fail('cannot_delete_clinic');
    for (const table of plan.tenantTables)
      await tx.execute(sql`delete from ${sql.identifier(table)} where clinic_id = ${clinicId}`);
    // What is left is not a tenant's to delete (the clinics row, provider-wide tables): leave the tenant role.
    await tx.execute(sql`reset role`);
    for (const { table, column } of plan.globalReferences)
      await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${clinicId}`);
    await tx.delete(clinics).where(eq(clinics.id, clinicId));
  });
  return { ok: true as const };
}

interface DeletionPlan {
  /** Every table with a clinic_id column, children before the tables they reference. */
  tenantTables: string[];
  /** Columns of other tables that reference clinics(id), in the same child-first order. */
  globalReferences: Array<{ table: string; column: string }>;
}

/** Both drivers answer a raw query with `{ rows }`. */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Read from the catalogue, so a table a module adds later is deleted too, in the order its foreign keys need. */
export async function deletionPlan(db: Db): Promise<DeletionPlan> {
  const tenant = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'clinic_id' and not a.attisdropped)`,
  );
  const global = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
        where con.contype = 'f' and n.nspname = 'public' and con.confrelid = 'public.clinics'::regclass
          and array_length(con.conkey, 1) = 1
          and not exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'clinic_id' and not t.attisdropped)`,
  );
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_class p on p.oid = con.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where con.contype = 'f' and n.nspname = 'public' and con.conrelid <> con.confrelid`,
  );
  const tenantTables = childrenFirst(
    tenant.map((t) => t.name),
    edges,
  );
  const globalOrder = childrenFirst([...new Set(global.map((g) => g.table))], edges);
  const globalReferences = globalOrder.flatMap((table) => global.filter((g) => g.table === table));
  return { tenantTables, globalReferences };
}

/** Orders tables so that a table comes before every table it references (a table with no children goes first). */
export function childrenFirst(tables: string[], edges: Array<{ child: string; parent: string }>): string[] {
  const remaining = new Set(tables);
  const ordered: string[] = [];
  while (remaining.size) {
    const leaves = [...remaining]
      .filter((t) => !edges.some((e) => e.parent === t && e.child !== t && remaining.has(e.child)))
      .sort();
    if (!leaves.length) throw new Error(`Foreign keys form a cycle among: ${[...remaining].join(', ')}`);
    for (const t of leaves) {
      ordered.push(t);
      remaining.delete(t);
    }
  }
  return ordered;
}
