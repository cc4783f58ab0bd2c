import { z } from 'zod';
import { parsePercentage } from '../common/decimal-text.js';
import { COUNTRIES, TIERS, TOOTH_NUMBERING } from '../enums.js';
import { clinicLoginName, optionalText, requiredEnum, requiredText } from '../common/schemas.js';

/*
 * The clinic's own settings (spec §3 Clinic): names, contact and tax details, behaviour flags, online booking,
 * social links and logo. A clinic edits only its own row; its tier, active flag, country, currency and time
 * zone are the provider's (they are read here, never written).
 */

/** A missing value reads "required", anything else wrong reads `invalid`. */
const requiredOr =
  (invalid: 'field_invalid' | 'vat_percentage_invalid' | 'booking_interval_invalid' = 'field_invalid') =>
  (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? 'field_required' : invalid;

/** An optional phone number: spaces, dashes, dots and brackets dropped, then an optional + and 6-19 digits. */
export const clinicPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s\-().]/g, '') || undefined : (v ?? undefined)),
  z
    .string({ error: 'phone_invalid' })
    .max(20, 'phone_invalid')
    .regex(/^\+?\d{6,19}$/, 'phone_invalid')
    .optional(),
);

/**
 * A VAT percentage, 0 to 100 with at most 2 decimals, given as text ("15", "14.5") or as a JSON number; it stays
 * decimal text from end to end ("14.50"), never a float (common/decimal-text.ts).
 */
export const parseVatPercentage = parsePercentage;
export const clinicVatPercentage = z
  .union([z.string(), z.number()], { error: requiredOr('vat_percentage_invalid') })
  .refine((v) => !(typeof v === 'string' && v.trim() === ''), 'field_required')
  .transform((v, ctx) => {
    const vat = parseVatPercentage(v);
    if (vat === null) {
      ctx.addIssue({ code: 'custom', message: 'vat_percentage_invalid' });
      return z.NEVER;
    }
    return vat;
  });

/** A whole number in [min, max]; query strings and form fields may carry it as text. */
const intIn = (min: number, max: number, invalid: 'field_invalid' | 'booking_interval_invalid' = 'field_invalid') =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: requiredOr(invalid) })
      .int(invalid)
      .min(min, invalid)
      .max(max, invalid),
  );

const flag = z.boolean({ error: requiredOr() });

/** A time of day, 24-hour "HH:mm". */
export const BOOKING_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const bookingTime = z
  .string({ error: requiredOr() })
  .trim()
  .min(1, 'field_required')
  .regex(BOOKING_TIME_PATTERN, 'field_invalid');

/** Spec §5: the website is kept without its protocol. */
export const hasWebProtocol = (url: string) => /^\s*https?:\/\//i.test(url);
export const clinicWebsite = optionalText(200).refine((v) => !v || !hasWebProtocol(v), 'website_no_protocol');
const socialLinkText = optionalText(200);

export const BOOKING_TYPES = ['turn', 'time'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** Limits of the booking settings, shared by the form's inputs and the schema. */
export const BOOKING_LIMITS = {
  interval: { min: 5, max: 240 },
  gapDays: { min: 0, max: 365 },
  days: { min: 1, max: 365 },
  maxPerDay: { min: 0, max: 10_000 },
  maxDistance: { min: 0, max: 1_000_000 },
} as const;

/** The behaviour flags of spec §3, in the order the settings page shows them. */
export const CLINIC_FLAGS = [
  'addAppointmentOnProcedureCreate',
  'autoUpdateAppointmentToMissed',
  'allowDragAndDropInCalendar',
  'allowResizingInCalendar',
  'showProcedureMaterialsPopup',
  'checkPatientInsuranceLimit',
  'showMessagePopup',
  'autoApprovePatient',
  'allowOverlappingAppointments',
] as const;
export type ClinicFlag = (typeof CLINIC_FLAGS)[number];

export const CLINIC_SOCIAL_LINKS = [
  'facebook',
  'twitter',
  'instagram',
  'whatsapp',
  'tiktok',
  'youTube',
  'snapchat',
  'video',
] as const;
export type ClinicSocialLink = (typeof CLINIC_SOCIAL_LINKS)[number];

/**
 * Everything SaveClinic writes. The whole clinic is sent: an optional text left out is cleared. `removeLogo`
 * drops the current logo when no new one is uploaded.
 */
export const saveClinicInput = z
  .object({
    clinicName: clinicLoginName,
    displayName: requiredText(200),
    address: optionalText(300),
    city: optionalText(100),
    mobile: clinicPhone,
    msgNumber: clinicPhone,
    vatPercentage: clinicVatPercentage,
    commercialRegistrationNo: optionalText(50),
    taxNo: optionalText(50),
    toothNumberingSystem: requiredEnum(TOOTH_NUMBERING),

    addAppointmentOnProcedureCreate: flag,
    autoUpdateAppointmentToMissed: flag,
    allowDragAndDropInCalendar: flag,
    allowResizingInCalendar: flag,
    showProcedureMaterialsPopup: flag,
    checkPatientInsuranceLimit: flag,
    showMessagePopup: flag,
    autoApprovePatient: flag,
    allowOverlappingAppointments: flag,

    appointmentBookingType: requiredEnum(BOOKING_TYPES),
    /** Minutes per booking slot (sent as AppointmentBookingInterval, spec §3 patientAppointmentDuration). */
    appointmentBookingInterval: intIn(
      BOOKING_LIMITS.interval.min,
      BOOKING_LIMITS.interval.max,
      'booking_interval_invalid',
    ),
    /** Days before the first bookable day (spec §3 patientSendingAppointment). */
    appointmentBookingGapDays: intIn(BOOKING_LIMITS.gapDays.min, BOOKING_LIMITS.gapDays.max),
    /** How many days ahead patients may book. */
    appointmentBookingDays: intIn(BOOKING_LIMITS.days.min, BOOKING_LIMITS.days.max),
    appointmentBookingTimeStart: bookingTime,
    appointmentBookingTimeEnd: bookingTime,
    /** 0 = no limit. */
    maxBookingsPerDay: intIn(BOOKING_LIMITS.maxPerDay.min, BOOKING_LIMITS.maxPerDay.max),
    /** Metres from the clinic a patient may confirm attendance from; 0 = no check. */
    maxAttendanceDistance: intIn(BOOKING_LIMITS.maxDistance.min, BOOKING_LIMITS.maxDistance.max),

    website: clinicWebsite,
    facebook: socialLinkText,
    twitter: socialLinkText,
    instagram: socialLinkText,
    whatsapp: socialLinkText,
    tiktok: socialLinkText,
    youTube: socialLinkText,
    snapchat: socialLinkText,
    video: socialLinkText,

    removeLogo: z.boolean({ error: 'field_invalid' }).optional(),
  })
  .superRefine((v, ctx) => {
    const { appointmentBookingTimeStart: start, appointmentBookingTimeEnd: end } = v;
    // "HH:mm" texts compare in time order
    if (BOOKING_TIME_PATTERN.test(start) && BOOKING_TIME_PATTERN.test(end) && start >= end)
      ctx.addIssue({ code: 'custom', path: ['appointmentBookingTimeEnd'], message: 'time_start_before_end' });
  });

/** A file picked in the browser (a File); typed structurally so the contract needs no DOM types. */
export type LogoFile = { readonly size: number; readonly type: string; readonly name?: string };

/**
 * SaveClinic is multipart: the fields above as JSON in the part `data`, and optionally the new logo image in the
 * part `logo` (jpg, jpeg/jfif, png, svg or gif, checked by content on the server). The server parses `data`
 * with saveClinicInput itself.
 */
export const saveClinicRequest = z.object({
  data: saveClinicInput,
  logo: z.custom<LogoFile>((v) => typeof v === 'object' && v !== null && 'size' in v).optional(),
});

/** Extensions the logo picker accepts (spec §5 images). */
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'jfif', 'gif'] as const;
export const isLogoFileName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (LOGO_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
};

/** The caller's clinic, every field. */
export const clinicDetail = z.object({
  id: z.number(),
  clinicName: z.string(),
  displayName: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  mobile: z.string().nullable(),
  msgNumber: z.string().nullable(),
  /** Decimal text with 2 decimals ("14.00"). */
  vatPercentage: z.string(),
  commercialRegistrationNo: z.string().nullable(),
  taxNo: z.string().nullable(),
  toothNumberingSystem: z.enum(TOOTH_NUMBERING),

  addAppointmentOnProcedureCreate: z.boolean(),
  autoUpdateAppointmentToMissed: z.boolean(),
  allowDragAndDropInCalendar: z.boolean(),
  allowResizingInCalendar: z.boolean(),
  showProcedureMaterialsPopup: z.boolean(),
  checkPatientInsuranceLimit: z.boolean(),
  showMessagePopup: z.boolean(),
  autoApprovePatient: z.boolean(),
  allowOverlappingAppointments: z.boolean(),

  appointmentBookingType: z.enum(BOOKING_TYPES),
  appointmentBookingInterval: z.number(),
  appointmentBookingGapDays: z.number(),
  appointmentBookingDays: z.number(),
  appointmentBookingTimeStart: z.string(),
  appointmentBookingTimeEnd: z.string(),
  maxBookingsPerDay: z.number(),
  maxAttendanceDistance: z.number(),

  website: z.string().nullable(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  tiktok: z.string().nullable(),
  youTube: z.string().nullable(),
  snapchat: z.string().nullable(),
  video: z.string().nullable(),

  /** Where the browser loads the logo from; null without a logo. */
  logoUrl: z.string().nullable(),
  /** Set by the provider, shown read-only. */
  countryId: z.enum(COUNTRIES),
  currency: z.string(),
  timeZone: z.string(),
  subscriptionType: z.enum(TIERS),
  updateUserId: z.number().nullable(),
  updatedAt: z.string(),
});

export const getClinicInput = z.object({});
export const checkClinicNameInput = z.object({ clinicName: clinicLoginName });
export const checkClinicNameOutput = z.object({ available: z.boolean() });

export type ClinicDetail = z.infer<typeof clinicDetail>;
export type SaveClinicInput = z.output<typeof saveClinicInput>;
export type SaveClinicFormValues = z.input<typeof saveClinicInput>;
export type CheckClinicNameInput = z.output<typeof checkClinicNameInput>;
