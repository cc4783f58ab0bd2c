import type { ActiveUser, Country, Language, Theme, ToothNumbering } from '@dental/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/types.js';
import { AppError } from '../errors.js';
import { e164Mobile } from '../phone.js';
import { branches, clinics, passwordResets, users } from './identity.table.js';
import { hashPassword, secretHash } from './passwords.js';
import type { ClinicSession } from './session.js';

/** Lower-case; a phone number typed with spaces, dashes or brackets loses them. E-mails and user names keep dashes. */
export function normalizeLogin(login: string): string {
  const value = login.trim().toLowerCase();
  return /^\+?[\d\s()-]+$/.test(value) ? value.replace(/[\s()-]/g, '') : value;
}

/**
 * What a typed login stands for in a clinic of `clinicCountry`: `normalizeLogin`, and for what reads as a phone
 * number its E.164 form too (users' mobiles are stored E.164, issue 18), read against the clinic's country as
 * mobiles are saved (`e164Mobile`): "010 1234 5678" in an Egyptian clinic is +201012345678; + and 00 forms carry
 * their own country. `key` is the one form the login's attempts are counted under, so the national and international
 * spellings of one mobile share a count.
 */
export function readLogin(login: string, clinicCountry: string): { value: string; mobile: string | null; key: string } {
  const value = normalizeLogin(login);
  if (!/^\+?\d+$/.test(value)) return { value, mobile: null, key: value };
  const read = e164Mobile(value, clinicCountry);
  const mobile = 'number' in read ? read.number : null;
  return { value, mobile, key: mobile ?? value };
}

/** The account key a login's attempts are counted under: the clinic name as typed and the login as `readLogin` keys it. */
export function loginAccountKey(clinicName: string, login: string, clinicCountry: string | undefined): string {
  return `${clinicName.trim().toLowerCase()}:${readLogin(login, clinicCountry ?? 'CN3').key}`;
}

/**
 * The user a login name points at: e-mail, user name or mobile (as stored, or typed in the clinic's national form),
 * case-insensitive. A login that points at two users (a user name of digits that is another user's mobile) points
 * at none: the caller answers it as an unknown login.
 */
export async function findUserByLogin(tx: Tx, clinic: { id: number; countryId: string }, login: string) {
  const { value, mobile } = readLogin(login, clinic.countryId);
  const found = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.clinicId, clinic.id),
        isNull(users.deletedAt),
        or(
          sql`lower(${users.email}) = ${value}`,
          sql`lower(${users.userName}) = ${value}`,
          eq(users.mobile, value),
          mobile && mobile !== value ? eq(users.mobile, mobile) : undefined,
        ),
      ),
    )
    .limit(2);
  return found.length === 1 ? found[0] : undefined;
}

export async function findClinicByName(tx: Pick<Tx, 'select'>, name: string) {
  const [clinic] = await tx.select().from(clinics).where(sql`lower(${clinics.clinicName}) = ${name.trim().toLowerCase()}`);
  return clinic;
}

/** Spec §3 active user, from a loaded session. */
export function toActiveUser(s: ClinicSession): ActiveUser {
  const { user, clinic } = s;
  return {
    userId: user.id,
    clinicId: clinic.id,
    clinicName: clinic.clinicName,
    clinicDisplayName: clinic.displayName,
    branchId: s.branchId,
    displayName: user.displayName,
    fullName: user.fullName,
    emailAddress: user.email,
    mobile: user.mobile,
    countryId: (user.countryId as Country | null) ?? null,
    clinicCountryId: clinic.countryId as Country,
    subscriptionType: s.tier,
    permissions: [...s.permissions].sort(),
    showMessagePopup: clinic.showMessagePopup,
    userLanguage: user.language as Language,
    language: user.language as Language,
    theme: user.theme as Theme,
    userRole: s.userRole,
    roleId: s.roleId,
    fcmToken: user.fcmToken,
    photoJson: user.photoJson,
    toothNumberingSystem: (user.toothNumberingSystem ?? clinic.toothNumberingSystem) as ToothNumbering,
    workingHours: user.workingHours,
    timeZone: clinic.timeZone,
    currency: clinic.currency,
  };
}

export async function branchesOf(tx: Tx, s: ClinicSession) {
  const rows = await tx.select().from(branches).where(eq(branches.clinicId, s.clinicId)).orderBy(branches.id);
  return rows.filter((b) => s.branchIds.includes(b.id)).map((b) => ({ branchId: b.id, name: b.name, mobile: b.mobile }));
}

/** Stores a one-time secret; returns nothing (the caller mails or shows the secret). */
export async function storeResetSecret(tx: Tx, clinicId: number, userId: number, kind: 'link' | 'admin', secret: string, hours: number) {
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  await tx.insert(passwordResets).values({ clinicId, userId, kind, secretHash: secretHash(secret), expiresAt });
  return expiresAt;
}

/** Consumes a one-time secret and sets the new password; every older session of the user ends. */
export async function consumeResetSecret(tx: Tx, clinicId: number, kind: 'link' | 'admin', secret: string, password: string, userId?: number) {
  const [reset] = await tx
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.clinicId, clinicId),
        eq(passwordResets.kind, kind),
        eq(passwordResets.secretHash, secretHash(secret)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        userId ? eq(passwordResets.userId, userId) : undefined,
      ),
    );
  if (!reset) throw new AppError('incorrect_code');
  await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.clinicId, clinicId), eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.clinicId, clinicId), eq(users.id, reset.userId)));
}
