import {
  PATIENT_COUNT_CAP, type CallDescriptor, type PatientListItem, type PatientSortField, type SearchPatientsInput, callPath,
  patientsCalls,
} from '@dental/contract';
import { type SQL, and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, testApp, type TestClinic } from '../../../test/harness.js';
import { branches } from '../../platform/auth/identity.table.js';
import { type ClinicSession, loadClinicSession } from '../../platform/auth/session.js';
import { verifyToken } from '../../platform/auth/tokens.js';
import { orderBy, pageWindow, listResult } from '../../platform/db/list-query.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Tx } from '../../platform/db/types.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { clinicLookups } from '../lookups/lookups.table.js';
import { type PatientScope, visiblePatients } from './patient-guard.js';
import { toListItem } from './patient-search.service.js';
import { patientBranches, patients } from './patients.table.js';
import { quickSearch, refreshSearchWords, wordsSearchQuery } from './search-words.js';

/**
 * Patient/PostSearchPatients and Patient/GetPatientsApproved answer with JSON built by PostgreSQL and passed through
 * (issue 19). Each case is checked against the contract's schema and compared with the answer of the path it
 * replaced (drizzle rows mapped in JavaScript, the output schema, JSON.stringify), kept here as the reference: same
 * fields, types, nulls, order, totals and paging. (The reference runs the current `wordsSearchQuery`, whose rows' id
 * and total are as before.)
 */
const t = await testApp();

// ---- the replaced path, as it was (patient-search.service.ts and search-words.ts before issue 19) ----

const SORT = {
  name: patients.nameNormalized,
  code: sql`length(${patients.code}), ${patients.code}`,
  createdAt: patients.id,
  dateOfBirth: patients.dateOfBirth,
} satisfies Record<PatientSortField, unknown>;
const parent = alias(patients, 'parent');
const rowsOf = (result: unknown) => (result as { rows: Array<{ id: string | number; total: string | number }> }).rows;

async function referenceSearchByWords(tx: Tx, clinicId: number, text: string, page: { limit: number; offset: number; descending: boolean }) {
  const wanted = page.offset + page.limit;
  for (let fetch = wanted * 2; ; fetch *= 4) {
    const { query, repeats } = wordsSearchQuery(clinicId, text, { ...page, fetch });
    const rows = rowsOf(await tx.execute(query));
    if (!repeats) {
      if (rows.length || page.offset === 0) return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.total) : 0 };
      const all = rowsOf(await tx.execute(wordsSearchQuery(clinicId, text, { ...page, limit: 1, offset: 0, fetch: 1 }).query));
      return { ids: [], total: all.length ? Number(all[0]!.total) : 0 };
    }
    const total = rows.length ? Number(rows[0]!.total) : 0;
    const ids = [...new Set(rows.map((r) => Number(r.id)))];
    if (ids.length >= Math.min(total, wanted) || rows.length < fetch) return { ids: ids.slice(page.offset, wanted), total };
  }
}

const withJoins = (tx: Tx) =>
  tx
    .select({ p: patients, parentName: parent.name, insuranceCompanyName: insuranceCompanies.name })
    .from(patients)
    .leftJoin(parent, and(eq(parent.clinicId, patients.clinicId), eq(parent.id, patients.parentId)))
    .leftJoin(insuranceCompanies, and(eq(insuranceCompanies.clinicId, patients.clinicId), eq(insuranceCompanies.id, patients.insuranceCompanyId)));

async function referencePageOf(tx: Tx, clinicId: number, ids: number[], total: number, input: { page: number; pageSize: number }) {
  if (!ids.length) return { ...listResult([], total, input), totalCapped: false };
  const rows = await withJoins(tx).where(and(eq(patients.clinicId, clinicId), inArray(patients.id, ids)));
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  return { ...listResult(ids.map((id) => toListItem(byId.get(id)!)), total, input), totalCapped: false };
}

function referenceFilters(scope: PatientScope, timeZone: string, input: Partial<SearchPatientsInput>) {
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    eq(patients.clinicId, scope.clinicId),
    isNull(patients.deletedAt),
    visiblePatients(scope),
    quickSearch(scope.clinicId, input.search),
    input.patientType ? eq(patients.patientType, input.patientType) : undefined,
    input.gender ? eq(patients.gender, input.gender) : undefined,
    input.insuranceCompanyId ? eq(patients.insuranceCompanyId, input.insuranceCompanyId) : undefined,
    input.referenceId ? eq(patients.referenceId, input.referenceId) : undefined,
    input.isActive === undefined ? undefined : eq(patients.isActive, input.isActive),
    input.branchId
      ? sql`exists (select 1 from ${patientBranches} where ${patientBranches.clinicId} = ${patients.clinicId}
              and ${patientBranches.patientId} = ${patients.id} and ${patientBranches.branchId} = ${input.branchId})`
      : undefined,
    input.createdFrom ? sql`${patients.createdAt} >= (${input.createdFrom}::date)::timestamp at time zone ${timeZone}` : undefined,
    input.createdTo ? sql`${patients.createdAt} < (${dayAfter(input.createdTo)}::date)::timestamp at time zone ${timeZone}` : undefined,
  ];
}

async function referenceList(
  tx: Tx, scope: PatientScope, where: SQL | undefined, input: SearchPatientsInput, defaultSort: PatientSortField, approvedOnly: boolean,
) {
  const { clinicId } = scope;
  const { limit, offset } = pageWindow(input);
  const field = input.sortField ?? defaultSort;
  const order = input.sortField ? input.sortOrder : defaultSort === 'createdAt' ? 'descend' : 'ascend';
  const sorted = orderBy(SORT[field], order, patients.id);
  const filtered = Object.entries(input).some(
    ([k, v]) => v !== undefined && !['search', 'sortField', 'sortOrder', 'page', 'pageSize'].includes(k),
  );
  if (input.search && field === 'name' && !filtered && approvedOnly && scope.allBranches) {
    const found = await referenceSearchByWords(tx, clinicId, input.search, { limit, offset, descending: order === 'descend' });
    return referencePageOf(tx, clinicId, found.ids, found.total, input);
  }
  if (input.search) {
    const page = await tx
      .select({ id: patients.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(patients).where(where).orderBy(...sorted).limit(limit).offset(offset);
    if (page.length) return referencePageOf(tx, clinicId, page.map((r) => r.id), page[0]!.total, input);
  }
  const rows = await withJoins(tx).where(where).orderBy(...sorted).limit(limit).offset(offset);
  const [counted] = await tx
    .select({ n: count() })
    .from(tx.select({ one: sql`1` }).from(patients).where(where).limit(PATIENT_COUNT_CAP + 1).as('matches'));
  const totalCapped = counted!.n > PATIENT_COUNT_CAP;
  return { ...listResult(rows.map(toListItem), totalCapped ? PATIENT_COUNT_CAP : counted!.n, input), totalCapped };
}

const P = patientsCalls;
type Read = 'search' | 'waiting';
const DESCRIPTORS: Record<Read, CallDescriptor> = { search: P.searchPatients, waiting: P.getPatientsApproved };

/** The replaced path's answer as the route sent it: the input and output schemas' parse, then JSON. */
async function referenceAnswer(c: TestClinic, token: string, read: Read, body: Record<string, unknown>) {
  const d = DESCRIPTORS[read];
  const claims = verifyToken(`Bearer ${token}`, t.app.deps.config.TOKEN_SECRET)!;
  const input = d.input.parse(body) as SearchPatientsInput;
  const answer = await withTenant(t.database.db, c.clinicId, async (tx, scope) => {
    const session: ClinicSession = await loadClinicSession(tx, claims, {}, scope);
    const tz = session.clinic.timeZone;
    const approval = eq(patients.approvalStatus, read === 'search' ? 'approved' : 'waiting');
    const where = and(...referenceFilters(session, tz, input), approval);
    if (read === 'search') return referenceList(tx, session, where, input, input.search ? 'name' : 'createdAt', true);
    return referenceList(tx, session, where, { ...input, sortOrder: input.sortOrder ?? 'ascend' }, 'createdAt', false);
  });
  return JSON.parse(JSON.stringify(d.output.parse(answer))) as unknown;
}

/** The answer through the server, checked against the contract, and against the reference. */
async function compare(c: TestClinic, token: string, read: Read, body: Record<string, unknown>, label: string) {
  const d = DESCRIPTORS[read];
  const res = read === 'waiting' ? await api(t, token).get(callPath(d), body) : await api(t, token).post(callPath(d), body);
  const answer = expectContractAnswer(d, res);
  const reference = await referenceAnswer(c, token, read, body);
  expect(answer, label).toEqual(reference);
  expect(JSON.stringify(answer), label).toBe(JSON.stringify(reference));
  return answer as { items: Array<{ id: number }>; total?: number; totalCapped?: boolean };
}

async function addBranch(c: TestClinic, name: string) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId: c.clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

describe('patients list and waiting list, passed through from PostgreSQL', () => {
  it('answers every case exactly as the replaced path: filters, sorts, pages, searches, branches, empty, optional fields', async () => {
    const k = await newClinic(t);
    const second = await addBranch(k, 'Second');
    const secretary = await newUser(t, k, ['patient_list', 'patient_list_waiting_for_approve']); // the first branch only
    const { insurer, reference } = await withTenant(t.database.db, k.clinicId, async (tx) => {
      const [i] = await tx.insert(insuranceCompanies).values({ clinicId: k.clinicId, name: 'تأمين "مصر" \\ Misr' }).returning();
      const [r] = await tx.insert(clinicLookups).values({ clinicId: k.clinicId, groupName: 'reference', nameAr: 'صديق', nameEn: 'Friend' }).returning();
      return { insurer: i!.id, reference: r!.id };
    });
    const head = await newPatient(t, k, { name: 'محمد أحمد السيد', gender: 'M', dateOfBirth: '1970-02-03', nationalId: '27002030101234' });
    const full = await newPatient(t, k, {
      name: 'أحمد محمد السيد', parentId: head, mobile: null, gender: 'M', dateOfBirth: '2001-12-31', patientType: 'PT2',
      nationalId: '30112310101234', insuranceCompanyId: insurer, referenceId: reference,
    });
    const ids = [head, full];
    const more: Array<Partial<typeof patients.$inferInsert>> = [
      { name: 'إيمان علي', gender: 'F', dateOfBirth: '1999-01-01' },
      { name: 'ايمان على حسن', gender: 'F', isActive: false },
      { name: 'Ahmad Smith', gender: 'M', dateOfBirth: '1985-06-15', insuranceCompanyId: insurer },
      { name: 'john O\'Brien "Jr" \\ 😀', patientType: 'PT3' },
      { name: 'أحمد حسن', createdAt: sql`'2030-01-06 07:01:02.123987+00'::timestamptz` as unknown as Date },
      { name: 'أحمد ينتظر', approvalStatus: 'waiting', source: 'website' },
      { name: 'Website Waiting', approvalStatus: 'waiting', source: 'website', gender: 'F' },
      { name: 'أحمد الفرع الثاني', gender: 'M' }, // moved to the second branch below
      { name: 'أحمد في الفرعين', gender: 'M' }, // in both branches
      ...Array.from({ length: 12 }, (_, i) => ({ name: `سارة ${i % 2 ? 'أحمد' : 'Smith'} ${String(i).padStart(2, '0')}`, gender: 'F' })),
    ];
    for (const v of more) ids.push(await newPatient(t, k, v));
    const deleted = await newPatient(t, k, { name: 'أحمد محذوف' });
    const [onlySecond, both] = [ids[9]!, ids[10]!];
    await withTenant(t.database.db, k.clinicId, async (tx) => {
      await tx.update(patients).set({ deletedAt: new Date() }).where(and(eq(patients.clinicId, k.clinicId), eq(patients.id, deleted)));
      await refreshSearchWords(tx, k.clinicId, [deleted]);
      await tx.update(patientBranches).set({ branchId: second })
        .where(and(eq(patientBranches.clinicId, k.clinicId), eq(patientBranches.patientId, onlySecond)));
      await tx.insert(patientBranches).values({ clinicId: k.clinicId, patientId: both, branchId: second });
      // equal creation times: the order falls to the id
      await tx.update(patients).set({ createdAt: new Date('2031-05-05T10:00:00.5Z') })
        .where(and(eq(patients.clinicId, k.clinicId), inArray(patients.id, ids.slice(11, 15))));
      // a code of four digits
      await tx.update(patients).set({ code: '9770' }).where(and(eq(patients.clinicId, k.clinicId), eq(patients.id, ids[4]!)));
    });

    const searches: Array<Record<string, unknown>> = [
      {}, { pageSize: 5 }, { page: 2, pageSize: 5 }, { page: 9, pageSize: 5 },
      { sortField: 'name', sortOrder: 'ascend' }, { sortField: 'name', sortOrder: 'descend', pageSize: 4, page: 2 },
      { sortField: 'code', sortOrder: 'ascend' }, { sortField: 'code', sortOrder: 'descend' },
      { sortField: 'createdAt', sortOrder: 'ascend' }, { sortField: 'dateOfBirth', sortOrder: 'descend' }, { sortField: 'dateOfBirth' },
      { gender: 'F' }, { gender: 'M', sortField: 'name' }, { patientType: 'PT2' }, { insuranceCompanyId: insurer }, { referenceId: reference },
      { isActive: false }, { isActive: true, pageSize: 3 }, { branchId: second }, { branchId: k.branchId, pageSize: 50 },
      { createdFrom: '2031-05-05', createdTo: '2031-05-05' }, { createdFrom: '2030-01-01', createdTo: '2030-12-31' }, { createdTo: '2000-01-01' },
      // quick search: Arabic letter forms, several words, Latin without case, mobile digits, a code, nothing found
      { search: 'احم' }, { search: 'احم', pageSize: 3, page: 2 }, { search: 'احم', pageSize: 3, page: 9 }, { search: 'احم', sortOrder: 'descend' },
      { search: 'ايمان علي' }, { search: 'إيمان', isActive: true }, { search: 'SMITH' }, { search: 'smith', sortField: 'createdAt' },
      { search: 'smi سار', pageSize: 2 }, { search: 'سارة', gender: 'F', page: 2, pageSize: 4 }, { search: '9770' }, { search: '+2010' },
      { search: 'xyz' }, { search: 'xyz', page: 3 }, { search: 'احم', branchId: second }, { search: 'obrien' }, { search: "o'brien" },
    ];
    let cases = 0;
    for (const [who, token] of [['owner', k.token], ['secretary (first branch)', secretary]] as const) {
      for (const body of searches) {
        await compare(k, token, 'search', body, `${who} search ${JSON.stringify(body)}`);
        cases++;
      }
      for (const body of [{}, { sortOrder: 'descend' }, { search: 'احم' }, { gender: 'F' }, { page: 2, pageSize: 1 }]) {
        await compare(k, token, 'waiting', body, `${who} waiting ${JSON.stringify(body)}`);
        cases++;
      }
    }
    expect(cases).toBe(2 * (searches.length + 5));

    // the cases hold what they are meant to
    const all = await compare(k, k.token, 'search', { pageSize: 50 }, 'all');
    expect(all).toMatchObject({ total: 21, totalCapped: false });
    const items = all.items as PatientListItem[];
    expect(items.find((i) => i.id === full)).toEqual({
      id: full, code: expect.any(String), name: 'أحمد محمد السيد', mobile: null, parentName: 'محمد أحمد السيد', dateOfBirth: '2001-12-31',
      gender: 'M', patientType: 'PT2', nationalId: '30112310101234', insuranceCompanyName: 'تأمين "مصر" \\ Misr', approvalStatus: 'approved',
      source: 'clinic', isActive: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(items.find((i) => i.name === 'أحمد حسن')!.createdAt).toBe('2030-01-06T07:01:02.123Z');
    expect(items.find((i) => i.name.startsWith('john'))).toMatchObject({ gender: null, dateOfBirth: null, parentName: null, insuranceCompanyName: null });
    const mine = await compare(k, secretary, 'search', { pageSize: 50 }, 'secretary all');
    expect(mine.total).toBe(20);
    expect(mine.items.map((i) => i.id)).not.toContain(onlySecond);
    expect((await compare(k, k.token, 'search', { search: 'احم', pageSize: 50 }, 'احم')).total).toBe(11);
    expect((await compare(k, k.token, 'search', { search: 'xyz', page: 3 }, 'xyz')).total).toBe(0);
  });

  it('caps the count past 1,000 matches exactly as before, with and without a search, on and past the last page', async () => {
    const k = await newClinic(t);
    await withTenant(t.database.db, k.clinicId, async (tx) => {
      await tx.execute(sql`insert into patients (clinic_id, code, name, name_normalized, mobile, gender)
        select ${k.clinicId}, (10000 + g)::text, 'Bulk ' || g, 'bulk ' || g, '+2011' || lpad(g::text, 8, '0'), case when g % 2 = 0 then 'M' else 'F' end
        from generate_series(1, ${PATIENT_COUNT_CAP + 5}) g`);
      await tx.execute(sql`insert into patient_branches (clinic_id, patient_id, branch_id)
        select clinic_id, id, ${k.branchId}::bigint from patients where clinic_id = ${k.clinicId}`);
      await refreshSearchWords(tx, k.clinicId, 'all');
    });
    const cases: Array<[Record<string, unknown>, number, boolean]> = [
      [{}, PATIENT_COUNT_CAP, true],
      [{ page: 200, pageSize: 5 }, PATIENT_COUNT_CAP, true],
      [{ page: 202, pageSize: 5 }, PATIENT_COUNT_CAP, true],
      [{ gender: 'F', sortField: 'name' }, 503, false],
      // a search counts its matches exactly on a page, and up to the cap past the last one
      [{ search: 'bulk' }, PATIENT_COUNT_CAP + 5, false],
      [{ search: 'bulk', page: 34, pageSize: 30 }, PATIENT_COUNT_CAP + 5, false],
      [{ search: 'bulk', page: 35, pageSize: 30 }, PATIENT_COUNT_CAP + 5, false],
      [{ search: 'bulk', isActive: true, page: 34 }, PATIENT_COUNT_CAP + 5, false],
      [{ search: 'bulk', isActive: true, page: 35 }, PATIENT_COUNT_CAP, true],
      [{ search: '+2011000', sortField: 'code' }, PATIENT_COUNT_CAP + 5, false],
    ];
    for (const [body, total, totalCapped] of cases) {
      const answer = await compare(k, k.token, 'search', body, JSON.stringify(body));
      expect({ total: answer.total, totalCapped: answer.totalCapped }, JSON.stringify(body)).toEqual({ total, totalCapped });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('writes the page size into the list statement, so that its generic plan knows how small the page is', async () => {
    const k = await newClinic(t);
    await newPatient(t, k, { name: 'Mona Ali', gender: 'F', dateOfBirth: '1990-01-02' });
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    const sent: Array<{ name?: string; text: string }> = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'object' && args[0] !== null) sent.push(args[0] as { name?: string; text: string });
      return query.apply(this, args);
    };
    try {
      for (const body of [{ gender: 'F', sortField: 'dateOfBirth', sortOrder: 'descend' }, { search: 'mon', gender: 'F' }, { pageSize: 20 }])
        expect((await api(t, k.token).post(callPath(patientsCalls.searchPatients), { page: 1, pageSize: 30, ...body })).statusCode).toBe(200);
    } finally {
      proto.query = query;
    }
    const lists = sent.filter((s) => s.name?.startsWith('dentix_patients'));
    expect(lists.map((s) => / limit (\d+|\$\d+) offset \$\d+/.exec(s.text)?.[1])).toEqual(['30', '30', '20']);
  });
});

describe('the patients list counts only when the page does not tell', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('takes the count of a short page from its rows: the capped count is never run', async () => {
    const k = await newClinic(t);
    for (const gender of ['F', 'F', 'M']) await newPatient(t, k, { gender, dateOfBirth: '1990-01-02' });
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    const sent: Array<{ name?: string; text: string; values?: unknown[] }> = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'object' && args[0] !== null) {
        const q = args[0] as (typeof sent)[number];
        sent.push({ ...q, values: q.values ?? (Array.isArray(args[1]) ? args[1] : undefined) });
      }
      return query.apply(this, args);
    };
    const bodies = [
      { gender: 'F', sortField: 'dateOfBirth', sortOrder: 'descend' }, // short first page: 2 of 30
      { page: 2, pageSize: 2 }, // short last page: 1 of 2
      { gender: 'M', page: 3 }, // past the last page: counted
      { pageSize: 3 }, // a full page: counted
    ];
    const totals: number[] = [];
    try {
      for (const body of bodies) {
        const res = await api(t, k.token).post(callPath(patientsCalls.searchPatients), { page: 1, pageSize: 30, ...body });
        expect(res.statusCode).toBe(200);
        totals.push((res.json() as { total: number }).total);
      }
    } finally {
      proto.query = query;
    }
    expect(totals).toEqual([2, 3, 1, 3]);
    const lists = sent.filter((s) => s.name?.startsWith('dentix_patients'));
    expect(lists).toHaveLength(bodies.length);
    type PlanNode = { 'Node Type': string; 'Subplan Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };
    const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    // the capped count: a sub-plan (not the page's CTE) that aggregates a limited scan, without a join (the items join)
    const countRuns = async (s: (typeof lists)[number]) => {
      const plan = await withTenant(t.database.db, k.clinicId, async (tx) => {
        const { client } = tx._.session as unknown as { client: pg.ClientBase };
        const res = await client.query({ text: `explain (analyze, format json) ${s.text}`, values: s.values });
        return (res.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
      });
      const counts = nodes(plan).filter(
        (n) => n['Subplan Name'] && !n['Subplan Name'].startsWith('CTE') && n['Node Type'] === 'Aggregate'
          && nodes(n).some((c) => c['Node Type'] === 'Limit') && !nodes(n).some((c) => /Join|Nested Loop/.test(c['Node Type'])),
      );
      expect(counts).toHaveLength(1);
      return counts[0]!['Actual Loops'];
    };
    const runs: number[] = [];
    for (const s of lists) runs.push(await countRuns(s));
    expect(runs).toEqual([0, 0, 1, 1]);
  });
});
