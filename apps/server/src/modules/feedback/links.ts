import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { newPublicToken, tokenHash } from '../../platform/public-token.js';

/** The web app's public feedback page. */
export const FEEDBACK_PAGE_PATH = '/feedback/';

/** A new feedback link of a visit (the caller has checked the visit is checked out); only its hash is stored. */
export async function createFeedbackLinkFor(tx: Tx, clinicId: number, appointmentId: number, userId: number | null, secret: string, publicUrl: string) {
  const token = newPublicToken(secret, 'feedback-links', clinicId);
  await tx.execute(sql`insert into feedback_links (clinic_id, appointment_id, token_hash, created_by)
    values (${clinicId}, ${appointmentId}, ${tokenHash(token)}, ${userId})`);
  const path = `${FEEDBACK_PAGE_PATH}${token}`;
  return { token, path, url: `${publicUrl.replace(/\/+$/, '')}${path}` };
}
