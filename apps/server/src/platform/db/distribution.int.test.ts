import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import { COORDINATOR_SCHEMAS, DISTRIBUTION, distributionProblems } from './distribution.js';

const database = await freshDatabase();
afterAll(() => database.close());
const query = <T,>(sql: string, params?: unknown[]) => database.query<T>(sql, params);

describe('the schema can be distributed by clinic_id (docs/operations.md "Running on Citus")', () => {
  it('every table, unique index, exclusion constraint, foreign key, sequence and trigger of the real schema fits', async () => {
    expect(await distributionProblems(query, 'public')).toEqual([]);
    // the rule names every tenant table of today, the new treatments tables among them
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where table_schema = 'public' and column_name = 'clinic_id'`,
    );
    expect(row!.n).toBeGreaterThan(30);
  });

  it('no table lives outside public but the migration journal', async () => {
    const rows = await query<{ schema: string }>(
      `select distinct n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('public', 'pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    expect(rows.map((r) => r.schema).filter((s) => !COORDINATOR_SCHEMAS.includes(s))).toEqual([]);
  });

  it('each rule bites: a scratch schema with one wrong thing per rule gets exactly those problems', async () => {
    const s = `dist_scratch_${process.pid}`;
    await database.exec(`
      create schema ${s};
      -- what fits
      create table ${s}.clinics (id bigint generated always as identity primary key, name text not null);
      create table ${s}.admins (id bigint generated always as identity primary key);
      create table ${s}.patients (clinic_id bigint not null references ${s}.clinics (id), id bigint generated always as identity,
        code text, primary key (clinic_id, id));
      create unique index patients_code_uq on ${s}.patients (clinic_id, lower(code));
      alter table ${s}.patients add constraint patients_code_ex_ok exclude using btree (clinic_id with =, code with =);
      create table ${s}.visits (clinic_id bigint not null, id bigint generated always as identity, patient_id bigint not null,
        primary key (clinic_id, id),
        constraint visits_patient_fk foreign key (clinic_id, patient_id) references ${s}.patients (clinic_id, id) on delete cascade);
      create function ${s}.touch() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger visits_audit before update on ${s}.visits for each row execute function ${s}.touch();
      create trigger admins_touch before update on ${s}.admins for each row execute function ${s}.touch();
      -- tables
      create table ${s}.notes (id bigint primary key, body text);
      create table ${s}.rooms (clinic_id integer not null, id integer generated always as identity, primary key (clinic_id, id));
      create table ${s}.drafts (clinic_id bigint, body text);
      create table ${s}.lookups (clinic_id bigint, id bigint primary key);
      -- unique indexes and exclusion constraints
      create unique index patients_code_where on ${s}.patients (lower(code)) where clinic_id is not null;
      create unique index patients_code_expr on ${s}.patients ((clinic_id + 0), code);
      create unique index patients_code_incl on ${s}.patients (code) include (clinic_id);
      alter table ${s}.patients add constraint patients_code_key unique (code);
      alter table ${s}.patients add constraint patients_code_ex exclude using btree (code with =);
      -- foreign keys
      create table ${s}.links (clinic_id bigint not null, id bigint not null, patient_id bigint, other_clinic bigint,
        primary key (clinic_id, id),
        constraint links_swapped_fk foreign key (patient_id, clinic_id) references ${s}.patients (clinic_id, id),
        constraint links_other_fk foreign key (other_clinic, patient_id) references ${s}.patients (clinic_id, id),
        constraint links_null_fk foreign key (clinic_id, patient_id) references ${s}.patients (clinic_id, id) on delete set null,
        constraint links_upd_fk foreign key (clinic_id) references ${s}.clinics (id) on update cascade);
      alter table ${s}.clinics add column main_patient bigint,
        add constraint clinics_main_fk foreign key (id, main_patient) references ${s}.patients (clinic_id, id);
      alter table ${s}.visits add column admin_id bigint constraint visits_admin_fk references ${s}.admins (id);
      alter table ${s}.admins add column clinic_ref bigint constraint admins_clinic_fk references ${s}.clinics (id);
      alter table ${s}.admins add column real_clinic bigint constraint admins_public_fk references public.clinics (id);
      -- sequences and triggers
      create sequence ${s}.invoice_numbers;
      create trigger patients_touch before update on ${s}.patients for each row execute function ${s}.touch();
    `);
    try {
      const layout = { reference: ['clinics', 'lookups', 'gone'], coordinator: ['admins'], citusTableTriggers: ['visits.visits_audit'] };
      expect(await distributionProblems(query, s, layout)).toEqual([
        'admins: foreign key admins_clinic_fk from a coordinator table to a reference table',
        'admins: foreign key admins_public_fk to a table of another schema',
        'clinics: foreign key clinics_main_fk from a reference table to a distributed table',
        'drafts: clinic_id may be null',
        'drafts: primary key missing or without clinic_id',
        'gone: listed as a reference table but does not exist',
        'invoice_numbers: a sequence not owned by a table column',
        'links: foreign key links_null_fk sets null/default or cascades an update on clinic_id',
        'links: foreign key links_other_fk does not equate clinic_id with clinic_id',
        'links: foreign key links_swapped_fk does not equate clinic_id with clinic_id',
        'links: foreign key links_upd_fk sets null/default or cascades an update on clinic_id',
        'lookups: listed as a reference table but has clinic_id',
        'notes: no clinic_id and not listed as a reference or coordinator table',
        'patients: exclusion constraint patients_code_ex without clinic_id WITH =',
        'patients: trigger patients_touch on a distributed table',
        'patients: unique index patients_code_expr without clinic_id as a key column',
        'patients: unique index patients_code_incl without clinic_id as a key column',
        'patients: unique index patients_code_key without clinic_id as a key column',
        'patients: unique index patients_code_where without clinic_id as a key column',
        'rooms: clinic_id is integer, not bigint',
        'rooms: sequence rooms_id_seq feeds a column of type integer, not bigint',
        'visits: foreign key visits_admin_fk from a distributed table to a coordinator table',
      ]);
      // the same layout with the wrong things dropped has nothing to say
      await database.exec(`
        drop table ${s}.notes, ${s}.rooms, ${s}.drafts, ${s}.lookups, ${s}.links;
        drop index ${s}.patients_code_where, ${s}.patients_code_expr, ${s}.patients_code_incl;
        alter table ${s}.patients drop constraint patients_code_key, drop constraint patients_code_ex;
        alter table ${s}.clinics drop constraint clinics_main_fk;
        alter table ${s}.visits drop constraint visits_admin_fk;
        alter table ${s}.admins drop constraint admins_clinic_fk, drop constraint admins_public_fk;
        drop sequence ${s}.invoice_numbers;
        drop trigger patients_touch on ${s}.patients;
      `);
      expect(await distributionProblems(query, s, { ...layout, reference: ['clinics'] })).toEqual([]);
    } finally {
      await database.exec(`drop schema ${s} cascade`);
    }
  });

  it('the layout names the session stamp triggers, and only triggers that exist', async () => {
    const rows = await query<{ name: string }>(
      `select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...DISTRIBUTION.citusTableTriggers].sort());
  });
});
