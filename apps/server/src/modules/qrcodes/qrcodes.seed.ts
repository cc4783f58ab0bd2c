import { sql } from 'drizzle-orm';
import type { DemoOptions } from '../../db/demo-data.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { newPublicToken } from '../../platform/public-token.js';
import { qrCodes } from './qrcodes.table.js';

/**
 * The demo QR codes (docs/qrcodes-feedback.md): the booking page, check-in and feedback at the reception of the first
 * branch, and a social link. A printed code is read by patients of any language, so each label carries the three
 * (Arabic first). Codes are signed tokens: without the server's TOKEN_SECRET (`seedDemo(db, { tokenSecret })`, as
 * main.ts passes it) none is made, since a token signed with any other key would be refused when scanned. Once: nothing
 * if the clinic has codes.
 */
/** One label in the three languages, each part isolated (FSI … PDI) so an Arabic page and a French one both read them in order. */
const trilingual = (ar: string, en: string, fr: string) => [ar, en, fr].map((part) => `\u2068${part}\u2069`).join(' · ');

export const DEMO_QR_CODES = [
  { purpose: 'booking', label: trilingual('احجز موعدك', 'Book a visit', 'Prendre rendez-vous'), branch: false, url: null },
  { purpose: 'checkin', label: trilingual('تسجيل الوصول', 'Check in', 'Enregistrer votre arrivée'), branch: true, url: null },
  { purpose: 'feedback', label: trilingual('رأيك يهمنا', 'Your feedback', 'Votre avis'), branch: true, url: null },
  { purpose: 'social', label: trilingual('تابعونا', 'Follow us', 'Suivez-nous'), branch: false, url: 'https://social.example.com/smile-dental' },
] as const;

export async function seedDemoQrCodes(db: Db, clinicId: number, branchIds: number[], options: DemoOptions) {
  const secret = options.tokenSecret;
  if (!secret) return;
  await withTenant(db, clinicId, async (tx) => {
    if ((await tx.$count(qrCodes, sql`${qrCodes.clinicId} = ${clinicId}`)) > 0) return;
    await tx.insert(qrCodes).values(
      DEMO_QR_CODES.map((c) => ({
        clinicId,
        purpose: c.purpose,
        label: c.label,
        branchId: c.branch ? (branchIds[0] ?? null) : null,
        url: c.url,
        token: newPublicToken(secret, 'qr-codes', clinicId),
      })),
    );
  });
}
