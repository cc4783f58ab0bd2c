import type { AppointmentStatus } from '@dental/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { clinics, userWorkingHours, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { rooms } from '../lookups/index.js';
import { patients } from '../patients/index.js';
import { addDays, todayIn, weekdayOf, zonedInstant } from './clinic-time.js';
import { recurrenceSlots } from './recurrence.js';
import { appointmentSeries, appointments, vacations } from './scheduler.table.js';

/** Saturday to Thursday (Friday off), 09:00-17:00: given to demo doctors that have no working hours yet. */
const DEMO_WEEK = [6, 0, 1, 2, 3, 4];

type Plan = {
  branch: number;
  doctor: number;
  room: number;
  patient: number;
  day: number;
  at: string;
  minutes: number;
  status: AppointmentStatus;
  notes?: string;
};

/** Today's board of the first branch: every stage of a visit, so the calendar and the waiting display look alive. */
const TODAY: Omit<Plan, 'day' | 'branch'>[] = [
  { doctor: 0, room: 0, patient: 0, at: '09:00', minutes: 30, status: 'AS7', notes: 'كشف دوري' },
  { doctor: 1, room: 1, patient: 1, at: '09:30', minutes: 60, status: 'AS6', notes: 'حشو عصب' },
  { doctor: 0, room: 0, patient: 2, at: '10:30', minutes: 45, status: 'AS4', notes: 'تنظيف جير' },
  { doctor: 1, room: 1, patient: 3, at: '11:00', minutes: 30, status: 'AS3' },
  { doctor: 1, room: 2, patient: 4, at: '11:30', minutes: 30, status: 'AS5', notes: 'متابعة تقويم' },
  { doctor: 0, room: 0, patient: 5, at: '13:00', minutes: 30, status: 'AS2' },
  { doctor: 1, room: 1, patient: 6, at: '14:00', minutes: 60, status: 'AS1' },
  { doctor: 0, room: 3, patient: 7, at: '15:00', minutes: 30, status: 'AS8' },
];

const TIMES = ['09:30', '11:00', '12:30', '14:00', '15:30'];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/**
 * Demo appointments around the current week, relative to the clinic's today so the demo always looks alive:
 * today's board in every status, the past days finished, missed or canceled, the next two weeks booked in both
 * branches, one weekly series, a clinic holiday and a doctor's leave (no appointment falls on them).
 */
export async function seedDemoSchedule(db: Db, clinicId: number, branchIds: number[]) {
  await withTenant(db, clinicId, async (tx) => {
    const [clinic] = await tx.select({ timeZone: clinics.timeZone }).from(clinics).where(eq(clinics.id, clinicId));
    const timeZone = clinic!.timeZone;
    const doctors = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clinicId, clinicId), eq(users.isDoctor, true), eq(users.isActive, true), isNull(users.deletedAt)))
      .orderBy(asc(users.id));
    const roomIds = (await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.clinicId, clinicId)).orderBy(asc(rooms.id))).map((r) => r.id);
    const patientIds = (
      await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.clinicId, clinicId), eq(patients.approvalStatus, 'approved'), isNull(patients.deletedAt)))
        .orderBy(asc(patients.id))
    ).map((p) => p.id);
    if (!doctors.length || !roomIds.length || !patientIds.length) return;

    for (const d of doctors) {
      const [has] = await tx
        .select({ id: userWorkingHours.id })
        .from(userWorkingHours)
        .where(and(eq(userWorkingHours.clinicId, clinicId), eq(userWorkingHours.userId, d.id)))
        .limit(1);
      if (has) continue;
      await tx
        .insert(userWorkingHours)
        .values(DEMO_WEEK.map((dayOfWeek) => ({ clinicId, userId: d.id, dayOfWeek, startTime: '09:00', endTime: '17:00' })));
      await tx.update(users).set({ workingHours: '09:00,17:00' }).where(and(eq(users.clinicId, clinicId), eq(users.id, d.id)));
    }

    const today = todayIn(timeZone);
    const holiday = { from: 16, to: 17 };
    const leave = { from: 9, to: 10, doctor: doctors.length > 1 ? 1 : 0 };
    await tx.insert(vacations).values([
      { clinicId, name: 'إجازة رسمية', startDate: addDays(today, holiday.from), endDate: addDays(today, holiday.to), notes: 'العيادة مغلقة' },
      { clinicId, userId: doctors[leave.doctor]!.id, name: 'إجازة سنوية', startDate: addDays(today, leave.from), endDate: addDays(today, leave.to) },
    ]);
    const off = (day: number, doctor: number) =>
      (day >= holiday.from && day <= holiday.to) || (doctor === leave.doctor && day >= leave.from && day <= leave.to);

    const plans: Plan[] = [];
    const pick = <T>(list: T[], i: number) => list[i % list.length]!;
    const two = doctors.length > 1;
    for (const p of TODAY.filter((x) => two || x.doctor === 0)) plans.push({ ...p, branch: 0, day: 0 });
    if (branchIds.length > 1) {
      plans.push({ branch: 1, doctor: 0, room: 2, patient: 8, day: 0, at: '16:00', minutes: 30, status: 'AS2' });
      plans.push({ branch: 1, doctor: two ? 1 : 0, room: 3, patient: 9, day: 0, at: '16:00', minutes: 45, status: 'AS1' });
    }
    const past: AppointmentStatus[] = ['AS7', 'AS9', 'AS7', 'AS8', 'AS7'];
    for (let day = -3; day <= 13; day++) {
      if (day === 0 || weekdayOf(addDays(today, day)) === 5) continue; // Friday off
      for (let slot = 0; slot < 3; slot++) {
        const doctor = two ? (day + slot + 4) % 2 : 0; // day starts at -3
        if (off(day, doctor)) continue;
        const n = (day + 3) * 3 + slot;
        plans.push({
          branch: branchIds.length > 1 && slot === 2 ? 1 : 0,
          doctor,
          room: n,
          patient: n,
          day,
          at: pick(TIMES, slot + (day & 1)),
          minutes: slot === 1 ? 60 : 30,
          status: day < 0 ? pick(past, n) : slot === 0 ? 'AS2' : 'AS1',
        });
      }
    }

    const ownerId = doctors[0]!.id;
    const rowsOf = (p: Plan) => {
      const date = addDays(today, p.day);
      const startsAt = zonedInstant(date, minutesOf(p.at), timeZone);
      const endsAt = new Date(startsAt.getTime() + p.minutes * 60_000);
      const arrived = ['AS3', 'AS4', 'AS5', 'AS6', 'AS7'].includes(p.status);
      return {
        clinicId,
        branchId: branchIds[p.branch]!,
        patientId: pick(patientIds, p.patient),
        doctorId: doctors[p.doctor]!.id,
        roomId: pick(roomIds, p.room),
        startsAt,
        endsAt,
        status: p.status,
        notes: p.notes ?? null,
        checkInAt: arrived ? new Date(startsAt.getTime() - 10 * 60_000) : null,
        checkInBy: arrived ? ownerId : null,
        checkOutAt: p.status === 'AS7' ? new Date(endsAt.getTime() + 5 * 60_000) : null,
        checkOutBy: p.status === 'AS7' ? ownerId : null,
        statusUpdatedAt: p.status === 'AS1' ? null : startsAt,
        createdBy: ownerId,
      };
    };
    await tx.insert(appointments).values(plans.map(rowsOf));

    // a weekly check-up series at 16:30 (after the day's other bookings), skipping the vacation days
    const doctor = two ? 1 : 0;
    const firstDay = addDays(today, 1);
    const rule = { frequency: 'weekly' as const, interval: 1, weekdays: [weekdayOf(firstDay)], count: 6 };
    const [series] = await tx
      .insert(appointmentSeries)
      .values({ clinicId, frequency: 'weekly', interval: 1, weekdays: rule.weekdays, count: rule.count, createdBy: ownerId })
      .returning({ id: appointmentSeries.id });
    const first = { start: zonedInstant(firstDay, 16 * 60 + 30, timeZone), end: zonedInstant(firstDay, 17 * 60, timeZone) };
    const slots = recurrenceSlots(first, rule, timeZone).filter((_, i) => !off(1 + i * 7, doctor));
    await tx.insert(appointments).values(
      slots.map((s) => ({
        clinicId,
        branchId: branchIds[0]!,
        patientId: pick(patientIds, 10),
        doctorId: doctors[doctor]!.id,
        roomId: pick(roomIds, 2),
        seriesId: series!.id,
        startsAt: s.start,
        endsAt: s.end,
        status: 'AS2',
        notes: 'متابعة تقويم أسبوعية',
        createdBy: ownerId,
      })),
    );
  });
}
