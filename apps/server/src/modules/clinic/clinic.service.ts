import type { BookingType, ClinicDetail, Country, SaveClinicInput, Tier, ToothNumbering } from '@dental/contract';
import { eq } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { clinics } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError, fail, isUniqueViolation } from '../../platform/errors.js';
import { storedMobile } from '../../platform/phone.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { type StoredImage, fileUrl, storeImage } from '../../platform/files/images.js';

type ClinicRow = typeof clinics.$inferSelect;

export const toClinicDetail = (row: ClinicRow): ClinicDetail => ({
  id: row.id,
  clinicName: row.clinicName,
  displayName: row.displayName,
  address: row.address,
  city: row.city,
  mobile: row.mobile,
  msgNumber: row.msgNumber,
  vatPercentage: row.vatPercentage,
  commercialRegistrationNo: row.commercialRegistrationNo,
  taxNo: row.taxNo,
  toothNumberingSystem: row.toothNumberingSystem as ToothNumbering,
  addAppointmentOnProcedureCreate: row.addAppointmentOnProcedureCreate,
  autoUpdateAppointmentToMissed: row.autoUpdateAppointmentToMissed,
  allowDragAndDropInCalendar: row.allowDragAndDropInCalendar,
  allowResizingInCalendar: row.allowResizingInCalendar,
  showProcedureMaterialsPopup: row.showProcedureMaterialsPopup,
  checkPatientInsuranceLimit: row.checkPatientInsuranceLimit,
  showMessagePopup: row.showMessagePopup,
  autoApprovePatient: row.autoApprovePatient,
  allowOverlappingAppointments: row.allowOverlappingAppointments,
  appointmentBookingType: row.appointmentBookingType as BookingType,
  appointmentBookingInterval: row.appointmentBookingInterval,
  appointmentBookingGapDays: row.appointmentBookingGapDays,
  appointmentBookingDays: row.appointmentBookingDays,
  appointmentBookingTimeStart: row.appointmentBookingTimeStart,
  appointmentBookingTimeEnd: row.appointmentBookingTimeEnd,
  maxBookingsPerDay: row.maxBookingsPerDay,
  maxAttendanceDistance: row.maxAttendanceDistance,
  website: row.website,
  facebook: row.facebook,
  twitter: row.twitter,
  instagram: row.instagram,
  whatsapp: row.whatsapp,
  tiktok: row.tiktok,
  youTube: row.youTube,
  snapchat: row.snapchat,
  video: row.video,
  logoUrl: fileUrl(row.logoKey),
  countryId: row.countryId as Country,
  currency: row.currency,
  timeZone: row.timeZone,
  subscriptionType: row.subscriptionType as Tier,
  updateUserId: row.updateUserId,
  updatedAt: row.updatedAt.toISOString(),
});

async function clinicRow(tx: Tx, clinicId: number): Promise<ClinicRow> {
  const [row] = await tx.select().from(clinics).where(eq(clinics.id, clinicId));
  return row ?? fail('clinic_not_found');
}

export async function getClinic(tx: Tx, clinicId: number): Promise<ClinicDetail> {
  return toClinicDetail(await clinicRow(tx, clinicId));
}

const PROBE_DONE = Symbol('probe done');

/**
 * Whether another clinic uses this name, ignoring case. Row-level security hides every other clinic's row from a
 * clinic's request, so the question goes to the unique index itself: the name is written to the caller's own row
 * inside a savepoint that is always rolled back, and a unique violation means another clinic holds it. The
 * caller's own name (in any case) is therefore free.
 */
export async function clinicNameTaken(tx: Tx, clinicId: number, clinicName: string): Promise<boolean> {
  try {
    await tx.transaction(async (probe) => {
      await probe.update(clinics).set({ clinicName }).where(eq(clinics.id, clinicId));
      throw PROBE_DONE;
    });
  } catch (err) {
    if (err === PROBE_DONE) return false;
    if (isUniqueViolation(err)) return true;
    throw err;
  }
  return false;
}

export async function checkClinicName(tx: Tx, clinicId: number, clinicName: string) {
  return { available: !(await clinicNameTaken(tx, clinicId, clinicName)) };
}

/** Optional texts of the form: empty or left out is stored as null. */
const OPTIONAL_TEXTS = [
  'address',
  'city',
  'mobile',
  'msgNumber',
  'commercialRegistrationNo',
  'taxNo',
  'website',
  'facebook',
  'twitter',
  'instagram',
  'whatsapp',
  'tiktok',
  'youTube',
  'snapchat',
  'video',
] as const satisfies readonly (keyof SaveClinicInput)[];

/** The thumbnail storeImage made beside an image ("….png" → "…-thumb.webp"). */
const thumbnailOf = (key: string) => key.replace(/\.[a-z0-9]+$/i, '-thumb.webp');

async function removeImage(files: FileStore, key: string) {
  await Promise.allSettled([files.remove(key), files.remove(thumbnailOf(key))]);
}

/** Stores a new logo, checked by content; a refusal names the `logo` field. */
async function storeLogo(files: FileStore, clinicId: number, data: Buffer): Promise<StoredImage> {
  try {
    return await storeImage(files, clinicId, 'logos', data);
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_image_type')
      throw new AppError('invalid_image_type', { logo: 'invalid_image_type' });
    throw err;
  }
}

/**
 * Saves the caller's clinic: every field of the form, the new logo if one came (or none with removeLogo), and
 * who changed it. The tier, active flag and id are never written (the app role may not). A name another clinic
 * uses is refused with 409 clinic_name_exists on the field.
 */
export async function saveClinic(
  tx: Tx,
  session: ClinicSession,
  input: SaveClinicInput,
  logo: Buffer | undefined,
  files: FileStore,
): Promise<ClinicDetail> {
  const clinicId = session.clinicId;
  const before = await clinicRow(tx, clinicId);
  if (await clinicNameTaken(tx, clinicId, input.clinicName))
    fail('clinic_name_exists', { clinicName: 'clinic_name_exists' });
  const { removeLogo, ...typed } = input;
  // the clinic's contact and messaging numbers read against its country and stored in E.164 (issue 18)
  const number = (value: string | undefined, field: 'mobile' | 'msgNumber') =>
    value ? storedMobile(value, before.countryId, 'phone', field) : undefined;
  const fields = { ...typed, mobile: number(typed.mobile, 'mobile'), msgNumber: number(typed.msgNumber, 'msgNumber') };
  const stored = logo ? await storeLogo(files, clinicId, logo) : undefined;
  const logoKey = stored ? stored.key : removeLogo ? null : before.logoKey;
  let saved: ClinicRow;
  try {
    [saved] = (await tx
      .update(clinics)
      .set({
        ...fields,
        ...Object.fromEntries(OPTIONAL_TEXTS.map((k) => [k, fields[k] || null])),
        logoKey,
        updateUserId: session.userId,
        updatedAt: new Date(),
      })
      .where(eq(clinics.id, clinicId))
      .returning()) as [ClinicRow];
  } catch (err) {
    if (stored) await removeImage(files, stored.key);
    if (isUniqueViolation(err)) fail('clinic_name_exists', { clinicName: 'clinic_name_exists' });
    throw err;
  }
  if (before.logoKey && before.logoKey !== logoKey) await removeImage(files, before.logoKey);
  return toClinicDetail(saved);
}
