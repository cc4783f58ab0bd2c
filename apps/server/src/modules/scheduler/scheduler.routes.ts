import { schedulerCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { checkAccess, registerCall } from '../../platform/calls.js';
import { checkIn, checkOut, updateAppointmentStatus } from './appointment-status.service.js';
import { getAppointments, getTodayAppointments } from './appointments-read.service.js';
import { deleteAppointments, saveAppointment } from './appointments.service.js';
import { calendarRooms, callUser, getCalendarSettings } from './calendar.service.js';
import { getDailySummary } from './daily-summary.service.js';
import { getPatientAppointments } from './patient-appointments.service.js';
import { saveAppointmentRecurrence } from './recurrence.service.js';
import { deleteVacation, getVacations, saveVacation } from './vacations.service.js';

export function registerSchedulerRoutes(app: FastifyInstance) {
  const c = schedulerCalls;

  registerCall(app, c.getAppointments, ({ tx, session }, input) => getAppointments(tx, session, input), { read: true });
  registerCall(app, c.getPatientAppointments, ({ tx, session }, input) => getPatientAppointments(tx, session, input));
  registerCall(app, c.getCalendarSettings, ({ tx, session }, input) => getCalendarSettings(tx, session, input));
  registerCall(app, c.saveAppointment, async ({ tx, session, deps }, input) => {
    // the call admits the add and the update key; which one it needs depends on whether it creates or changes
    checkAccess(session, { permissions: [input.id ? 'scheduler_update_appointment' : 'scheduler_add_appointment'], tier: 'ST0' });
    return saveAppointment(tx, session, deps.hub, input);
  });
  registerCall(app, c.saveAppointmentRecurrence, ({ tx, session, deps }, input) => saveAppointmentRecurrence(tx, session, deps.hub, input));
  registerCall(app, c.deleteAppointment, ({ tx, session, deps }, input) => deleteAppointments(tx, session, deps.hub, input));
  registerCall(app, c.getRooms, ({ tx, session }) => calendarRooms(tx, session.clinicId));
  registerCall(app, c.updateAppointmentStatus, ({ tx, session, deps }, input) => updateAppointmentStatus(tx, session, deps.hub, input));
  registerCall(app, c.saveCheckIn, ({ tx, session, deps }, input) => checkIn(tx, session, deps.hub, input));
  registerCall(app, c.saveCheckOut, ({ tx, session, deps }, input) => checkOut(tx, session, deps.hub, input));
  registerCall(app, c.getVacations, ({ tx, session }, input) => getVacations(tx, session.clinicId, input));
  registerCall(app, c.saveVacation, ({ tx, session }, input) => saveVacation(tx, session, input));
  registerCall(app, c.deleteVacation, ({ tx, session }, input) => deleteVacation(tx, session.clinicId, input.id));
  registerCall(app, c.callUser, ({ tx, session, deps }, input) => callUser(tx, session, deps.hub, input, deps.jobs));
  registerCall(app, c.getTodayAppointments, ({ tx, session }, input) => getTodayAppointments(tx, session, input));
  registerCall(app, c.getDailySummary, ({ tx, session }, input) => getDailySummary(tx, session, input));
}
