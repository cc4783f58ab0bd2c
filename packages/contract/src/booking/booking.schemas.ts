import { z } from 'zod';
import { bothCoordinates, clinicLoginName, coordinate, id, requiredText } from '../common/schemas.js';
import { BOOKING_TIME_PATTERN, BOOKING_TYPES } from '../clinic/clinic.schemas.js';
import { isoDate } from '../patients/patient.schemas.js';
import { mobile } from '../users/users.schemas.js';
import type { Tier } from '../enums.js';
import { GROUP_TIER } from '../permissions.js';

/**
 * The public booking page (issue 5, spec §3 Clinic booking settings): anyone with the clinic's name may read its
 * free days and slots and book. These limits keep a bot from booking a day full; the server enforces them.
 */
export const BOOKING_RULES = {
  /** Book calls from one address (per clinic) in an hour; past it 429 too_many_attempts. */
  maxCallsPerAddressPerHour: 10,
  /** Book calls naming one mobile (per clinic) in an hour; past it 429 too_many_attempts. */
  maxCallsPerMobilePerHour: 5,
  /** Active website bookings of one mobile on one day (409 booking_mobile_day_taken). */
  maxBookingsPerMobilePerDay: 1,
  /** Active future website bookings of one mobile in all (409 booking_mobile_limit; the message says 3). */
  maxFutureBookingsPerMobile: 3,
  /** Attempts older than this are pruned. */
  attemptsKeptHours: 24,
  /** Calls of each of the page's reads (info, days, slots) from one address in a minute, per server process; past it 429. */
  maxReadsPerAddressPerMinute: 120,
  /** GetBookingDays answers at most this many days at once (`nextFrom` pages on). */
  daysPerPage: 31,
} as const;

/**
 * The subscription tier of the booking page: the tier of the approval list (/NewPatientsList, spec §6 "ST3 adds:
 * NewPatientsList"), where website patients wait (spec §4), so a clinic never collects bookings it cannot approve.
 * Below it every booking call answers 409 booking_closed and the page says online booking is not available.
 */
export const BOOKING_TIER: Tier = GROUP_TIER.NewPatientsList;

const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined ? 'field_required' : 'field_invalid');
/** The clinic's login name, as in the page's address /book/<clinic name>. */
export const bookingClinicInput = z.object({ clinicName: clinicLoginName });

/** A branch, with where it is when the clinic set it (degrees; the page measures the patient's distance). */
export const bookingBranch = z.object({
  id: z.number(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** What the page shows before the patient chooses anything. */
export const bookingInfoOutput = z.object({
  clinicName: z.string(),
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  /** CN1-CN3: the phone input starts with the clinic's country code. */
  countryId: z.string(),
  branches: z.array(bookingBranch),
  bookingType: z.enum(BOOKING_TYPES),
  /** Minutes per slot ('time'). */
  interval: z.number(),
  bookingDays: z.number(),
  gapDays: z.number(),
  /**
   * Maximum attendance distance in metres, 0 for none: a patient who shares where they are may book a branch with a
   * location only within it (409 booking_too_far).
   */
  maxDistance: z.number(),
  timeStart: z.string(),
  timeEnd: z.string(),
  timeZone: z.string(),
  /** The clinic's today and the first and last bookable dates (null when the window is empty). */
  today: z.string(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  /** Whether booking is possible at all: a branch and a non-empty window of days. */
  isOpen: z.boolean(),
});

export const bookingDaysInput = z.object({
  clinicName: clinicLoginName,
  branchId: id,
  /** First date of the page; default the first bookable date. */
  from: isoDate.optional(),
});

/** open: something left; full: no slot or turn left; holiday: a clinic holiday; closed: today's booking hours are over. */
export const BOOKING_DAY_STATUSES = ['open', 'full', 'holiday', 'closed'] as const;
export type BookingDayStatus = (typeof BOOKING_DAY_STATUSES)[number];

export const bookingDay = z.object({
  date: z.string(),
  status: z.enum(BOOKING_DAY_STATUSES),
  /** 'time': free slots; 'turn': turns left, null when the clinic sets no daily maximum. */
  free: z.number().nullable(),
});
export const bookingDaysOutput = z.object({
  items: z.array(bookingDay),
  /** The first date of the next page, null on the last page. */
  nextFrom: z.string().nullable(),
});

export const freeSlotsInput = z.object({ clinicName: clinicLoginName, branchId: id, date: isoDate });

export const bookingSlot = z.object({
  /** Local time of the clinic, 'HH:mm'. */
  time: z.string(),
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
});
export const freeSlotsOutput = z.object({
  date: z.string(),
  bookingType: z.enum(BOOKING_TYPES),
  status: z.enum(BOOKING_DAY_STATUSES),
  /** 'time': the day's free slots (past ones of today left out); empty for 'turn'. */
  slots: z.array(bookingSlot),
  /** 'turn': the number the next booking gets. */
  nextTurnNumber: z.number().nullable(),
  /** 'turn': turns left, null without a daily maximum. */
  remaining: z.number().nullable(),
});

export const bookInput = z
  .object({
  clinicName: clinicLoginName,
  branchId: id,
  date: isoDate,
  /** 'HH:mm', one of the offered slots; required when the clinic books by time, ignored by turn. */
  time: z.string({ error: requiredOrInvalid }).trim().regex(BOOKING_TIME_PATTERN, 'booking_time_invalid').optional().nullable(),
  name: requiredText(150),
  /** International, as the patients' mobile (+201001234567). */
  mobile,
  /** Where the patient is, if they shared it: checked against the maximum attendance distance, kept on a new patient. */
  latitude: coordinate(90),
  longitude: coordinate(180),
  })
  .superRefine(bothCoordinates);

export const bookOutput = z.object({
  date: z.string(),
  /** Local 'HH:mm': the slot's start and end ('time'), or the day's booking hours ('turn'). */
  time: z.string(),
  endTime: z.string(),
  /** 'turn': the patient's number in the day's queue. */
  turnNumber: z.number().nullable(),
  start: z.string(),
  end: z.string(),
  branch: bookingBranch,
  clinicDisplayName: z.string(),
  /** False while the clinic has to approve the new patient (autoApprovePatient off). */
  patientApproved: z.boolean(),
});

export type BookingInfo = z.output<typeof bookingInfoOutput>;
export type BookingDay = z.output<typeof bookingDay>;
export type BookingDaysInput = z.output<typeof bookingDaysInput>;
export type FreeSlotsInput = z.output<typeof freeSlotsInput>;
export type FreeSlots = z.output<typeof freeSlotsOutput>;
export type BookingSlot = z.output<typeof bookingSlot>;
export type BookInput = z.output<typeof bookInput>;
export type BookResult = z.output<typeof bookOutput>;
