import { defineCall } from '../common/call.js';
import {
  dailyAppointmentsOutput,
  dailyWorkedHoursOutput,
  dashboardInput,
  newPatientsMonthOutput,
  patientReferenceOutput,
  paymentsTypesMonthOutput,
  treatmentsPerMonthOutput,
} from './dashboard.schemas.js';

/** /Dashboard (spec §2, group dashboard, tier ST1 by spec §6): whoever holds dashboard_show. */
const access = { permissions: ['dashboard_show'], tier: 'ST1' } as const;
const read = { controller: 'Dashboard', method: 'GET', access, input: dashboardInput } as const;

/** The dashboard's figures (spec §7), each for a period and the user's branches (or one of them). */
export const dashboardCalls = {
  getDailyAppointments: defineCall({
    ...read,
    action: 'GetDailyAppointmentAsyncs',
    output: dailyAppointmentsOutput,
    summary: "Appointments per clinic day of the period: booked (not canceled), arrived, completed, no-shows, canceled",
  }),
  getDailyWorkedHours: defineCall({
    ...read,
    action: 'GetDailyWorkedHours',
    output: dailyWorkedHoursOutput,
    summary: 'Per clinic day of the period: the booked minutes of the appointments the patient came to (AS3-AS7)',
  }),
  getNewPatientsMonth: defineCall({
    ...read,
    action: 'GetNewPatientsMonthAsyncs',
    output: newPatientsMonthOutput,
    summary: 'Patients added per month of the period (not deleted, in the branches asked)',
  }),
  getPatientReference: defineCall({
    ...read,
    action: 'GetPatientReferenceAsyncs',
    output: patientReferenceOutput,
    summary: "The period's new patients by reference (how they heard of the clinic)",
  }),
  getPaymentsTypesCountMonth: defineCall({
    ...read,
    action: 'GetPaymentsTypesCountMonthAsyncs',
    output: paymentsTypesMonthOutput,
    summary: 'Payments received per month and payment type (count and exact amount; reversed payments left out)',
  }),
  getTreatmentsPerMonth: defineCall({
    ...read,
    action: 'GetTreatmentsPerMonthAsyncs',
    output: treatmentsPerMonthOutput,
    summary: 'Patient procedures completed per month of the period (S3, S4) and their net',
  }),
} as const;
