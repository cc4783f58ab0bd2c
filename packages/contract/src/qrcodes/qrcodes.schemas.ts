import { z } from 'zod';
import { id, optionalId, requiredEnum, requiredText } from '../common/schemas.js';
import { patientMobile } from '../patients/patient.schemas.js';

/**
 * A printable QR code of the clinic (docs/qrcodes-feedback.md). Each code opens the public page
 * /pages/QrCode/<token>/<purpose>: booking opens the clinic's booking page, checkin marks the patient's
 * appointment of today as arrived (by mobile), feedback opens the feedback form of the patient's visit of today
 * (by mobile), social opens the clinic's link.
 */
export const QR_PURPOSES = ['booking', 'feedback', 'checkin', 'social'] as const;
export type QrPurpose = (typeof QR_PURPOSES)[number];

/** A public token: `<clinic, base 36>.<random>.<signature>`, base64url characters only. */
export const publicToken = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(200, 'field_invalid')
  .regex(/^[A-Za-z0-9_.-]+$/, 'field_invalid');

export const qrCodeItem = z.object({
  id: z.number(),
  purpose: z.enum(QR_PURPOSES),
  label: z.string(),
  branchId: z.number().nullable(),
  branchName: z.string().nullable(),
  url: z.string().nullable(),
  isActive: z.boolean(),
  /** The page the printed code opens, relative to the app (`/pages/QrCode/<token>/<purpose>`). */
  path: z.string(),
  createdAt: z.string(),
});
export const qrCodesInput = z.object({ purpose: z.enum(QR_PURPOSES, { error: 'field_invalid' }).optional() });
export const qrCodesOutput = z.object({ items: z.array(qrCodeItem) });

const httpsUrl = z
  .string()
  .trim()
  .max(500, 'field_too_long')
  .refine((v) => {
    try {
      return ['https:', 'http:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'field_invalid');

/**
 * Creates a code (no id) or updates one. A social code needs its link (http or https); check-in and feedback
 * codes belong to a branch (the branch whose appointments they look up).
 */
export const saveQrCodeInput = z
  .object({
    id: optionalId,
    purpose: requiredEnum(QR_PURPOSES),
    label: requiredText(100),
    branchId: optionalId.nullable(),
    url: httpsUrl.optional().nullable(),
    isActive: z.boolean({ error: 'field_invalid' }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.purpose === 'social' && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'field_required' });
    if ((v.purpose === 'checkin' || v.purpose === 'feedback') && !v.branchId)
      ctx.addIssue({ code: 'custom', path: ['branchId'], message: 'field_required' });
  });

/** A scanned code, as the public page sends it: the token and purpose of its path, and the mobile the patient typed. */
export const scanQrCodeInput = z.object({
  qid: publicToken,
  type: z.enum(QR_PURPOSES, { error: 'field_invalid' }).optional(),
  mobile: patientMobile.optional(),
});
/**
 * What the page does next: open the booking page or the link, ask for the mobile (`needsMobile`), show that the
 * patient is checked in, or open the visit's feedback form.
 */
export const scanQrCodeOutput = z.object({
  action: z.enum(['open', 'needsMobile', 'checkedIn', 'feedback']),
  purpose: z.enum(QR_PURPOSES),
  path: z.string().nullable(),
  url: z.string().nullable(),
  startsAt: z.string().nullable(),
});
export const deleteQrCodeInput = z.object({ id });

export type QrCodeItem = z.infer<typeof qrCodeItem>;
export type SaveQrCodeInput = z.output<typeof saveQrCodeInput>;
export type ScanQrCodeInput = z.output<typeof scanQrCodeInput>;
export type ScanQrCodeOutput = z.infer<typeof scanQrCodeOutput>;
