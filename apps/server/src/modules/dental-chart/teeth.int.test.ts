import { callPath, dentalChartCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientTeeth } from './dental-chart.table.js';

const t = await testApp();
const GET = callPath(dentalChartCalls.getPatientTeeth);
const SAVE = callPath(dentalChartCalls.savePatientTeeth);

/** The clinic's charted teeth straight from the database. */
const teethOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx
      .select()
      .from(patientTeeth)
      .where(eq(patientTeeth.clinicId, clinicId))
      .orderBy(asc(patientTeeth.patientId), asc(patientTeeth.tooth)),
  );
const brief = (rows: Awaited<ReturnType<typeof teethOf>>) =>
  rows.map((r) => ({ tooth: r.tooth, color: r.color, surfaces: r.surfaces, extras: r.extras }));

async function expectDenied(call: Promise<LightMyRequestResponse>, code = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function save(token: string, body: Record<string, unknown>) {
  const res = await api(t, token).post(SAVE, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().teeth as Array<Record<string, unknown>>;
}

describe('Patient/GetPatientTeeth, SavePatientTeeth', () => {
  it('charts teeth, merges later changes, and reads the chart back, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    expect((await api(t, c.token).get(GET, { patientId })).json()).toEqual({ teeth: [] });

    const first = await save(c.token, {
      patientId,
      teeth: [
        { tooth: 36, color: '#FF0000', surfaces: { codes: ['M', 'O'], color: '#00AA00' } },
        { tooth: 75, extras: [{ code: 'filling', status: 'planned' }] },
      ],
    });
    expect(first).toEqual([
      {
        tooth: 36,
        color: '#ff0000',
        surfaces: { M: '#00aa00', O: '#00aa00' },
        extras: [],
        parts: [],
        extensions: [],
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ tooth: 75, color: null, surfaces: {}, extras: [{ code: 'filling', status: 'planned' }] }),
    ]);

    // a later change touches only what it names: O repainted, D added, M and the tooth colour kept
    await save(c.token, {
      patientId,
      teeth: [
        {
          tooth: 36,
          surfaces: { codes: ['O', 'D'], color: '#0000ff' },
          extras: [{ code: 'crown', status: 'done' }, { code: 'rootCanal', status: 'existing' }],
          parts: [{ name: 'post', color: '#123456' }],
          extensions: [{ kind: 'pontic', note: 'bridge to 34' }],
        },
      ],
    });
    const read = (await api(t, c.token).get(GET, { patientId: String(patientId) })).json().teeth;
    expect(read[0]).toMatchObject({
      tooth: 36,
      color: '#ff0000',
      surfaces: { M: '#00aa00', O: '#0000ff', D: '#0000ff' },
      extras: [{ code: 'crown', status: 'done' }, { code: 'rootCanal', status: 'existing' }],
      parts: [{ name: 'post', color: '#123456' }],
      extensions: [{ kind: 'pontic', note: 'bridge to 34' }],
    });
    const [row] = await teethOf(c.clinicId);
    expect(row!.updatedBy).toBe(c.ownerId);
  });

  it('removes surface colours with a null colour and drops a tooth left with nothing charted', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await save(c.token, {
      patientId,
      teeth: [
        { tooth: 11, surfaces: { codes: ['B'], color: '#aaaaaa' } },
        { tooth: 21, color: '#bbbbbb', extras: [{ code: 'veneer', status: 'planned' }] },
        { tooth: 48, color: '#cccccc' },
      ],
    });
    const after = await save(c.token, {
      patientId,
      teeth: [
        { tooth: 11, surfaces: { codes: ['B', 'L'], color: null } }, // nothing left → the row goes
        { tooth: 21, color: null }, // the extra stays
        { tooth: 48, clear: true }, // clear all
        { tooth: 18, clear: true }, // never charted: nothing happens
      ],
    });
    expect(after.map((x) => x.tooth)).toEqual([21]);
    expect(brief(await teethOf(c.clinicId))).toEqual([
      { tooth: 21, color: null, surfaces: {}, extras: [{ code: 'veneer', status: 'planned' }] },
    ]);
    // clear then set, in one change
    await save(c.token, { patientId, teeth: [{ tooth: 21, clear: true, color: '#010101' }] });
    expect(brief(await teethOf(c.clinicId))).toEqual([{ tooth: 21, color: '#010101', surfaces: {}, extras: [] }]);
  });

  it('refuses a bad body with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await save(c.token, { patientId, teeth: [{ tooth: 36, color: '#ff0000' }] });

    const none = await api(t, c.token).post(SAVE, { patientId, teeth: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'validation', message: 'Fill all required data', errors: { teeth: 'Select at least one tooth' } });
    const noSurface = await api(t, c.token, { language: 'ar' }).post(SAVE, {
      patientId,
      teeth: [{ tooth: 36, surfaces: { codes: [], color: '#00ff00' } }],
    });
    expect(noSurface.statusCode).toBe(400);
    expect(noSurface.json().errors).toEqual({ 'teeth.0.surfaces.codes': 'اختر سطحًا واحدًا على الأقل' });
    const fr = await api(t, c.token, { language: 'fr' }).post(SAVE, { patientId, teeth: [] });
    expect(fr.json().errors).toEqual({ teeth: 'Sélectionnez au moins une dent' });

    const bad = await api(t, c.token).post(SAVE, {
      patientId,
      teeth: [
        { tooth: 36, color: 'red', extras: [{ code: 'crown', status: 'someday' }] },
        { tooth: 19, color: '#000000' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'teeth.0.color': 'Invalid value',
      'teeth.0.extras.0.status': 'Invalid value',
      'teeth.1.tooth': 'Not a valid tooth number',
    });
    const twice = await api(t, c.token).post(SAVE, { patientId, teeth: [{ tooth: 36, clear: true }, { tooth: 36, color: '#000000' }] });
    expect(twice.json().errors).toEqual({ 'teeth.1.tooth': 'Invalid value' });
    expect((await api(t, c.token).post(SAVE, {})).json().errors).toEqual({ patientId: 'This field is required', teeth: 'This field is required' });
    expect((await api(t, c.token).get(GET, { patientId: 'abc' })).statusCode).toBe(400);
    expect(brief(await teethOf(c.clinicId))).toEqual([{ tooth: 36, color: '#ff0000', surfaces: {}, extras: [] }]);
  });

  it('reads with patient_list and writes with patient_edit or patient_procedures', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const body = { patientId, teeth: [{ tooth: 11, color: '#111111' }] };
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(GET, { patientId }));
    await expectDenied(api(t, none).post(SAVE, body));
    const reader = await newUser(t, c, ['patient_list'], 'RL4');
    expect((await api(t, reader).get(GET, { patientId })).statusCode).toBe(200);
    await expectDenied(api(t, reader).post(SAVE, body));
    expect(await teethOf(c.clinicId)).toEqual([]);
    const doctor = await newUser(t, c, ['patient_procedures'], 'RL3');
    expect((await api(t, doctor).post(SAVE, body)).statusCode).toBe(200);
    const editor = await newUser(t, c, ['patient_edit'], 'RL5');
    expect((await api(t, editor).post(SAVE, { patientId, teeth: [{ tooth: 12, color: '#121212' }] })).statusCode).toBe(200);
    expect((await teethOf(c.clinicId)).map((r) => r.tooth)).toEqual([11, 12]);
    expect((await api(t).get(GET, { patientId })).statusCode).toBe(401);
  });

  it("never reads or charts another clinic's or a deleted patient", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await newPatient(t, other);
    await save(other.token, { patientId: theirs, teeth: [{ tooth: 16, color: '#abcdef' }] });
    const read = await api(t, c.token).get(GET, { patientId: theirs });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('patient_not_found');
    const write = await api(t, c.token).post(SAVE, { patientId: theirs, teeth: [{ tooth: 16, clear: true }] });
    expect(write.statusCode).toBe(404);
    expect((await api(t, c.token).get(GET, { patientId: 999_999 })).statusCode).toBe(404);
    const deleted = await newPatient(t, c, { deletedAt: new Date() });
    expect((await api(t, c.token).post(SAVE, { patientId: deleted, teeth: [{ tooth: 16, color: '#000000' }] })).statusCode).toBe(404);
    expect(brief(await teethOf(other.clinicId))).toEqual([{ tooth: 16, color: '#abcdef', surfaces: {}, extras: [] }]);
    expect(await teethOf(c.clinicId)).toEqual([]);
  });
});

describe('Patient/SavePatientTeeth, many at once (issue 13)', () => {
  it('50 changes of one tooth at once, each painting one surface: all succeed and every surface is kept', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const patientId = await newPatient(t, c);
    const codes = ['M', 'D', 'B', 'L', 'O'];
    const { tally } = await concurrently(50, (i) =>
      api(t, c.token).post(SAVE, { patientId, teeth: [{ tooth: 36, surfaces: { codes: [codes[i % 5]], color: '#00aa00' } }] }),
    );
    expect(tally).toEqual({ '200': 50 });
    expect(brief(await teethOf(c.clinicId))).toEqual([
      { tooth: 36, color: null, surfaces: Object.fromEntries(codes.map((s) => [s, '#00aa00'])), extras: [] },
    ]);
  });
});
