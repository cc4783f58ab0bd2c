import {
  PATIENT_COUNT_CAP,
  type PatientListItem,
  type PatientsPage,
  type PatientSortField,
  type SearchPatientsInput,
  normalizeName,
} from '@dental/contract';
import { type AnyColumn, type SQL, type SQLWrapper, and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { JsonText, isoInstant, jsonObject, runBuilt, runBuiltSelect } from '../../platform/db/json-list.js';
import { orderBy, pageWindow } from '../../platform/db/list-query.js';
import { type PatientScope, assertPatientsInScope, inBranches } from './patient-guard.js';
import { type SearchShape, quickSearchBy, refreshSearchWords, searchArgs, wordsSearchPage } from './search-words.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { patientBranches, patients } from './patients.table.js';

const SORT: Record<PatientSortField, AnyColumn | SQL> = {
  name: patients.nameNormalized,
  code: sql`length(${patients.code}), ${patients.code}`,
  // ids grow with creation, and rows added in one transaction share created_at
  createdAt: patients.id,
  dateOfBirth: patients.dateOfBirth,
};

const parent = alias(patients, 'parent');

type ListInput = Omit<SearchPatientsInput, 'isActive'> & { isActive?: boolean };
const FILTERS = ['patientType', 'gender', 'insuranceCompanyId', 'referenceId', 'isActive', 'branchId', 'createdFrom', 'createdTo'] as const;

/**
 * The values of a list statement (clinicId, the user's branches, the search's words, each filter given, the page) and
 * the key of its shape: which of them are there. The statement itself is built once per key (runBuilt).
 */
function listArgs(scope: PatientScope, timeZone: string, input: ListInput, approvalStatus: string) {
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const search = input.search?.trim() ? searchArgs(input.search) : undefined;
  const { limit, offset } = pageWindow(input);
  // filled in place, not as a spread literal: on Node 20 (V8 11) a spread literal's objects came to be allocated in
  // the old generation, where they kept each request's young objects alive past minor collections (bench/README.md)
  const values: Record<string, unknown> = Object.assign({}, search?.values);
  values.clinicId = scope.clinicId;
  values.branchIds = scope.allBranches ? undefined : scope.branchIds;
  values.approvalStatus = approvalStatus;
  values.timeZone = timeZone;
  for (const f of FILTERS) values[f] = input[f];
  values.createdTo = input.createdTo ? dayAfter(input.createdTo) : undefined;
  values.limit = limit;
  values.offset = offset;
  values.end = offset + limit;
  values.cap = PATIENT_COUNT_CAP + 1;
  const given = FILTERS.filter((f) => input[f] !== undefined);
  return { search, values, given, key: `${shapeKey(scope, search)}_${given.map((f) => FILTERS.indexOf(f)).join('')}` };
}

/** The part of a statement's key that the user's scope and the search's words decide (list and picker alike). */
function shapeKey(scope: PatientScope, search: SearchShape | undefined) {
  const scopeKey = scope.allBranches ? 'a' : scope.branchIds.length ? 'b' : 'n';
  return `${scopeKey}${search ? `s${search.words}${search.numeric ? 'n' : ''}` : ''}`;
}

const p = (name: string) => sql.placeholder(name);

/** A page size as a literal of a statement's text (checked: the input's schema allows 1-200). */
function checkedLimit(limit: unknown) {
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > 1000) throw new Error(`bad page size ${String(limit)}`);
  return sql.raw(String(limit));
}

/** The filters shared by the patients list and the waiting list, within the patients the user may see, as placeholders. */
function filters(scope: PatientScope, search: SearchShape | undefined, given: ReadonlyArray<(typeof FILTERS)[number]>) {
  const has = (f: (typeof FILTERS)[number]) => given.includes(f);
  return and(
    eq(patients.clinicId, p('clinicId')),
    isNull(patients.deletedAt),
    eq(patients.approvalStatus, p('approvalStatus')),
    scope.allBranches
      ? undefined
      : scope.branchIds.length
        ? inBranches(p('branchIds'))
        : sql`false`,
    search ? quickSearchBy(search, p) : undefined,
    has('patientType') ? eq(patients.patientType, p('patientType')) : undefined,
    has('gender') ? eq(patients.gender, p('gender')) : undefined,
    has('insuranceCompanyId') ? eq(patients.insuranceCompanyId, p('insuranceCompanyId')) : undefined,
    has('referenceId') ? eq(patients.referenceId, p('referenceId')) : undefined,
    has('isActive') ? eq(patients.isActive, p('isActive')) : undefined,
    has('branchId')
      ? sql`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${patients.clinicId}
              and ${patientBranches.patientId} = ${patients.id} and ${patientBranches.branchId} = ${p('branchId')})`
      : undefined,
    // the clinic's days: created_at compared in the clinic's time zone
    has('createdFrom') ? gte(patients.createdAt, sql`(${p('createdFrom')}::date)::timestamp at time zone ${p('timeZone')}::text`) : undefined,
    has('createdTo') ? lt(patients.createdAt, sql`(${p('createdTo')}::date)::timestamp at time zone ${p('timeZone')}::text`) : undefined,
  );
}

/** A row of the patients list, field by field in the contract's order, built by PostgreSQL (checked by the tests). */
const itemFields = {
  id: patients.id,
  code: patients.code,
  name: patients.name,
  mobile: patients.mobile,
  parentName: parent.name,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  patientType: patients.patientType,
  nationalId: patients.nationalId,
  insuranceCompanyName: insuranceCompanies.name,
  approvalStatus: patients.approvalStatus,
  source: patients.source,
  isActive: patients.isActive,
  createdAt: isoInstant(patients.createdAt),
} satisfies Record<keyof PatientListItem, SQLWrapper>;

/**
 * The JSON array of the list rows of a page's patients: `page` selects their ids, `order` is their order (the page's
 * own sort on `patients`, or its column n); only those patients are read, with their parent's and insurance company's
 * names. (A row_number() beside the page's LIMIT would turn its top-N sort into a sort of every match.)
 */
const pageItems = (page: SQL, order: SQL = sql`page.n`) => sql`(select coalesce(json_agg(${jsonObject(itemFields)} order by ${order}), '[]')::text
  from (${page}) page
  join ${patients} on ${patients.clinicId} = ${p('clinicId')} and ${patients.id} = page.id
  left join ${patients} as ${sql.identifier('parent')} on ${parent.clinicId} = ${patients.clinicId} and ${parent.id} = ${patients.parentId}
  left join ${insuranceCompanies} on ${insuranceCompanies.clinicId} = ${patients.clinicId}
    and ${insuranceCompanies.id} = ${patients.insuranceCompanyId})`;

/** One statement's answer: the page's items (JSON text), and the total as counted one way or another. */
interface PageRow {
  items: string;
  /** the exact number of matches (a search), or null */
  total: number | string | null;
  /** the matches counted up to the cap + 1, or null */
  counted: number | string | null;
  /** false: a words search needs a larger fetch */
  complete: boolean;
}

async function list(
  tx: Tx,
  scope: PatientScope,
  timeZone: string,
  input: ListInput,
  defaultSort: PatientSortField,
  /** The approved patients' list (PostSearchPatients), not the waiting list. */
  approvedOnly: boolean,
): Promise<JsonText<PatientsPage>> {
  const field = input.sortField ?? defaultSort;
  const order = input.sortField ? input.sortOrder : defaultSort === 'createdAt' ? 'descend' : 'ascend';
  const { search, values, given, key } = listArgs(scope, timeZone, input, approvedOnly ? 'approved' : 'waiting');
  const shape = `patients_${key}_${field}_${order === 'descend' ? 'd' : 'a'}`;
  // the page's size is written into the statement (one shape per size: the lists use a few), not a placeholder: a
  // generic plan (a named statement's, after five runs) assumes a LIMIT placeholder keeps 10 % of the rows, and then
  // joined "30" page rows to the clinic's every patient by a hash join over a sequential scan (264 ms instead of 1 ms
  // for the women by date of birth on 100,000 patients), so PostgreSQL planned every run afresh instead
  const limit = checkedLimit(values.limit);
  const sorted = () => sql.join(orderBy(SORT[field], order, patients.id), sql`, `);
  // counting stops past the cap: a count of 100,000 rows would cost more than the page itself
  const capped = (where: SQL | undefined) => sql`(select count(*)::int from (select 1 from ${patients} where ${where} limit ${p('cap')}) matches)`;
  let row: PageRow;
  if (search && field === 'name' && !given.length && approvedOnly && scope.allBranches) {
    // no filter, every branch: the words index finds, sorts, counts and pages the matches; only the page's patients
    // are read. Most patients match a prefix once: twice the rows wanted is nearly always enough, else ask for more
    const paged = values.offset !== 0;
    for (let fetch = (values.end as number) * 2; ; fetch *= 4) {
      [row] = (await runBuilt<PageRow>(tx, `${shape}_w${paged ? 'p' : ''}`, () => {
        const words = wordsSearchPage(search, p, { descending: order === 'descend', paged });
        return sql`${words.with} select ${pageItems(words.page)} as items, ${words.total} as total, null as counted,
          ${words.complete} as complete`;
      }, Object.assign({}, values, { fetch }))) as [PageRow];
      if (row.complete) break;
    }
  } else if (search) {
    // a search reads its matches once: the page and their count in one pass (window count); past the last page
    // the matches are counted up to the cap, as without a search
    [row] = (await runBuilt<PageRow>(tx, `${shape}_l${values.limit}`, () => {
      const where = filters(scope, search, given);
      return sql`with page as (
          select ${patients.id} as id, (count(*) over ())::int as total
          from ${patients} where ${where} order by ${sorted()} limit ${limit} offset ${p('offset')})
        select ${pageItems(sql`select id from page`, sorted())} as items, (select total from page limit 1) as total,
          case when not exists (select 1 from page) then ${capped(where)} end as counted, true as complete`;
    }, values)) as [PageRow];
  } else {
    // a page shorter than the page size is the last one: the matches are the rows before it and its own, and they
    // are not counted again (an empty answer of a branch-limited user otherwise visited every candidate twice)
    [row] = (await runBuilt<PageRow>(tx, `${shape}_l${values.limit}`, () => {
      const where = filters(scope, undefined, given);
      return sql`with page as (select ${patients.id} as id from ${patients} where ${where} order by ${sorted()} limit ${limit} offset ${p('offset')})
        select ${pageItems(sql`select id from page`, sorted())} as items, null as total,
          case when (select count(*) from page) < ${limit} and (${p('offset')}::bigint = 0 or exists (select 1 from page))
            then ${p('offset')}::bigint + (select count(*) from page) else ${capped(where)} end as counted, true as complete`;
    }, values)) as [PageRow];
  }
  const counted = Number(row.counted);
  const [total, totalCapped] = row.total !== null ? [Number(row.total), false] : [Math.min(counted, PATIENT_COUNT_CAP), counted > PATIENT_COUNT_CAP];
  return new JsonText(`{"items":${row.items},"total":${total},"totalCapped":${totalCapped},"page":${input.page},"pageSize":${input.pageSize}}`);
}

export const toListItem = (r: { p: typeof patients.$inferSelect; parentName: string | null; insuranceCompanyName: string | null }): PatientListItem => ({
  id: r.p.id,
  code: r.p.code,
  name: r.p.name,
  mobile: r.p.mobile,
  parentName: r.parentName,
  dateOfBirth: r.p.dateOfBirth,
  gender: r.p.gender as PatientListItem['gender'],
  patientType: r.p.patientType as PatientListItem['patientType'],
  nationalId: r.p.nationalId,
  insuranceCompanyName: r.insuranceCompanyName,
  approvalStatus: r.p.approvalStatus as PatientListItem['approvalStatus'],
  source: r.p.source as PatientListItem['source'],
  isActive: r.p.isActive,
  createdAt: r.p.createdAt.toISOString(),
});

/** PostSearchPatients: approved patients (website patients waiting for approval are on /NewPatientsList). */
export async function searchPatients(tx: Tx, scope: PatientScope, timeZone: string, input: SearchPatientsInput) {
  return list(tx, scope, timeZone, input, input.search ? 'name' : 'createdAt', true);
}

/** GetPatientsApproved: website patients waiting for approval, oldest first. */
export async function waitingPatients(tx: Tx, scope: PatientScope, timeZone: string, input: Omit<SearchPatientsInput, 'isActive'>) {
  return list(tx, scope, timeZone, { ...input, sortOrder: input.sortOrder ?? 'ascend' }, 'createdAt', false);
}

/**
 * GetPatientSearchByName: up to 20 approved, active patients for a picker, names starting with the text first. It
 * keeps the ordinary path (rows → output schema → JSON): passing PostgreSQL's JSON through was measured no faster
 * (bench/patients.ts), the time being the search's own (every match found, then the first 20 sorted).
 */
export async function pickPatients(tx: Tx, scope: PatientScope, search: string, excludeId?: number) {
  const words = search.trim() ? searchArgs(search) : undefined;
  const key = `picker_${shapeKey(scope, words)}${excludeId ? 'x' : ''}`;
  // built once per shape and run prepared (runBuiltSelect): building it with the query builder on every request cost
  // more than running it; values filled in place (see listArgs)
  const values: Record<string, unknown> = Object.assign({}, words?.values);
  values.clinicId = scope.clinicId;
  values.branchIds = scope.allBranches ? undefined : scope.branchIds;
  values.prefix = `${normalizeName(search).replace(/[\\%_]/g, '\\$&')}%`;
  values.excludeId = excludeId;
  const rows = await runBuiltSelect<PickerRow>(tx, key, () =>
    tx
      .select({ id: patients.id, code: patients.code, name: patients.name, mobile: patients.mobile, patientType: patients.patientType })
      .from(patients)
      .where(
        and(
          eq(patients.clinicId, p('clinicId')),
          isNull(patients.deletedAt),
          eq(patients.isActive, true),
          eq(patients.approvalStatus, 'approved'),
          words ? quickSearchBy(words, p) : undefined,
          scope.allBranches ? undefined : scope.branchIds.length ? inBranches(p('branchIds')) : sql`false`,
          excludeId ? sql`${patients.id} <> ${p('excludeId')}` : undefined,
        ),
      )
      .orderBy(sql`${patients.nameNormalized} like ${p('prefix')} desc`, patients.nameNormalized, patients.id)
      .limit(20),
  values);
  return { items: rows.map((r) => ({ ...r, patientType: r.patientType as PatientListItem['patientType'] })) };
}
type PickerRow = Pick<typeof patients.$inferSelect, 'id' | 'code' | 'name' | 'mobile' | 'patientType'>;

/** PostPatientsApproved: the waiting patients become approved; an id that is not waiting is refused. */
export async function approvePatients(tx: Tx, scope: PatientScope, ids: number[]) {
  const { clinicId } = scope;
  const unique = [...new Set(ids)];
  await assertPatientsInScope(tx, scope, unique);
  const updated = await tx
    .update(patients)
    .set({ approvalStatus: 'approved', updatedAt: new Date() })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        inArray(patients.id, unique),
        eq(patients.approvalStatus, 'waiting'),
        isNull(patients.deletedAt),
      ),
    )
    .returning({ id: patients.id });
  await refreshSearchWords(tx, clinicId, updated.map((r) => r.id));
  if (updated.length !== unique.length) {
    const known = await tx.$count(patients, and(eq(patients.clinicId, clinicId), inArray(patients.id, unique), isNull(patients.deletedAt)));
    return fail(known === unique.length ? 'patient_not_waiting' : 'patient_not_found');
  }
  return { updated: updated.length };
}
