import type { ClinicRoleCode } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { branches, clinics, providerAdmins, userBranches, users } from '../platform/auth/identity.table.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { withTenant } from '../platform/db/tenancy.js';
import type { Db } from '../platform/db/types.js';
import { provisionClinic } from '../platform/tenants/provision.js';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_ADMIN = { email: 'admin@dentix.test', password: 'Admin@1234' };

export const DEMO_USERS: Array<{ role: ClinicRoleCode; userName: string; email: string; fullName: string; mobile: string }> = [
  { role: 'RL1', userName: 'owner', email: 'owner@demo.test', fullName: 'د. أحمد سالم', mobile: '+201000000001' },
  { role: 'RL2', userName: 'manager', email: 'manager@demo.test', fullName: 'منى فؤاد', mobile: '+201000000002' },
  { role: 'RL3', userName: 'doctor', email: 'doctor@demo.test', fullName: 'د. كريم نبيل', mobile: '+201000000003' },
  { role: 'RL4', userName: 'secretary', email: 'secretary@demo.test', fullName: 'سارة علي', mobile: '+201000000004' },
  { role: 'RL5', userName: 'assistant', email: 'assistant@demo.test', fullName: 'هبة محمود', mobile: '+201000000005' },
  { role: 'RL6', userName: 'accountant', email: 'accountant@demo.test', fullName: 'عمرو حسن', mobile: '+201000000006' },
  { role: 'RL7', userName: 'staff', email: 'staff@demo.test', fullName: 'ياسر عادل', mobile: '+201000000007' },
];

/** The demo lab user (issue 16): a technician of the first demo lab, seeded by the labs module. */
export const DEMO_LAB_USER = { userName: 'lab', email: 'lab@demo.test', fullName: 'م. حسام الدين (معمل النخبة)', mobile: '+201000000008' };

/** Extra demo rows of each module (rooms, lookups ...), added by the modules as they are built. */
export type DemoSeeder = (db: Db, clinicId: number, branchIds: number[], options: DemoOptions) => Promise<void>;
/** What the server gives the demo seeders: its TOKEN_SECRET signs the demo QR codes (none without it). */
export interface DemoOptions {
  tokenSecret?: string;
}
export const demoSeeders: DemoSeeder[] = [];
/**
 * Demo records that use those rows, after every demoSeeders entry, stage by stage: each stage reads what the earlier
 * ones wrote (payments need procedures), whatever order the modules happen to be loaded in.
 */
export const DEMO_RECORD_STAGES = ['patients', 'history', 'appointments', 'treatments', 'payments', 'follow-ups'] as const;
export type DemoRecordStage = (typeof DEMO_RECORD_STAGES)[number];
const demoRecordSeeders: { stage: DemoRecordStage; seed: DemoSeeder }[] = [];
export function addDemoRecordSeeder(stage: DemoRecordStage, seed: DemoSeeder) {
  demoRecordSeeders.push({ stage, seed });
}

/** Seeds the demo clinic (tier ST3, two branches, one user per role), a second clinic and a provider admin, once. */
export async function seedDemo(db: Db, options: DemoOptions = {}): Promise<boolean> {
  const [existing] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.clinicName, 'demo'));
  if (existing) return false;
  const demo = await provisionClinic(db, {
    clinicName: 'demo',
    displayName: 'عيادة الابتسامة لطب الأسنان',
    countryId: 'CN3',
    currency: 'EGP',
    timeZone: 'Africa/Cairo',
    subscriptionType: 'ST3',
    branchName: 'فرع مدينة نصر',
    branchMobile: '+20222600001',
    owner: { ...DEMO_USERS[0]!, password: DEMO_PASSWORD },
  });
  const hash = await hashPassword(DEMO_PASSWORD);
  const branchIds = await withTenant(db, demo.clinic.id, async (tx) => {
    // where the branches are, and online booking within 50 km of them (maximum attendance distance)
    await tx.update(branches).set({ latitude: 30.0561, longitude: 31.3301 }).where(eq(branches.id, demo.branch.id));
    await tx.update(clinics).set({ maxAttendanceDistance: 50_000 }).where(eq(clinics.id, demo.clinic.id));
    const [second] = await tx
      .insert(branches)
      .values({ clinicId: demo.clinic.id, name: 'فرع المعادي', mobile: '+20222600002', latitude: 29.9602, longitude: 31.2569 })
      .returning();
    const ids = [demo.branch.id, second!.id];
    await tx.insert(userBranches).values({ clinicId: demo.clinic.id, userId: demo.owner.id, branchId: second!.id });
    for (const u of DEMO_USERS.slice(1)) {
      const [user] = await tx
        .insert(users)
        .values({
          clinicId: demo.clinic.id, userName: u.userName, fullName: u.fullName, displayName: u.fullName, email: u.email,
          mobile: u.mobile, passwordHash: hash, roleId: demo.roleIds[u.role], branchId: demo.branch.id, countryId: 'CN3',
          isDoctor: u.role === 'RL3',
        })
        .returning();
      await tx.insert(userBranches).values(ids.map((branchId) => ({ clinicId: demo.clinic.id, userId: user!.id, branchId })));
    }
    return ids;
  });
  const other = await provisionClinic(db, {
    clinicName: 'riyadh',
    displayName: 'مجمع الرياض لطب الأسنان',
    countryId: 'CN2',
    currency: 'SAR',
    timeZone: 'Asia/Riyadh',
    subscriptionType: 'ST1',
    branchName: 'الفرع الرئيسي',
    owner: { userName: 'owner', email: 'owner@riyadh.test', fullName: 'د. فهد العتيبي', mobile: '+966500000001', password: DEMO_PASSWORD },
  });
  const records = DEMO_RECORD_STAGES.flatMap((stage) => demoRecordSeeders.filter((r) => r.stage === stage).map((r) => r.seed));
  for (const seed of [...demoSeeders, ...records]) {
    await seed(db, demo.clinic.id, branchIds, options);
    await seed(db, other.clinic.id, [other.branch.id], options);
  }
  await db.insert(providerAdmins).values({ email: DEMO_ADMIN.email, passwordHash: await hashPassword(DEMO_ADMIN.password) });
  return true;
}

export function demoCredentialsText(url: string) {
  const lines = [
    `Dentix is running at ${url}`,
    `Demo clinic name: demo   password for every demo user: ${DEMO_PASSWORD}`,
    ...DEMO_USERS.map((u) => `  ${u.role.padEnd(4)} ${u.email}`),
    `  LAB  ${DEMO_LAB_USER.email} (lab user of the first demo lab)`,
    `Second clinic: riyadh   owner@riyadh.test / ${DEMO_PASSWORD}`,
    `Provider console (RL0): ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
  ];
  return lines.join('\n');
}
