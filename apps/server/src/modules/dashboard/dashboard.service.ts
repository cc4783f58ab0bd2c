import {
  type DailyAppointments,
  type DailyWorkedHours,
  type DashboardInput,
  type NewPatientsMonth,
  type PatientReferences,
  type PaymentsTypesMonth,
  type TreatmentsPerMonth,
  DASHBOARD_MAX_DAYS,
  currencyDecimals,
} from '@dental/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { moneyText, notReversed } from '../payments/index.js';
import { addDays, daysBetween, todayIn, zonedInstant } from '../scheduler/clinic-time.js';

/*
 * The clinic's dashboard (spec §7 Dashboard, docs/dashboard.md): six figures for a period of clinic days and the
 * user's branches, each one SQL statement. Days and months are the clinic's (`at time zone` its zone); an instant's
 * bounds come from `zonedInstant` so a Cairo midnight splits the days exactly.
 */

/** The period and branches a figure covers: defaults filled in, the branch checked against the user's. */
export type Scope = {
  fromDate: string;
  toDate: string;
  /** The first and the last+1 local midnights of the period, as instants. */
  start: string;
  end: string;
  timeZone: string;
  branchIds: readonly number[];
};

/**
 * branchId absent: every branch the user works in; a branch of the clinic the user may not work in is 403 BS15, an
 * id that is no branch of the clinic 404 (as `allowedBranch` in the scheduler). fromDate absent: the first day of the
 * clinic's month; toDate absent: the last day of fromDate's month.
 */
export function dashboardScope(session: ClinicSession, input: DashboardInput): Scope {
  const timeZone = session.clinic.timeZone;
  let branchIds = session.branchIds;
  if (input.branchId != null) {
    if (!session.clinicBranchIds.includes(input.branchId)) return fail('not_found');
    if (!session.branchIds.includes(input.branchId)) return fail('BS15');
    branchIds = [input.branchId];
  }
  const fromDate = input.fromDate ?? `${todayIn(timeZone).slice(0, 7)}-01`;
  const toDate = input.toDate ?? addDays(`${addDays(`${fromDate.slice(0, 7)}-01`, 31).slice(0, 7)}-01`, -1);
  if (toDate < fromDate) return fail('end_date_before_start');
  if (daysBetween(fromDate, toDate) + 1 > DASHBOARD_MAX_DAYS) return fail('dashboard_range_too_long');
  return {
    fromDate,
    toDate,
    start: zonedInstant(fromDate, 0, timeZone).toISOString(),
    end: zonedInstant(addDays(toDate, 1), 0, timeZone).toISOString(),
    timeZone,
    branchIds,
  };
}

/** `column in (the scope's branches)`; no branch at all matches nothing. */
const inBranches = (column: SQL, s: Scope) =>
  s.branchIds.length ? sql`${column} in (${sql.join(s.branchIds.map((b) => sql`${b}`), sql`, `)})` : sql`false`;
/** An instant column within the period. */
const inPeriod = (column: SQL, s: Scope) =>
  sql`${column} >= ${s.start}::timestamptz and ${column} < ${s.end}::timestamptz`;
/** The clinic day of an instant column. */
const localDay = (column: SQL, s: Scope) => sql`(${column} at time zone ${s.timeZone}::text)::date`;
/** Every day of the period. */
const days = (s: Scope) =>
  sql`select d::date as day from generate_series(${s.fromDate}::date, ${s.toDate}::date, interval '1 day') d`;
/** Every month of the period, as its first day. */
const months = (s: Scope) =>
  sql`select d::date as month from generate_series(date_trunc('month', ${s.fromDate}::date), ${s.toDate}::date, interval '1 month') d`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const period = (s: Scope) => ({ fromDate: s.fromDate, toDate: s.toDate });

/** Attended: the patient came (checked in .. checked out). Mirrors the scheduler's ATTENDED_STATUSES. */
const ATTENDED = sql`('AS3', 'AS4', 'AS5', 'AS6', 'AS7')`;

export async function getDailyAppointments(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<DailyAppointments> {
  const s = dashboardScope(session, input);
  const rows = rowsOf<DailyAppointments['items'][number]>(
    await tx.execute(sql`
    with counts as (
      select ${localDay(sql`a.starts_at`, s)} as day,
        (count(*) filter (where a.status <> 'AS8'))::int as total,
        (count(*) filter (where a.check_in_at is not null))::int as arrived,
        (count(*) filter (where a.status in ('AS6', 'AS7')))::int as completed,
        (count(*) filter (where a.status = 'AS9'))::int as "noShows",
        (count(*) filter (where a.status = 'AS8'))::int as canceled
      from appointments a
      where a.clinic_id = ${session.clinicId} and ${inBranches(sql`a.branch_id`, s)} and ${inPeriod(sql`a.starts_at`, s)}
      group by 1)
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total, coalesce(c.arrived, 0) as arrived,
      coalesce(c.completed, 0) as completed, coalesce(c."noShows", 0) as "noShows", coalesce(c.canceled, 0) as canceled
    from (${days(s)}) d left join counts c on c.day = d.day
    order by d.day`),
  );
  return { ...period(s), items: rows.map((r) => ({ ...r, total: +r.total, arrived: +r.arrived, completed: +r.completed, noShows: +r.noShows, canceled: +r.canceled })) };
}

export async function getDailyWorkedHours(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<DailyWorkedHours> {
  const s = dashboardScope(session, input);
  const rows = rowsOf<DailyWorkedHours['items'][number]>(
    await tx.execute(sql`
    with worked as (
      select ${localDay(sql`a.starts_at`, s)} as day,
        (sum(extract(epoch from a.ends_at - a.starts_at)) / 60)::int as minutes, count(*)::int as appointments
      from appointments a
      where a.clinic_id = ${session.clinicId} and ${inBranches(sql`a.branch_id`, s)} and ${inPeriod(sql`a.starts_at`, s)}
        and a.status in ${ATTENDED} and not a.all_day
      group by 1)
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(w.minutes, 0) as minutes, coalesce(w.appointments, 0) as appointments
    from (${days(s)}) d left join worked w on w.day = d.day
    order by d.day`),
  );
  return { ...period(s), items: rows.map((r) => ({ date: r.date, minutes: +r.minutes, appointments: +r.appointments })) };
}

/** The patients a figure counts: added in the period, not deleted (nor merged), of one of the scope's branches. */
const newPatients = (session: ClinicSession, s: Scope) => sql`p.clinic_id = ${session.clinicId} and p.deleted_at is null
  and ${inPeriod(sql`p.created_at`, s)}
  and exists (select 1 from patient_branches pb where pb.clinic_id = p.clinic_id and pb.patient_id = p.id
    and ${inBranches(sql`pb.branch_id`, s)})`;

export async function getNewPatientsMonth(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<NewPatientsMonth> {
  const s = dashboardScope(session, input);
  const rows = rowsOf<{ month: string; count: number }>(
    await tx.execute(sql`
    with added as (
      select date_trunc('month', ${localDay(sql`p.created_at`, s)})::date as month, count(*)::int as count
      from patients p where ${newPatients(session, s)}
      group by 1)
    select to_char(m.month, 'YYYY-MM') as month, coalesce(a.count, 0) as count
    from (${months(s)}) m left join added a on a.month = m.month
    order by m.month`),
  );
  return { ...period(s), items: rows.map((r) => ({ month: r.month, count: +r.count })) };
}

export async function getPatientReference(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<PatientReferences> {
  const s = dashboardScope(session, input);
  const rows = rowsOf<{ referenceId: string | number | null; nameAr: string | null; nameEn: string | null; nameFr: string | null; count: number }>(
    await tx.execute(sql`
    select p.reference_id as "referenceId", l.name_ar as "nameAr", l.name_en as "nameEn", l.name_fr as "nameFr", count(*)::int as count
    from patients p
    left join clinic_lookups l on l.clinic_id = p.clinic_id and l.id = p.reference_id
    where ${newPatients(session, s)}
    group by p.reference_id, l.name_ar, l.name_en, l.name_fr
    order by count(*) desc, p.reference_id is null, lower(l.name_en), p.reference_id`),
  );
  return {
    ...period(s),
    items: rows.map((r) => ({
      referenceId: r.referenceId == null ? null : Number(r.referenceId), nameAr: r.nameAr, nameEn: r.nameEn, nameFr: r.nameFr, count: +r.count,
    })),
  };
}

export async function getPaymentsTypesCountMonth(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<PaymentsTypesMonth> {
  const s = dashboardScope(session, input);
  const decimals = currencyDecimals(session.clinic.currency);
  // paid_on is already the clinic's day the payment is booked on
  const rows = rowsOf<PaymentsTypesMonth['items'][number] & { paymentTypeId: string | number }>(
    await tx.execute(sql`
    select to_char(p.paid_on, 'YYYY-MM') as month, p.payment_type_id as "paymentTypeId", t.name_ar as "nameAr",
      t.name_en as "nameEn", t.name_fr as "nameFr", count(*)::int as count, ${moneyText(sql`sum(p.amount)`, decimals)} as amount
    from patient_payments p
    join payment_types t on t.clinic_id = p.clinic_id and t.id = p.payment_type_id
    where p.clinic_id = ${session.clinicId} and ${inBranches(sql`p.branch_id`, s)}
      and p.paid_on >= ${s.fromDate}::date and p.paid_on <= ${s.toDate}::date
      and ${notReversed(sql`p.clinic_id`, sql`p.id`)}
    group by 1, p.payment_type_id, t.name_ar, t.name_en, t.name_fr
    order by 1, sum(p.amount) desc, p.payment_type_id`),
  );
  return {
    ...period(s),
    currency: session.clinic.currency,
    items: rows.map((r) => ({ ...r, paymentTypeId: Number(r.paymentTypeId), count: +r.count })),
  };
}

export async function getTreatmentsPerMonth(tx: Tx, session: ClinicSession, input: DashboardInput): Promise<TreatmentsPerMonth> {
  const s = dashboardScope(session, input);
  const decimals = currencyDecimals(session.clinic.currency);
  const rows = rowsOf<TreatmentsPerMonth['items'][number]>(
    await tx.execute(sql`
    with done as (
      select date_trunc('month', ${localDay(sql`pp.completed_at`, s)})::date as month, count(*)::int as completed,
        sum(pp.net) as net
      from patient_procedures pp
      where pp.clinic_id = ${session.clinicId} and ${inBranches(sql`pp.branch_id`, s)}
        and pp.status in ('S3', 'S4') and ${inPeriod(sql`pp.completed_at`, s)}
      group by 1)
    select to_char(m.month, 'YYYY-MM') as month, coalesce(d.completed, 0) as completed,
      ${moneyText(sql`coalesce(d.net, 0)`, decimals)} as net
    from (${months(s)}) m left join done d on d.month = m.month
    order by m.month`),
  );
  return {
    ...period(s),
    currency: session.clinic.currency,
    items: rows.map((r) => ({ month: r.month, completed: +r.completed, net: r.net })),
  };
}
