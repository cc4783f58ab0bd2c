import { authCalls, type Language } from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerProviderCall, registerPublicCall } from '../calls.js';
import { withTenant } from '../db/tenancy.js';
import { AppError } from '../errors.js';
import {
  branchesOf, consumeResetSecret, findClinicByName, findUserByLogin, loginAccountKey, storeResetSecret, toActiveUser,
} from './auth.service.js';
import { providerAdmins, users } from './identity.table.js';
import { attemptLimiter, loginLimiter } from './login-limit.js';
import { hashPassword, newSecret, verifyPassword } from './passwords.js';
import { loadClinicSession } from './session.js';
import { signToken } from './tokens.js';

const RESET_MAIL: Record<Language, (link: string) => { subject: string; body: string }> = {
  ar: (link) => ({ subject: 'إعادة تعيين كلمة المرور', body: `لإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة:\n${link}` }),
  en: (link) => ({ subject: 'Reset your password', body: `To reset your password open this link within one hour:\n${link}` }),
  fr: (link) => ({ subject: 'Réinitialiser votre mot de passe', body: `Pour réinitialiser votre mot de passe, ouvrez ce lien dans l'heure :\n${link}` }),
};

export function registerAuthRoutes(app: FastifyInstance) {
  const { config, database } = app.deps;
  const limiter = loginLimiter(database.db, config);
  const resetMails = attemptLimiter(database.db, config.LOGIN_WINDOW_MINUTES);

  registerPublicCall(app, authCalls.login, async ({ req, db }, input) => {
    // the clinic first: its country reads a mobile typed in the national form (and keys its attempts, readLogin)
    const clinic = await findClinicByName(db, input.clinicName);
    const accountKey = loginAccountKey(input.clinicName, input.Email, clinic?.countryId);
    const attempt = await limiter.begin(accountKey, req.ip);
    const user = clinic ? await withTenant(db, clinic.id, (tx) => findUserByLogin(tx, clinic, input.Email)) : undefined;
    // an unknown clinic or user is checked against a dummy hash: it answers in the time a wrong password does
    if (!(await verifyPassword(user?.passwordHash, input.Password)) || !clinic || !user) throw new AppError('invalid_credential');
    if (!clinic.isActive || !user.isActive) {
      await limiter.release(attempt);
      throw new AppError('account_not_active');
    }
    await limiter.succeed(accountKey, attempt);
    const { token, expiresAt } = signToken({ kind: 'clinic', sub: user.id, cid: clinic.id, ver: user.tokenVersion }, config.TOKEN_SECRET, config.TOKEN_TTL_HOURS);
    const objectData = await withTenant(db, clinic.id, async (tx) =>
      toActiveUser(await loadClinicSession(tx, { kind: 'clinic', sub: user.id, cid: clinic.id, ver: user.tokenVersion, exp: 0 }, {})),
    );
    return { token, expiredTokenDate: expiresAt.toISOString(), objectData };
  });

  // The same answer whether or not the account exists (no account enumeration); every request counts, per account
  // typed and per client address, since each one may send a mail.
  registerPublicCall(app, authCalls.forgetPassword, async ({ req, db, lang, deps }, input) => {
    const clinic = await findClinicByName(db, input.clinicName);
    await resetMails.take([
      { key: `forget-acct:${loginAccountKey(input.clinicName, input.email, clinic?.countryId)}`, max: config.FORGET_PASSWORD_MAX_PER_ACCOUNT },
      { key: `forget-ip:${req.ip}`, max: config.FORGET_PASSWORD_MAX_PER_ADDRESS },
    ]);
    const found = clinic
      ? await withTenant(db, clinic.id, async (tx) => {
          const user = await findUserByLogin(tx, clinic, input.email);
          if (!user || !user.isActive) return null;
          const secret = newSecret();
          await storeResetSecret(tx, clinic.id, user.id, 'link', secret, 1);
          return { user, token: `${clinic.id}.${secret}` };
        })
      : null;
    if (found) {
      const link = `${config.PUBLIC_URL}/user/ResetPasswordByUser/${encodeURIComponent(found.token)}`;
      const mail = RESET_MAIL[(found.user.language as Language) ?? lang](link);
      // not awaited: with a mail server the send takes a round trip, and a registered e-mail must not answer later
      deps.mailer.send({ to: found.user.email, ...mail }).catch((err: unknown) => req.log.error({ err }, 'password reset mail failed'));
    }
    return { ok: true as const };
  });

  registerPublicCall(app, authCalls.resetPasswordByUser, async ({ db }, input) => {
    const [cid, secret] = input.token.split('.');
    const clinicId = /^[1-9]\d*$/.test(cid ?? '') ? Number(cid) : NaN; // digits only: no '1e3', '0x10'
    if (!Number.isSafeInteger(clinicId) || !secret) throw new AppError('incorrect_code'); // a huge id is not a 500
    await withTenant(db, clinicId, (tx) => consumeResetSecret(tx, clinicId, 'link', secret, input.password));
    return { ok: true as const };
  });

  registerPublicCall(app, authCalls.resetPasswordByAdmin, async ({ req, db }, input) => {
    const clinic = await findClinicByName(db, input.clinicName);
    const accountKey = `reset:${loginAccountKey(input.clinicName, input.userName, clinic?.countryId)}`;
    const attempt = await limiter.begin(accountKey, req.ip);
    try {
      if (!clinic) throw new AppError('incorrect_code');
      await withTenant(db, clinic.id, async (tx) => {
        const user = await findUserByLogin(tx, clinic, input.userName);
        if (!user) throw new AppError('incorrect_code');
        await consumeResetSecret(tx, clinic.id, 'admin', input.code.trim(), input.password, user.id);
      });
    } catch (err) {
      if (!(err instanceof AppError)) await limiter.release(attempt); // a failure of ours is not a wrong code
      throw err;
    }
    await limiter.release(attempt);
    return { ok: true as const };
  });

  registerCall(app, authCalls.issueResetCode, async ({ tx, session }, input) => {
    const [target] = await tx.select().from(users).where(and(eq(users.clinicId, session.clinicId), eq(users.id, input.userId)));
    if (!target) throw new AppError('user_not_found');
    const targetRole = await loadClinicSession(tx, { kind: 'clinic', sub: target.id, cid: session.clinicId, ver: target.tokenVersion, exp: 0 }, {});
    if (targetRole.userRole === 'RL1' && session.userRole !== 'RL1') throw new AppError('action_not_allowed');
    const code = newSecret().slice(0, 10);
    const expiresAt = await storeResetSecret(tx, session.clinicId, target.id, 'admin', code, 24);
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.clinicId, session.clinicId), eq(users.id, target.id)));
    return { code, expiresAt: expiresAt.toISOString() };
  });

  registerCall(app, authCalls.refreshCurrentUser, async ({ session }) => toActiveUser(session));
  registerCall(app, authCalls.getClinicBranches, async ({ tx, session }) => ({ items: await branchesOf(tx, session) }));

  registerPublicCall(app, authCalls.adminLogin, async ({ req, db }, input) => {
    const accountKey = `provider:${input.Email}`;
    const attempt = await limiter.begin(accountKey, req.ip);
    const [admin] = await db.select().from(providerAdmins).where(eq(providerAdmins.email, input.Email));
    if (!(await verifyPassword(admin?.passwordHash, input.Password)) || !admin) throw new AppError('invalid_credential');
    await limiter.succeed(accountKey, attempt);
    const { token, expiresAt } = signToken({ kind: 'provider', sub: admin.id, ver: admin.tokenVersion }, config.TOKEN_SECRET, config.TOKEN_TTL_HOURS);
    return { token, expiredTokenDate: expiresAt.toISOString(), objectData: { adminId: admin.id, email: admin.email, userRole: 'RL0' as const } };
  });

  registerProviderCall(app, authCalls.adminRegisterUser, async ({ db }, input) => {
    const [existing] = await db.select({ id: providerAdmins.id }).from(providerAdmins).where(eq(providerAdmins.email, input.email));
    if (existing) throw new AppError('email_used');
    const [admin] = await db.insert(providerAdmins).values({ email: input.email, passwordHash: await hashPassword(input.password) }).returning();
    return { adminId: admin!.id };
  });
}

