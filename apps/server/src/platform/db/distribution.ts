/**
 * How the schema maps onto Citus (docs/operations.md "Running on Citus"). The rule: every table of the public schema
 * that has a clinic_id column is distributed by it (the same rule that gives it row-level security in TENANCY_SQL),
 * all of them in one co-location group. The tables without clinic_id are named here, each either a reference table
 * (one copy on every node: clinic tables join it or every clinic reads it) or a coordinator table (the provider's
 * own, never joined with clinic tables, kept as a plain table on the coordinator). distribution.int.test.ts reads the
 * catalogue and fails on any table, unique index, exclusion constraint, foreign key, sequence or trigger that would
 * stop this distribution.
 */
export const DISTRIBUTION_COLUMN = 'clinic_id';

export interface DistributionLayout {
  reference: readonly string[];
  coordinator: readonly string[];
  /** Triggers on distributed or reference tables: Citus refuses them unless citus.enable_unsafe_triggers is on. */
  citusTableTriggers: readonly string[];
}

export const DISTRIBUTION: DistributionLayout = {
  reference: ['clinics', 'support_requests', 'support_comments', 'support_votes', 'contact_messages'],
  coordinator: ['provider_admins', 'login_attempts', 'mail_outbox'],
  // the session stamp (migration 0007); docs/operations.md says what becomes of them on Citus
  citusTableTriggers: [
    'clinics.clinics_session_stamp',
    ...['users', 'roles', 'role_permissions', 'branches', 'user_branches'].flatMap((t) => [`${t}.${t}_session_scope`, `${t}.${t}_session_rows`]),
    // money entries are immutable (migration 0012): row-local, they read no other table, so safe on shards
    ...['patient_payments', 'payment_allocations', 'payment_reversals', 'invoices', 'invoice_lines', 'money_audit']
      .map((t) => `${t}.${t}_immutable`),
    // published prescriptions are immutable (prescriptions migration): the drugs' trigger reads its own prescription
    // row (same clinic_id, so the same co-located shard)
    'prescriptions.prescriptions_immutable',
    'prescription_drugs.prescription_drugs_immutable',
    // the per-patient summary of the entries (migration 0024): each reads and upserts rows of its row's clinic_id only
    // (patient_balances and the entries, all distributed by it: the same co-located shard)
    ...['patient_procedures', 'patient_payments', 'payment_allocations', 'payment_reversals'].map((t) => `${t}.${t}_balances`),
    // that summary's parts per branch and doctor (migration 0027): the same, upserting patient_balance_parts
    ...['patient_procedures', 'payment_allocations', 'payment_reversals'].map((t) => `${t}.${t}_balance_parts`),
    // the lab orders' per-status summary (session 13, migration 0026): statement triggers that upsert lab_order_totals
    // grouped by the changed rows' own clinic_id (the same co-located shard)
    ...['insert', 'delete', 'update'].map((e) => `lab_orders.lab_orders_totals_${e}`),
  ],
};

/** Schemas other than public that may hold tables, on the coordinator: drizzle's migration journal, the job queue (pg-boss). */
export const COORDINATOR_SCHEMAS = ['drizzle', 'pgboss'];

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
type Kind = 'distributed' | 'reference' | 'coordinator';

const asArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : String(v ?? '').replace(/^\{|\}$/g, '').split(',').filter(Boolean));

/**
 * What in `schema` would stop its distribution by clinic_id under `layout`, one line per problem
 * ("table: what is wrong"), sorted; empty when the schema can be distributed as docs/operations.md says.
 */
export async function distributionProblems(query: Query, schema: string, layout: DistributionLayout = DISTRIBUTION): Promise<string[]> {
  const problems: string[] = [];
  const tables = await query<{ name: string; clinic_type: string | null; clinic_not_null: boolean | null; pk: unknown }>(
    `select c.relname as name, format_type(a.atttypid, a.atttypmod) as clinic_type, a.attnotnull as clinic_not_null,
       (select array_agg(pa.attname::text) from pg_constraint con
          join pg_attribute pa on pa.attrelid = con.conrelid and pa.attnum = any(con.conkey)
         where con.conrelid = c.oid and con.contype = 'p') as pk
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = c.oid and a.attname = $2 and not a.attisdropped
     where n.nspname = $1 and c.relkind in ('r', 'p')`,
    [schema, DISTRIBUTION_COLUMN],
  );
  const kinds = new Map<string, Kind>();
  const listed = new Map<string, Kind>([
    ...layout.reference.map((t) => [t, 'reference'] as const),
    ...layout.coordinator.map((t) => [t, 'coordinator'] as const),
  ]);
  for (const t of tables) {
    const kind = listed.get(t.name);
    if (kind) {
      kinds.set(t.name, kind);
      if (t.clinic_type) problems.push(`${t.name}: listed as a ${kind} table but has ${DISTRIBUTION_COLUMN}`);
      continue;
    }
    if (!t.clinic_type) {
      // reported once; the checks below then leave it alone
      problems.push(`${t.name}: no ${DISTRIBUTION_COLUMN} and not listed as a reference or coordinator table`);
      continue;
    }
    kinds.set(t.name, 'distributed');
    if (t.clinic_type !== 'bigint') problems.push(`${t.name}: ${DISTRIBUTION_COLUMN} is ${t.clinic_type}, not bigint`);
    if (!t.clinic_not_null) problems.push(`${t.name}: ${DISTRIBUTION_COLUMN} may be null`);
    if (!asArray(t.pk).includes(DISTRIBUTION_COLUMN)) problems.push(`${t.name}: primary key missing or without ${DISTRIBUTION_COLUMN}`);
  }
  for (const [name, kind] of listed) if (!tables.some((t) => t.name === name)) problems.push(`${name}: listed as a ${kind} table but does not exist`);
  const distributed = [...kinds].filter(([, k]) => k === 'distributed').map(([n]) => n);

  // unique indexes (primary keys and unique constraints included): clinic_id must be one of the key columns itself,
  // not only inside an expression, the predicate or an INCLUDE column
  const uniques = await query<{ table_name: string; index_name: string }>(
    `select c.relname as table_name, i.relname as index_name
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and x.indisunique and c.relname = any($2::text[])
       and not exists (select 1 from generate_series(0, x.indnkeyatts - 1) k
                       join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[k]
                       where a.attname = $3)`,
    [schema, distributed, DISTRIBUTION_COLUMN],
  );
  for (const u of uniques) problems.push(`${u.table_name}: unique index ${u.index_name} without ${DISTRIBUTION_COLUMN} as a key column`);

  // exclusion constraints: clinic_id compared with =
  const exclusions = await query<{ table_name: string; name: string }>(
    `select c.relname as table_name, con.conname as name
     from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and con.contype = 'x' and c.relname = any($2::text[])
       and not exists (select 1 from generate_subscripts(con.conkey, 1) k
                       join pg_attribute a on a.attrelid = c.oid and a.attnum = con.conkey[k]
                       join pg_operator o on o.oid = con.conexclop[k]
                       where a.attname = $3 and o.oprname = '=')`,
    [schema, distributed, DISTRIBUTION_COLUMN],
  );
  for (const e of exclusions) problems.push(`${e.table_name}: exclusion constraint ${e.name} without ${DISTRIBUTION_COLUMN} WITH =`);

  // foreign keys: distributed → distributed equates clinic_id with clinic_id; distributed → reference; reference →
  // reference; coordinator → coordinator. When clinic_id is in the key, it may never be set null or default, nor
  // cascade an update.
  const fks = await query<{ name: string; from_table: string; to_table: string; same_position: boolean; has_clinic: boolean; del: string; upd: string; same_schema: boolean }>(
    `select con.conname as name, src.relname as from_table, dst.relname as to_table,
       exists (select 1 from generate_subscripts(con.conkey, 1) k
               join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = con.conkey[k]
               join pg_attribute da on da.attrelid = con.confrelid and da.attnum = con.confkey[k]
               where sa.attname = $2 and da.attname = $2) as same_position,
       exists (select 1 from pg_attribute sa where sa.attrelid = con.conrelid and sa.attnum = any(con.conkey) and sa.attname = $2) as has_clinic,
       con.confdeltype as del, con.confupdtype as upd, dst.relnamespace = src.relnamespace as same_schema
     from pg_constraint con join pg_class src on src.oid = con.conrelid join pg_class dst on dst.oid = con.confrelid
     join pg_namespace n on n.oid = src.relnamespace
     where n.nspname = $1 and con.contype = 'f'`,
    [schema, DISTRIBUTION_COLUMN],
  );
  const allowed: Record<Kind, Kind[]> = { distributed: ['distributed', 'reference'], reference: ['reference'], coordinator: ['coordinator'] };
  for (const f of fks) {
    if (!f.same_schema) {
      problems.push(`${f.from_table}: foreign key ${f.name} to a table of another schema`);
      continue;
    }
    const from = kinds.get(f.from_table);
    const to = kinds.get(f.to_table);
    if (!from || !to) continue; // an unlisted table, reported above
    if (!allowed[from].includes(to)) problems.push(`${f.from_table}: foreign key ${f.name} from a ${from} table to a ${to} table`);
    else if (from === 'distributed' && to === 'distributed' && !f.same_position)
      problems.push(`${f.from_table}: foreign key ${f.name} does not equate ${DISTRIBUTION_COLUMN} with ${DISTRIBUTION_COLUMN}`);
    if (from === 'distributed' && f.has_clinic && (['n', 'd'].includes(f.del) || ['n', 'd', 'c'].includes(f.upd)))
      problems.push(`${f.from_table}: foreign key ${f.name} sets null/default or cascades an update on ${DISTRIBUTION_COLUMN}`);
  }

  // sequences: each owned by a column (identity or serial), no free-standing global counter; on a distributed table
  // that column is bigint (Citus makes such values unique per node only for bigint)
  const sequences = await query<{ name: string; table_name: string | null; column_type: string | null }>(
    `select s.relname as name, t.relname as table_name, format_type(a.atttypid, a.atttypmod) as column_type
     from pg_class s join pg_namespace n on n.oid = s.relnamespace
     left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i') and d.refobjsubid > 0
     left join pg_class t on t.oid = d.refobjid
     left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where n.nspname = $1 and s.relkind = 'S'`,
    [schema],
  );
  for (const s of sequences) {
    if (!s.table_name) problems.push(`${s.name}: a sequence not owned by a table column`);
    else if (kinds.get(s.table_name) === 'distributed' && s.column_type !== 'bigint')
      problems.push(`${s.table_name}: sequence ${s.name} feeds a column of type ${s.column_type}, not bigint`);
  }

  // triggers on distributed and reference tables: only those the layout names (Citus needs enable_unsafe_triggers)
  const triggers = await query<{ table_name: string; name: string }>(
    `select c.relname as table_name, tg.tgname as name
     from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and not tg.tgisinternal`,
    [schema],
  );
  for (const t of triggers) {
    const kind = kinds.get(t.table_name);
    if (kind && kind !== 'coordinator' && !layout.citusTableTriggers.includes(`${t.table_name}.${t.name}`))
      problems.push(`${t.table_name}: trigger ${t.name} on a ${kind} table`);
  }
  return problems.sort();
}
