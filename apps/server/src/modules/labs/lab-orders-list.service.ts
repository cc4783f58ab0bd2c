import {
  LAB_ORDER_CLOSED_STATUSES,
  type LabOrderItem,
  type LabOrderSortField,
  type LabOrdersListInput,
  type labOrdersListOutput,
  currencyDecimals,
} from '@dental/contract';
import { type SQL, type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonObject, runBuilt } from '../../platform/db/json-list.js';
import { containsPattern, pageWindow } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { patientBranches, patients } from '../patients/index.js';
import { orderColumns } from './lab-orders.service.js';
import { labOrderTotals, labOrders, labServices, labs } from './labs.table.js';
import { moneyText } from './labs.service.js';

/*
 * Lab/GetLabOrders on the hot-read path (docs/architecture.md §10, docs/labs.md): one statement built once per shape
 * (runBuilt), PostgreSQL writes the page's JSON. The page and the totals join only what their filter, search, scope
 * or sort needs (an order's patient, lab and service always exist: foreign keys); the page's rows then get their
 * patient, lab, service and doctor. Checked against the replaced path for every filter (lab-orders-read.int.test.ts).
 */

const o = labOrders;
const p = (name: string) => sql.placeholder(name);
const closed = sql.raw(LAB_ORDER_CLOSED_STATUSES.map((s) => `'${s}'`).join(', '));

/** Past its expected delivery day in the clinic's zone (today there) and not received, used or cancelled. */
const overdue = sql<boolean>`coalesce(${o.expectedDeliveryDate} < (now() at time zone ${p('timeZone')}::text)::date and ${o.status} not in (${closed}), false)`;

/**
 * The same as a condition (null counts as not overdue, as in WHERE), written so that the partial index of the open
 * orders (`lab_orders_open_expected_idx`, migration 0026) serves it: the overdue-only filter and the overdue count.
 */
const overdueWhere = sql`${o.expectedDeliveryDate} < (now() at time zone ${p('timeZone')}::text)::date and ${o.status} not in (${closed})`;

const FILTERS = ['status', 'labId', 'patientId', 'doctorId', 'from', 'to', 'overdueOnly', 'search'] as const;
type Filter = (typeof FILTERS)[number];

const SORT: Record<LabOrderSortField, SQL> = {
  sendDate: sql`${o.sendDate}`,
  expectedDeliveryDate: sql`${o.expectedDeliveryDate}`,
  createdAt: sql`${o.createdAt}`,
  status: sql`${o.status}`,
  patientName: sql`lower(${patients.name})`,
  labName: sql`lower(${labs.name})`,
};

const LAB_SORT_KEYS: Record<LabOrderSortField, string> = {
  sendDate: 's', expectedDeliveryDate: 'e', createdAt: 'c', status: 't', patientName: 'p', labName: 'l',
};

/** A page size or a number of decimals as a literal of the statement's text (checked: the schema allows 1-200). */
function literal(n: number) {
  if (!Number.isSafeInteger(n) || n < 0 || n > 1000) throw new Error(`bad literal ${n}`);
  return sql.raw(String(n));
}

/** A row of the list, in the contract's field order (checked by the tests against the contract's schema). */
const itemFields = (decimals: number) =>
  ({
    ...orderColumns(decimals, overdue),
    readyAt: isoInstant(o.readyAt),
    createdAt: isoInstant(o.createdAt),
  }) satisfies Record<keyof LabOrderItem, SQLWrapper>;

const joinPatients = sql`join ${patients} on ${patients.clinicId} = ${o.clinicId} and ${patients.id} = ${o.patientId}`;
const joinLabs = sql`join ${labs} on ${labs.clinicId} = ${o.clinicId} and ${labs.id} = ${o.labId}`;
const joinServices = sql`join ${labServices} on ${labServices.clinicId} = ${o.clinicId} and ${labServices.id} = ${o.labServiceId}`;

interface Shape {
  scope: 'a' | 'b' | 'n';
  given: readonly Filter[];
  dateField: LabOrdersListInput['dateField'];
  sortField: LabOrderSortField;
  descending: boolean;
  limit: number;
  decimals: number;
}

/** The orders the filters, search and scope keep, with only the joins they need (and the sort's, for the page). */
function matches(s: Shape, forPage: boolean) {
  const has = (f: Filter) => s.given.includes(f);
  const dateColumn =
    s.dateField === 'createdAt'
      ? sql`(${o.createdAt} at time zone ${p('timeZone')}::text)::date`
      : s.dateField === 'expectedDeliveryDate'
        ? sql`${o.expectedDeliveryDate}`
        : sql`${o.sendDate}`;
  const needPatients = has('search') || (forPage && s.sortField === 'patientName');
  const needLabs = has('search') || (forPage && s.sortField === 'labName');
  const where = and(
    eq(o.clinicId, p('clinicId')),
    s.scope === 'a'
      ? undefined
      : s.scope === 'b'
        ? sql`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${o.clinicId}
            and ${patientBranches.patientId} = ${o.patientId} and ${patientBranches.branchId} = any(${p('branchIds')}::bigint[]))`
        : sql`false`,
    has('status') ? sql`${o.status} = any(${p('status')}::text[])` : undefined,
    has('labId') ? eq(o.labId, p('labId')) : undefined,
    has('patientId') ? eq(o.patientId, p('patientId')) : undefined,
    has('doctorId') ? eq(o.doctorId, p('doctorId')) : undefined,
    has('from') ? sql`${dateColumn} >= ${p('from')}::date` : undefined,
    has('to') ? sql`${dateColumn} <= ${p('to')}::date` : undefined,
    has('overdueOnly') ? overdueWhere : undefined,
    has('search')
      ? sql`(${patients.name} ilike ${p('pattern')} or ${patients.code} ilike ${p('pattern')} or ${labs.name} ilike ${p('pattern')}
          or ${labServices.nameAr} ilike ${p('pattern')} or ${labServices.nameEn} ilike ${p('pattern')})`
      : undefined,
  );
  return sql`from ${o} ${needPatients ? joinPatients : sql``} ${needLabs ? joinLabs : sql``} ${has('search') ? joinServices : sql``}
    where ${where}`;
}

/**
 * Totals without a filter but the statuses, for a user of every branch: the summary kept by triggers
 * (lab_order_totals, a few rows per clinic) gives the count and the price, the open orders' partial index the overdue
 * count; the same numbers as counting every order (lab-orders-read.int.test.ts, lab-order-totals.int.test.ts).
 */
const fromSummary = (s: Shape) => s.scope === 'a' && s.given.every((f) => f === 'status');

function totals(s: Shape) {
  if (!fromSummary(s)) {
    return sql`select count(*)::int as count, (count(*) filter (where ${overdue}))::int as overdue,
        ${moneyText(sql`coalesce(sum(${o.price}), 0)`, s.decimals)} as price ${matches(s, false)}`;
  }
  const t = labOrderTotals;
  const statuses = (column: SQLWrapper) => (s.given.includes('status') ? sql`and ${column} = any(${p('status')}::text[])` : sql``);
  return sql`select coalesce(sum(${t.orders}), 0)::int as count,
      (select count(*)::int from ${o} where ${o.clinicId} = ${p('clinicId')} and ${overdueWhere} ${statuses(o.status)}) as overdue,
      ${moneyText(sql`coalesce(sum(${t.price}), 0)`, s.decimals)} as price
    from ${t} where ${t.clinicId} = ${p('clinicId')} ${statuses(t.status)}`;
}

function statement(s: Shape) {
  const dir = sql.raw(s.descending ? 'desc' : 'asc');
  const sorted = sql`${SORT[s.sortField]} ${dir}, ${o.id} ${dir}`;
  return sql`with page as (select ${o.id} as id ${matches(s, true)} order by ${sorted} limit ${literal(s.limit)} offset ${p('offset')})
    select (select coalesce(json_agg(${jsonObject(itemFields(s.decimals))} order by ${sorted}), '[]')::text
        from page
        join ${o} on ${o.clinicId} = ${p('clinicId')} and ${o.id} = page.id
        ${joinPatients} ${joinLabs} ${joinServices}
        left join ${users} as ${sql.identifier('doctors')} on ${sql.identifier('doctors')}.${sql.identifier('clinic_id')} = ${o.clinicId}
          and ${sql.identifier('doctors')}.${sql.identifier('id')} = ${o.doctorId}) as items,
      totals.count, totals.overdue, totals.price
    from (${totals(s)}) totals`;
}

/**
 * The clinic's orders (GetLabOrders): filters, sorting (newest first by default), paging, and totals over every
 * match (count, overdue, the labs' cost). Patients of branches the caller does not work in are left out.
 */
export async function listLabOrders(tx: Tx, session: ClinicSession, input: LabOrdersListInput) {
  const { limit, offset } = pageWindow(input);
  const values: Record<string, unknown> = {
    clinicId: session.clinicId,
    branchIds: session.allBranches ? undefined : session.branchIds,
    timeZone: session.clinic.timeZone,
    status: input.status?.length ? input.status : undefined,
    labId: input.labId,
    patientId: input.patientId,
    doctorId: input.doctorId,
    from: input.from,
    to: input.to,
    overdueOnly: input.overdueOnly || undefined,
    search: input.search || undefined,
    pattern: input.search ? containsPattern(input.search) : undefined,
    offset,
  };
  const shape: Shape = {
    scope: session.allBranches ? 'a' : session.branchIds.length ? 'b' : 'n',
    given: FILTERS.filter((f) => values[f] !== undefined),
    dateField: input.dateField,
    sortField: input.sortField ?? 'createdAt',
    descending: (input.sortOrder ?? (input.sortField ? 'ascend' : 'descend')) === 'descend',
    limit,
    decimals: currencyDecimals(session.clinic.currency),
  };
  const key = `lab_orders_${shape.scope}_${shape.given.map((f) => FILTERS.indexOf(f)).join('')}_${shape.dateField[0]}`
    + `_${LAB_SORT_KEYS[shape.sortField]}${shape.descending ? 'd' : 'a'}_l${limit}_m${shape.decimals}`;
  const [row] = await runBuilt<{ items: string; count: number; overdue: number; price: string }>(tx, key, () => statement(shape), values);
  const { items, count, overdue: late, price } = row!;
  const totals = JSON.stringify({ count: Number(count), overdue: Number(late), price });
  return new JsonText<z.output<typeof labOrdersListOutput>>(
    `{"items":${items},"total":${Number(count)},"page":${input.page},"pageSize":${input.pageSize},"totals":${totals}}`,
  );
}

/**
 * `lab_order_totals` against the orders themselves (the summary's definition, written again): the clinic's statuses
 * whose summary differs, with both. Empty when the summary is true. Tests and operators run it.
 */
export const labOrderTotalsDrift = (clinicId: number) =>
  sql`with e as (select status, count(*)::int as orders, sum(price) as price from ${o} where ${o.clinicId} = ${clinicId} group by status),
    t as (select status, orders, price from ${labOrderTotals} where ${labOrderTotals.clinicId} = ${clinicId})
    select coalesce(e.status, t.status) as status, e.orders, t.orders as summary_orders, e.price::text as price, t.price::text as summary_price
    from e full join t on t.status = e.status
    where coalesce(e.orders, 0) <> coalesce(t.orders, 0) or coalesce(e.price, 0) <> coalesce(t.price, 0)`;
