import type { DailySummary } from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { dayBounds, todayIn } from './clinic-time.js';
import { allowedBranch, seesAll } from './scheduler-access.js';

type Counts = { total: number; arrived: number; noShows: number; completed: number; canceled: number };
type Row = Counts & { doctor_id: number | null; doctor_name: string | null; is_total: boolean };

/**
 * Dashboard/GetDailySummary: a day of the branch (default the clinic's today) per doctor, and the day's totals,
 * counted in SQL (grouping sets): total = not canceled, arrived = checked in, no-shows = missed (AS9),
 * completed = AS6 or AS7, canceled = AS8. Without scheduler_view_all only the user's own appointments count.
 */
export async function getDailySummary(tx: Tx, session: ClinicSession, input: { date?: string; branchId?: number }): Promise<DailySummary> {
  const branchId = allowedBranch(session, input.branchId);
  const timeZone = session.clinic.timeZone;
  const date = input.date ?? todayIn(timeZone);
  const day = dayBounds(date, timeZone);
  const mine = seesAll(session) ? sql`` : sql`and a.doctor_id = ${session.userId}`;
  const result = await tx.execute(sql`
    select a.doctor_id, u.display_name as doctor_name, grouping(a.doctor_id) = 1 as is_total,
      (count(*) filter (where a.status <> 'AS8'))::int as total,
      (count(*) filter (where a.check_in_at is not null))::int as arrived,
      (count(*) filter (where a.status = 'AS9'))::int as "noShows",
      (count(*) filter (where a.status in ('AS6', 'AS7')))::int as completed,
      (count(*) filter (where a.status = 'AS8'))::int as canceled
    from appointments a
    left join users u on u.clinic_id = a.clinic_id and u.id = a.doctor_id
    where a.clinic_id = ${session.clinicId} and a.branch_id = ${branchId}
      and a.starts_at >= ${day.start.toISOString()}::timestamptz and a.starts_at < ${day.end.toISOString()}::timestamptz
      ${mine}
    group by grouping sets ((a.doctor_id, u.display_name), ())
    order by is_total, lower(u.display_name) nulls last, a.doctor_id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const counts = (r: Row | undefined): Counts => ({
    total: Number(r?.total ?? 0),
    arrived: Number(r?.arrived ?? 0),
    noShows: Number(r?.noShows ?? 0),
    completed: Number(r?.completed ?? 0),
    canceled: Number(r?.canceled ?? 0),
  });
  return {
    date,
    totals: counts(rows.find((r) => r.is_total)),
    doctors: rows
      .filter((r) => !r.is_total)
      .map((r) => ({ doctorId: r.doctor_id == null ? null : Number(r.doctor_id), doctorName: r.doctor_name, ...counts(r) })),
  };
}
