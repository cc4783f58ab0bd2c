import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClinicRoleCode, DEFAULT_ROLE_PERMISSIONS, type PermissionKey, callPath } from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClinic, setRoleKeys, testApp } from '../../../test/harness.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { rolePermissions, roles } from '../../platform/auth/identity.table.js';
import { checkAccess } from '../../platform/calls.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { withTenant } from '../../platform/db/tenancy.js';

const t = await testApp();

describe('default roles and the route rules of the calls', () => {
  it('no registered call that a default key opens refuses that role with BS14', () => {
    const refused: string[] = [];
    for (const [role, keys] of Object.entries(DEFAULT_ROLE_PERMISSIONS) as [ClinicRoleCode, readonly string[]][]) {
      const session = { userRole: role, permissions: new Set(keys), tier: 'ST3' } as unknown as ClinicSession;
      for (const d of t.app.deps.calls) {
        const a = d.access;
        if (!('permissions' in a) || !a.permissions.some((k) => keys.includes(k))) continue;
        try {
          checkAccess(session, a);
        } catch (e) {
          refused.push(`${role} ${d.method} ${callPath(d)} (${(e as { code?: string }).code})`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('migration 0009 (default roles follow the route rules; RL3 is the employee/operator)', () => {
  const migration = readFileSync(join(MIGRATIONS_DIR, '0009_default_roles_follow_rules.sql'), 'utf8');
  const runMigration = async () => {
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
  };
  const keysOf = (clinicId: number, roleId: number) =>
    withTenant(t.database.db, clinicId, async (tx) =>
      (await tx.select({ key: rolePermissions.permissionKey }).from(rolePermissions)
        .where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, roleId)))).map((r) => r.key).sort(),
    );
  const roleRow = (clinicId: number, roleId: number) =>
    withTenant(t.database.db, clinicId, async (tx) =>
      (await tx.select().from(roles).where(and(eq(roles.clinicId, clinicId), eq(roles.id, roleId))))[0]!);

  it('new clinics get the spec name of RL3', async () => {
    const c = await newClinic(t);
    const rl3 = await roleRow(c.clinicId, c.roleIds.RL3);
    expect([rl3.nameAr, rl3.nameEn]).toEqual(['موظف (مشغّل)', 'Employee (operator)']);
  });

  it('drops the unusable keys from stored default roles and renames an untouched RL3, leaving the rest', async () => {
    const c = await newClinic(t);
    const renamed = await newClinic(t);
    // the state a clinic created before the migration is in: the old default keys and name
    const extra: Partial<Record<ClinicRoleCode, PermissionKey[]>> = {
      RL3: ['treatment_list', 'prescription_template_list', 'prescription_template_add', 'lab_orders_list'],
      RL5: ['room_list', 'stock_list', 'lab_orders_list'],
      RL6: ['insurance_claims_list', 'insurance_reports', 'report_show', 'financial_lookups'],
      RL7: ['user_list', 'clinic_show'],
    };
    for (const clinic of [c, renamed])
      for (const [role, keys] of Object.entries(extra) as [ClinicRoleCode, PermissionKey[]][])
        await setRoleKeys(t, clinic.clinicId, clinic.roleIds[role], [...DEFAULT_ROLE_PERMISSIONS[role], ...keys]);
    const setRl3Name = (clinicId: number, roleId: number, nameAr: string, nameEn: string) =>
      withTenant(t.database.db, clinicId, (tx) =>
        tx.update(roles).set({ nameAr, nameEn }).where(and(eq(roles.clinicId, clinicId), eq(roles.id, roleId))));
    await setRl3Name(c.clinicId, c.roleIds.RL3, 'طبيب', 'Doctor');
    await setRl3Name(renamed.clinicId, renamed.roleIds.RL3, 'أخصائي', 'Dentist');
    // a custom role keeps whatever it holds
    const custom = await withTenant(t.database.db, c.clinicId, async (tx) => {
      const [r] = await tx.insert(roles).values({ clinicId: c.clinicId, baseRole: 'RL5', nameAr: 'خاص', nameEn: 'Own' }).returning();
      await tx.insert(rolePermissions).values({ clinicId: c.clinicId, roleId: r!.id, permissionKey: 'room_list' });
      return r!.id;
    });

    await runMigration();

    for (const clinic of [c, renamed])
      for (const role of Object.keys(extra) as ClinicRoleCode[])
        expect(await keysOf(clinic.clinicId, clinic.roleIds[role]), role).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]].sort());
    expect(await keysOf(c.clinicId, c.roleIds.RL4)).toEqual([...DEFAULT_ROLE_PERMISSIONS.RL4].sort());
    expect(await keysOf(c.clinicId, custom)).toEqual(['room_list']);
    const rl3 = await roleRow(c.clinicId, c.roleIds.RL3);
    expect([rl3.nameAr, rl3.nameEn]).toEqual(['موظف (مشغّل)', 'Employee (operator)']);
    const kept = await roleRow(renamed.clinicId, renamed.roleIds.RL3);
    expect([kept.nameAr, kept.nameEn]).toEqual(['أخصائي', 'Dentist']);
  });
});
