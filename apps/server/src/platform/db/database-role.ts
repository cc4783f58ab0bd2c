import type { Config } from '../config.js';
import type { Database } from './database.js';
import { APP_ROLE, SERVER_ROLE } from './tenancy.js';

/** What the role of a connection may do beyond the request role's rights. */
export interface RoleCheck {
  role: string;
  superuser: boolean;
  bypassRls: boolean;
  /** Tables of the schema that the role owns or may act as the owner of (through role membership). */
  ownedTables: number;
  /** Whether the role may SET ROLE app_user (every clinic's request needs it). */
  canBecomeAppUser: boolean;
}

export async function checkRole(database: Database): Promise<RoleCheck> {
  const [row] = await database.query<{ role: string; superuser: boolean; bypass: boolean; owned: number; app: boolean }>(
    `select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
       (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and pg_has_role(current_user, c.relowner, 'MEMBER')) as owned,
       pg_has_role(current_user, $1, 'MEMBER') as app
     from pg_roles r where r.rolname = current_user`,
    [APP_ROLE],
  );
  return { role: row!.role, superuser: row!.superuser, bypassRls: row!.bypass, ownedTables: row!.owned, canBecomeAppUser: row!.app };
}

/** Why a request role is more than it should be (empty: it is fine). */
export function privileges(check: RoleCheck): string[] {
  return [
    ...(check.superuser ? ['is a superuser'] : []),
    ...(check.bypassRls ? ['has BYPASSRLS'] : []),
    ...(check.ownedTables ? [`owns ${check.ownedTables} tables (or may act as their owner)`] : []),
  ];
}

/**
 * Checks the role that serves requests (DATABASE_URL) at start. A superuser, a BYPASSRLS role or the tables' owner
 * is refused unless ALLOW_PRIVILEGED_DATABASE_ROLE is set (then a loud warning): requests switch to app_user only
 * with SET LOCAL ROLE, and an injected RESET ROLE would take them back to that role, out of row-level security.
 * The embedded database (one process, its own superuser) is not checked.
 */
export async function assertRequestRole(database: Database, config: Config, warn: (msg: string) => void): Promise<void> {
  if (database.kind !== 'postgres') return;
  const check = await checkRole(database);
  const how = `Connect with a login role that is a member of ${SERVER_ROLE} only (GRANT ${SERVER_ROLE} TO <role>) and give the owner's URL in MIGRATION_DATABASE_URL; see docs/operations.md "Database roles".`;
  if (!check.canBecomeAppUser) throw new Error(`The DATABASE_URL role "${check.role}" cannot act as ${APP_ROLE}. ${how}`);
  const found = privileges(check);
  if (!found.length) return;
  const what = `The DATABASE_URL role "${check.role}" ${found.join(', ')}: requests would run with its rights outside row-level security.`;
  if (!config.ALLOW_PRIVILEGED_DATABASE_ROLE) throw new Error(`${what} ${how} To start anyway set ALLOW_PRIVILEGED_DATABASE_ROLE=true.`);
  warn(`WARNING: ${what} Started because ALLOW_PRIVILEGED_DATABASE_ROLE=true. ${how}`);
}
