import type { PublicPrescription } from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files/images.js';
import { newPublicToken, publicTokenClinic, tokenHash } from '../../platform/public-token.js';
import { getDefaultPrintSettings } from '../print/index.js';
import { PRESCRIPTION_LINES, readLines, rowsOf } from './drug-lines.js';
import { findPrescription } from './prescriptions.service.js';

/*
 * Public links to a published prescription (docs/prescriptions.md "Public link"): a signed public token of the use
 * 'prescription-links' (platform/public-token.ts). Only its hash is stored; revoking a link sets revoked_at/by.
 */

/** The web app's page that shows a public prescription. */
export const PUBLIC_PRESCRIPTION_PATH = '/rx/';

const USE = 'prescription-links';

/** Prescription/CreatePublicLink: a new link to a published prescription (409 prescription_not_published for a draft). */
export async function createPublicLink(tx: Tx, session: ClinicSession, secret: string, publicUrl: string, id: number) {
  const row = await findPrescription(tx, session, id);
  if (row.status !== 'published') fail('prescription_not_published');
  const token = newPublicToken(secret, USE, session.clinicId);
  const [link] = rowsOf<{ createdAt: string }>(
    await tx.execute(sql`insert into prescription_links (clinic_id, prescription_id, token_hash, created_by)
      values (${session.clinicId}, ${id}, ${tokenHash(token)}, ${session.userId}) returning created_at as "createdAt"`),
  );
  const path = `${PUBLIC_PRESCRIPTION_PATH}${token}`;
  return { token, path, url: `${publicUrl.replace(/\/+$/, '')}${path}`, createdAt: new Date(link!.createdAt).toISOString() };
}

/** Prescription/RevokePublicLink: every open link of the prescription stops working. */
export async function revokePublicLinks(tx: Tx, session: ClinicSession, id: number) {
  await findPrescription(tx, session, id, true);
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`update prescription_links set revoked_at = now(), revoked_by = ${session.userId}
      where clinic_id = ${session.clinicId} and prescription_id = ${id} and revoked_at is null returning id`),
  );
  return { revoked: rows.length };
}

/**
 * Prescription/GetPublicPrescription: the prescription of an open link, of an active clinic, only what its print shows
 * the patient. Anything else (a made-up, altered or revoked token, a deleted prescription): 404 prescription_link_invalid.
 */
export async function getPublicPrescription(db: Db, secret: string, token: string): Promise<PublicPrescription> {
  const clinicId = publicTokenClinic(secret, USE, token);
  if (!clinicId) return fail('prescription_link_invalid');
  return withTenant(db, clinicId, async (tx) => {
    const [r] = rowsOf<Omit<PublicPrescription, 'drugs'> & { id: number; address: string | null; city: string | null; clinicMobile: string | null; logoKey: string | null }>(
      await tx.execute(sql`select r.id, c.display_name as "clinicName", b.name as "branchName", c.address, c.city,
          b.mobile as "branchPhone", c.mobile as "clinicMobile", c.logo_key as "logoKey", d.display_name as "doctorName", p.name as "patientName",
          to_char(r.date, 'YYYY-MM-DD') as date
        from prescription_links k
        join prescriptions r on r.clinic_id = k.clinic_id and r.id = k.prescription_id
        join clinics c on c.id = r.clinic_id
        join branches b on b.clinic_id = r.clinic_id and b.id = r.branch_id
        join users d on d.clinic_id = r.clinic_id and d.id = r.doctor_id
        join patients p on p.clinic_id = r.clinic_id and p.id = r.patient_id
        where k.clinic_id = ${clinicId} and k.token_hash = ${tokenHash(token)} and k.revoked_at is null
          and r.status = 'published' and c.is_active and p.deleted_at is null`),
    );
    if (!r) return fail('prescription_link_invalid');
    const drugs = await readLines(tx, PRESCRIPTION_LINES, clinicId, Number(r.id));
    // the clinic's default prescription settings (only the clinic id of a session is read), cut to what prints
    const settings = await getDefaultPrintSettings(tx, { clinicId } as ClinicSession, 'prescription');
    const { pageSize, marginTop, marginRight, marginBottom, marginLeft, fontSize, titleFontSize, headerText, footerText, show } = settings;
    return {
      clinicName: r.clinicName,
      branchName: r.branchName,
      branchAddress: [r.address, r.city].filter(Boolean).join('، ') || null,
      branchPhone: r.branchPhone ?? r.clinicMobile,
      doctorName: r.doctorName,
      patientName: r.patientName,
      date: r.date,
      drugs: drugs.map(({ id: _id, productId: _productId, ...line }) => line),
      print: { pageSize, marginTop, marginRight, marginBottom, marginLeft, fontSize, titleFontSize, headerText, footerText, show },
      logoUrl: show.logo && r.logoKey ? fileUrl(r.logoKey) : null,
    };
  });
}
