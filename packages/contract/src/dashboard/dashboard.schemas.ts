import { z } from 'zod';
import { calendarDate, optionalId } from '../common/schemas.js';

/** The longest period a dashboard figure covers, in days (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The input of every Dashboard figure (spec §7): the branch (absent: every branch the user works in) and the
 * period in the clinic's days, both ends included. fromDate absent: the first day of the clinic's current month;
 * toDate absent: the last day of fromDate's month. toDate before fromDate is 400 end_date_before_start, a period of
 * more than DASHBOARD_MAX_DAYS days 400 dashboard_range_too_long. The clinic is the session's.
 */
export const dashboardInput = z
  .object({ branchId: optionalId, fromDate: calendarDate.optional(), toDate: calendarDate.optional() })
  .superRefine((v, ctx) => {
    if (!v.fromDate || !v.toDate) return;
    if (v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'end_date_before_start' });
    else if (dayNumber(v.toDate) - dayNumber(v.fromDate) + 1 > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'dashboard_range_too_long' });
  });

/** The period the figures cover (the input's, defaults filled in). */
const period = { fromDate: z.string(), toDate: z.string() };

/** Dashboard/GetDailyAppointmentAsyncs: every day of the period with its appointments' counts. */
export const dailyAppointmentsOutput = z.object({
  ...period,
  items: z.array(
    z.object({
      date: z.string(),
      /** Booked that day, canceled ones left out (AS8). */
      total: z.number(),
      /** The patient came (checked in). */
      arrived: z.number(),
      /** Completed or checked out (AS6, AS7). */
      completed: z.number(),
      /** Missed (AS9). */
      noShows: z.number(),
      /** Canceled (AS8). */
      canceled: z.number(),
    }),
  ),
});

/** Dashboard/GetDailyWorkedHours: every day of the period with the booked minutes of the visits that happened. */
export const dailyWorkedHoursOutput = z.object({
  ...period,
  items: z.array(z.object({ date: z.string(), minutes: z.number(), appointments: z.number() })),
});

/** Dashboard/GetNewPatientsMonthAsyncs: every month of the period ('YYYY-MM') with the patients added in it. */
export const newPatientsMonthOutput = z.object({
  ...period,
  items: z.array(z.object({ month: z.string(), count: z.number() })),
});

/** Dashboard/GetPatientReferenceAsyncs: the period's new patients by how they heard of the clinic (null: not said). */
export const patientReferenceOutput = z.object({
  ...period,
  items: z.array(
    z.object({
      referenceId: z.number().nullable(),
      nameAr: z.string().nullable(),
      nameEn: z.string().nullable(),
      /** Null too when the reference has no French name (shown in English). */
      nameFr: z.string().nullable(),
      count: z.number(),
    }),
  ),
});

/**
 * Dashboard/GetPaymentsTypesCountMonthAsyncs: per month and payment type, the payments received (reversed ones left
 * out): how many and how much, in the clinic's currency (decimal text with its decimals).
 */
export const paymentsTypesMonthOutput = z.object({
  ...period,
  currency: z.string(),
  items: z.array(
    z.object({
      month: z.string(),
      paymentTypeId: z.number(),
      nameAr: z.string(),
      nameEn: z.string(),
      nameFr: z.string().nullable(),
      count: z.number(),
      amount: z.string(),
    }),
  ),
});

/** Dashboard/GetTreatmentsPerMonthAsyncs: every month of the period with the procedures completed in it and their net. */
export const treatmentsPerMonthOutput = z.object({
  ...period,
  currency: z.string(),
  items: z.array(z.object({ month: z.string(), completed: z.number(), net: z.string() })),
});

export type DashboardInput = z.output<typeof dashboardInput>;
export type DailyAppointments = z.infer<typeof dailyAppointmentsOutput>;
export type DailyWorkedHours = z.infer<typeof dailyWorkedHoursOutput>;
export type NewPatientsMonth = z.infer<typeof newPatientsMonthOutput>;
export type PatientReferences = z.infer<typeof patientReferenceOutput>;
export type PaymentsTypesMonth = z.infer<typeof paymentsTypesMonthOutput>;
export type TreatmentsPerMonth = z.infer<typeof treatmentsPerMonthOutput>;
