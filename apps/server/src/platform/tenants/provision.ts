import {
  BUILT_IN_ROLE_NAMES, type ClinicRoleCode, CLINIC_ROLE_CODES, type Country, type Currency, DEFAULT_ROLE_PERMISSIONS, type Tier,
} from '@dental/contract';
import { clinics, branches, rolePermissions, roles, userBranches, users } from '../auth/identity.table.js';
import { hashPassword } from '../auth/passwords.js';
import { withTenant } from '../db/tenancy.js';
import type { Db, Tx } from '../db/types.js';

export interface NewClinic {
  clinicName: string;
  displayName: string;
  countryId?: Country;
  currency?: Currency;
  timeZone?: string;
  subscriptionType?: Tier;
  branchName: string;
  branchMobile?: string;
  owner: { userName: string; fullName: string; email: string; mobile?: string; password: string };
}

/** Work a module does for every new clinic (its default rows), run inside the clinic's creation transaction. */
export type ClinicCreatedHook = (tx: Tx, clinicId: number) => Promise<void>;
/** Modules register their hooks here when they are loaded; the platform imports no module. */
export const onClinicCreated: ClinicCreatedHook[] = [];

/**
 * Creates a clinic with its default roles, first branch and owner user, then runs the modules' onClinicCreated
 * hooks. Used by the provider console, seeds and tests.
 */
export async function provisionClinic(db: Db, input: NewClinic) {
  const [clinic] = await db
    .insert(clinics)
    .values({
      clinicName: input.clinicName,
      displayName: input.displayName,
      countryId: input.countryId ?? 'CN3',
      currency: input.currency ?? 'EGP',
      timeZone: input.timeZone ?? 'Africa/Cairo',
      subscriptionType: input.subscriptionType ?? 'ST0',
    })
    .returning();
  const passwordHash = await hashPassword(input.owner.password);
  return withTenant(db, clinic!.id, async (tx) => {
    const roleIds = await createDefaultRoles(tx, clinic!.id);
    const [branch] = await tx
      .insert(branches)
      .values({ clinicId: clinic!.id, name: input.branchName, mobile: input.branchMobile ?? null })
      .returning();
    const [owner] = await tx
      .insert(users)
      .values({
        clinicId: clinic!.id,
        userName: input.owner.userName,
        fullName: input.owner.fullName,
        displayName: input.owner.fullName,
        email: input.owner.email.toLowerCase(),
        mobile: input.owner.mobile ?? null,
        // a dental clinic's owner is usually its first dentist; the users form switches it off
        isDoctor: true,
        passwordHash,
        roleId: roleIds.RL1,
        branchId: branch!.id,
        countryId: input.countryId ?? 'CN3',
      })
      .returning();
    await tx.insert(userBranches).values({ clinicId: clinic!.id, userId: owner!.id, branchId: branch!.id });
    for (const hook of onClinicCreated) await hook(tx, clinic!.id);
    return { clinic: clinic!, branch: branch!, owner: owner!, roleIds };
  });
}

export async function createDefaultRoles(tx: Tx, clinicId: number) {
  const ids = {} as Record<ClinicRoleCode, number>;
  for (const code of CLINIC_ROLE_CODES) {
    const [role] = await tx
      .insert(roles)
      .values({
        clinicId,
        code,
        baseRole: code,
        nameAr: BUILT_IN_ROLE_NAMES[code].ar,
        nameEn: BUILT_IN_ROLE_NAMES[code].en,
        nameFr: BUILT_IN_ROLE_NAMES[code].fr,
        isDefault: true,
      })
      .returning({ id: roles.id });
    ids[code] = role!.id;
    const keys = DEFAULT_ROLE_PERMISSIONS[code];
    if (keys.length) await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ clinicId, roleId: role!.id, permissionKey })));
  }
  return ids;
}
