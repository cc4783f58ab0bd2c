import type { QrCodeItem, QrPurpose, SaveQrCodeInput, ScanQrCodeInput, ScanQrCodeOutput } from '@dental/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { AppError, fail } from '../../platform/errors.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notifyRefreshTodayAppointments } from '../../platform/realtime/hub-events.js';
import { createFeedbackLinkFor } from '../feedback/index.js';
import { e164Mobile } from '../patients/index.js';
import { newPublicToken, publicTokenClinic } from '../../platform/public-token.js';
import { qrCodes } from './qrcodes.table.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The web app's public page a printed code opens. */
export const qrCodePath = (token: string, purpose: QrPurpose) => `/pages/QrCode/${token}/${purpose}`;

const byId = (clinicId: number, id: number) => and(eq(qrCodes.clinicId, clinicId), eq(qrCodes.id, id));

export async function getQrCodes(tx: Tx, session: ClinicSession, input: { purpose?: QrPurpose }): Promise<{ items: QrCodeItem[] }> {
  const rows = await tx
    .select({ code: qrCodes, branchName: branches.name })
    .from(qrCodes)
    .leftJoin(branches, and(eq(branches.clinicId, qrCodes.clinicId), eq(branches.id, qrCodes.branchId)))
    .where(and(eq(qrCodes.clinicId, session.clinicId), input.purpose ? eq(qrCodes.purpose, input.purpose) : undefined))
    .orderBy(asc(qrCodes.id));
  return {
    items: rows.map(({ code, branchName }) => ({
      id: code.id,
      purpose: code.purpose as QrPurpose,
      label: code.label,
      branchId: code.branchId,
      branchName: branchName ?? null,
      url: code.url,
      isActive: code.isActive,
      path: qrCodePath(code.token, code.purpose as QrPurpose),
      createdAt: code.createdAt.toISOString(),
    })),
  };
}

/** A branch of the clinic the user works in (403 BS15 for a branch outside theirs, 400 for one of no clinic's). */
function assertBranch(session: ClinicSession, branchId: number | null | undefined) {
  if (branchId == null) return;
  if (!session.clinicBranchIds.includes(branchId)) throw new AppError('validation', { branchId: 'field_invalid' });
  if (!session.allBranches && !session.branchIds.includes(branchId)) fail('BS15');
}

export async function saveQrCode(tx: Tx, session: ClinicSession, secret: string, input: SaveQrCodeInput) {
  assertBranch(session, input.branchId);
  const values = {
    purpose: input.purpose,
    label: input.label,
    branchId: input.branchId ?? null,
    url: input.purpose === 'social' ? (input.url ?? null) : null,
    isActive: input.isActive,
  };
  if (input.id) {
    const updated = await tx
      .update(qrCodes)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(session.clinicId, input.id))
      .returning({ id: qrCodes.id });
    if (!updated.length) fail('qr_code_not_found');
    return { id: input.id };
  }
  const [created] = await tx
    .insert(qrCodes)
    .values({ clinicId: session.clinicId, ...values, token: newPublicToken(secret, 'qr-codes', session.clinicId), createdBy: session.userId })
    .returning({ id: qrCodes.id });
  return { id: created!.id };
}

export async function deleteQrCode(tx: Tx, session: ClinicSession, id: number) {
  const deleted = await tx.delete(qrCodes).where(byId(session.clinicId, id)).returning({ id: qrCodes.id });
  if (!deleted.length) fail('qr_code_not_found');
  return { ok: true as const };
}

/**
 * QrCode/ScanQrCode: what a scanned code does. The token must be one of an active code of an active clinic (and the
 * path's purpose, when given, the code's): anything else is one 404 qr_code_invalid. Check-in and feedback need the
 * patient's mobile; they act only on today's appointment (in the clinic's time zone) of a patient with that mobile in
 * the code's branch, and say nothing about the patient beyond "done" or "no appointment".
 */
export async function scanQrCode(db: Db, secret: string, publicUrl: string, hub: Hub, input: ScanQrCodeInput): Promise<ScanQrCodeOutput> {
  const clinicId = publicTokenClinic(secret, 'qr-codes', input.qid);
  if (!clinicId) return fail('qr_code_invalid');
  return withTenant(db, clinicId, async (tx) => {
    const [row] = await tx
      .select({ code: qrCodes, clinicName: clinics.clinicName, timeZone: clinics.timeZone, countryId: clinics.countryId })
      .from(qrCodes)
      .innerJoin(clinics, eq(clinics.id, qrCodes.clinicId))
      .where(and(eq(qrCodes.clinicId, clinicId), eq(qrCodes.token, input.qid), eq(qrCodes.isActive, true), eq(clinics.isActive, true)));
    if (!row || (input.type && input.type !== row.code.purpose)) return fail('qr_code_invalid');
    const purpose = row.code.purpose as QrPurpose;
    const answer = (action: ScanQrCodeOutput['action'], more: Partial<ScanQrCodeOutput> = {}): ScanQrCodeOutput => ({
      action, purpose, path: null, url: null, startsAt: null, ...more,
    });
    if (purpose === 'booking') return answer('open', { path: `/book/${row.clinicName}` });
    if (purpose === 'social') return answer('open', { url: row.code.url });
    if (!input.mobile) return answer('needsMobile');
    // patients' mobiles are stored in E.164: the typed one is read the same way (local 010…, 0020…, +20…)
    const read = e164Mobile(input.mobile, row.countryId);
    if ('issue' in read) return fail('validation', { mobile: read.issue });
    const mobile = read.number;
    const today = sql`(a.starts_at at time zone ${row.timeZone})::date = (now() at time zone ${row.timeZone})::date`;
    if (purpose === 'checkin') {
      const checked = rowsOf<{ startsAt: string | Date }>(await tx.execute(sql`
        update appointments a set status = 'AS3', check_in_at = now(), status_updated_at = now(), version = a.version + 1, updated_at = now()
        where a.clinic_id = ${clinicId} and a.id = (
          select a.id from appointments a join patients p on p.clinic_id = a.clinic_id and p.id = a.patient_id
          where a.clinic_id = ${clinicId} and a.branch_id = ${row.code.branchId} and a.status in ('AS1', 'AS2')
            and p.mobile = ${mobile} and p.deleted_at is null and ${today}
          order by a.starts_at limit 1 for update of a)
        returning a.starts_at as "startsAt"`));
      if (!checked.length) return fail('qr_no_appointment_today');
      await notifyRefreshTodayAppointments(hub, clinicId, row.code.branchId, tx);
      return answer('checkedIn', { startsAt: new Date(checked[0]!.startsAt).toISOString() });
    }
    const visits = rowsOf<{ id: number | string }>(await tx.execute(sql`
      select a.id from appointments a join patients p on p.clinic_id = a.clinic_id and p.id = a.patient_id
      where a.clinic_id = ${clinicId} and a.branch_id = ${row.code.branchId} and a.status = 'AS7'
        and p.mobile = ${mobile} and p.deleted_at is null and ${today}
        and not exists (select 1 from feedback_responses r where r.clinic_id = a.clinic_id and r.appointment_id = a.id)
      order by a.starts_at desc limit 1`));
    if (!visits.length) return fail('qr_no_visit_today');
    const link = await createFeedbackLinkFor(tx, clinicId, Number(visits[0]!.id), null, secret, publicUrl);
    return answer('feedback', { path: link.path });
  });
}
