import { and, count, eq } from 'drizzle-orm';
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { type BranchDeleteCheck, branchDeleteChecks } from '../clinic/index.js';
import { seedDemoSchedule } from './scheduler.seed.js';
import { appointments } from './scheduler.table.js';

/**
 * The scheduler module (issue 5): appointments (calendar, recurrence, status, check-in/out), vacations, the waiting
 * display, the daily summary and 'call user'. Other modules use only what this file exports: the tables, and the
 * auto-missed job (on the job queue, every minute).
 */
export { registerSchedulerRoutes } from './scheduler.routes.js';
export { appointmentSeries, appointments, vacations } from './scheduler.table.js';
export { MISSED_JOB, markMissedAppointments } from './missed-appointments.js';

/** A branch that holds appointments cannot be deleted (its history would go with it). */
const branchWithAppointments: BranchDeleteCheck = async (tx, clinicId, branchId) => {
  const [row] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.clinicId, clinicId), eq(appointments.branchId, branchId)));
  return row!.n > 0 ? 'cannot_delete_in_use' : null;
};
branchDeleteChecks.push(branchWithAppointments);
// after the patients' seeder (modules/index.ts loads the patients module first)
addDemoRecordSeeder('appointments', seedDemoSchedule);
// for the benchmark (bench/scheduler.ts), which measures the calendar read's SQL without the server around it
export { getAppointments } from './appointments-read.service.js';
