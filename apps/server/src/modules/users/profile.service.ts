import { type ChangePasswordInput, type Language, type Theme, type ToothNumbering, uploadImageInput } from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { pushSubscriptions, users } from '../../platform/auth/identity.table.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { signToken } from '../../platform/auth/tokens.js';
import { checkAccess } from '../../platform/calls.js';
import type { Config } from '../../platform/config.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { fileUrl, storeImage } from '../../platform/files/images.js';
import { readMultipart } from '../../platform/files/multipart.js';
import { assertMayActOn, findUser } from './user-guards.js';
import { photoUrls } from './users.service.js';

/* One's own account: password, language, theme, photo and push subscriptions. */

const own = (session: ClinicSession) => and(eq(users.clinicId, session.clinicId), eq(users.id, session.userId));

/**
 * Changes the caller's password after checking the current one (400 password_wrong on that field). Every session
 * of the user ends (token version + 1); the answer is a new token so the tab that asked stays logged in.
 */
export async function changePassword(tx: Tx, session: ClinicSession, config: Config, input: ChangePasswordInput) {
  if (!(await verifyPassword(session.user.passwordHash, input.currentPassword)))
    fail('password_wrong', { currentPassword: 'password_wrong' });
  const version = session.user.tokenVersion + 1;
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), tokenVersion: version, updatedAt: new Date() })
    .where(own(session));
  const { token, expiresAt } = signToken(
    { kind: 'clinic', sub: session.userId, cid: session.clinicId, ver: version },
    config.TOKEN_SECRET,
    config.TOKEN_TTL_HOURS,
  );
  return { token, expiredTokenDate: expiresAt.toISOString() };
}

export async function setLanguage(tx: Tx, session: ClinicSession, language: Language) {
  await tx.update(users).set({ language, updatedAt: new Date() }).where(own(session));
  return { ok: true as const };
}

export async function setTheme(tx: Tx, session: ClinicSession, theme: Theme) {
  await tx.update(users).set({ theme, updatedAt: new Date() }).where(own(session));
  return { ok: true as const };
}

export async function setToothNumbering(tx: Tx, session: ClinicSession, toothNumberingSystem: ToothNumbering) {
  await tx.update(users).set({ toothNumberingSystem, updatedAt: new Date() }).where(own(session));
  return { ok: true as const };
}

/** The store key behind one of our file URLs, if it is a photo of this clinic's users. */
const photoKey = (clinicId: number, url: string | null) => {
  const key = url?.replace(/^\/api\/files\//, '');
  return key && key !== url && key.startsWith(`clinics/${clinicId}/users/`) ? key : null;
};

/**
 * UploadImage (multipart: userId, formFile): one's own photo, or another user's with user_edit. The image is
 * checked by content (jpg/jfif, png, gif, svg), stored with a 200×200 thumbnail; the previous files are removed.
 */
export async function uploadPhoto(
  tx: Tx,
  session: ClinicSession,
  req: FastifyRequest,
  deps: { files: FileStore; config: Config },
) {
  const body = await readMultipart(req, deps.config.MAX_UPLOAD_MB * 1024 * 1024);
  const { userId } = uploadImageInput.parse(body.fields);
  if (userId !== session.userId) checkAccess(session, { permissions: ['user_edit'], tier: 'ST0' });
  const target = await findUser(tx, session.clinicId, userId);
  assertMayActOn(session, target);
  const file = body.files.formFile;
  if (!file?.length) return fail('validation', { formFile: 'field_required' });
  const stored = await storeImage(deps.files, session.clinicId, 'users', file);
  const urls = { url: fileUrl(stored.key)!, thumbnailUrl: fileUrl(stored.thumbnailKey)! };
  const photoJson = JSON.stringify(urls);
  await tx
    .update(users)
    .set({ photoJson, updatedAt: new Date() })
    .where(and(eq(users.clinicId, session.clinicId), eq(users.id, target.id)));
  const old = photoUrls(target.photoJson);
  for (const key of [photoKey(session.clinicId, old.url), photoKey(session.clinicId, old.thumbnailUrl)])
    if (key) await deps.files.remove(key).catch(() => undefined);
  return { photoJson, ...urls };
}

/**
 * Stores a push subscription of the caller's device. A token is one device: if another user of the clinic had it
 * (a shared computer), it now belongs to the caller. `userId`, when sent, must be the caller.
 */
export async function saveFcmToken(tx: Tx, session: ClinicSession, token: string, userId?: number) {
  if (userId && userId !== session.userId) fail('action_not_allowed', { userId: 'action_not_allowed' });
  await tx
    .insert(pushSubscriptions)
    .values({ clinicId: session.clinicId, userId: session.userId, token })
    .onConflictDoUpdate({
      target: [pushSubscriptions.clinicId, pushSubscriptions.token],
      set: { userId: session.userId, createdAt: new Date() },
    });
  await tx
    .update(users)
    .set({ fcmToken: null })
    .where(and(eq(users.clinicId, session.clinicId), eq(users.fcmToken, token), sql`${users.id} <> ${session.userId}`));
  await tx.update(users).set({ fcmToken: token }).where(own(session));
  return { ok: true as const };
}

export async function deleteFcmToken(tx: Tx, session: ClinicSession, token: string) {
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.clinicId, session.clinicId),
        eq(pushSubscriptions.userId, session.userId),
        eq(pushSubscriptions.token, token),
      ),
    );
  await tx
    .update(users)
    .set({ fcmToken: null })
    .where(and(own(session), eq(users.fcmToken, token)));
  return { ok: true as const };
}
