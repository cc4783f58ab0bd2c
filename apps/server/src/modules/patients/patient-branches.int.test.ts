import {
  PERMISSION_KEYS,
  callPath,
  dentalChartCalls,
  insuranceCalls,
  medicalCalls,
  patientFilesCalls,
  patientsCalls,
  schedulerCalls,
} from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestClinic, api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { branches, userBranches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { addRoom, at } from '../scheduler/scheduler-test-kit.js';
import { userIdOf } from '../scheduler/scheduler-test-kit.js';
import { patientAttachments, patientBranches, patients } from './patients.table.js';

/*
 * Patients are scoped to the user's branches (the same rule as appointments): a user limited to branch 1 neither
 * reads nor changes a patient registered only in branch 2 (403 BS15 on every call), lists and searches show only
 * branch 1's patients; the owner sees all. AddPatientToBranch brings a patient found by exact mobile into a branch.
 */

const t = await testApp();
const p = callPath;
const P = patientsCalls;

async function addBranch(c: TestClinic, name: string) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [b] = await tx.insert(branches).values({ clinicId: c.clinicId, name }).returning({ id: branches.id });
    return b!.id;
  });
}

/** Moves a patient to exactly these branches. */
async function setBranches(c: TestClinic, patientId: number, branchIds: number[]) {
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    await tx.delete(patientBranches).where(and(eq(patientBranches.clinicId, c.clinicId), eq(patientBranches.patientId, patientId)));
    await tx.insert(patientBranches).values(branchIds.map((branchId) => ({ clinicId: c.clinicId, patientId, branchId })));
  });
}

async function expectCode(call: Promise<LightMyRequestResponse>, status: number, code?: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(res.json().code, res.body).toBe(code);
  return res.json();
}

/** A multipart POST with only fields (the patient is checked before any file). */
async function multipart(token: string, url: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, language: 'en', 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const names = (res: { items: Array<{ name: string }> }) => res.items.map((i) => i.name).sort();

describe('patients are scoped to the user’s branches', () => {
  let k: TestClinic;
  let second: number;
  /** A secretary (base role RL4, every key) who works in the first branch only. */
  let secretary: string;
  let mine: number;
  let theirs: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    k = await newClinic(t);
    second = await addBranch(k, 'Second');
    secretary = await newUser(t, k, PERMISSION_KEYS, 'RL4');
    mine = await newPatient(t, k, { name: 'Branch One Patient', mobile: '+201001110001' });
    theirs = await newPatient(t, k, { name: 'Branch Two Patient', mobile: '+201002220002' });
    await setBranches(k, theirs, [second]);
    // the owner (every branch) writes the records the secretary then tries to change
    const owner = api(t, k.token);
    const saved = async (call: Promise<LightMyRequestResponse>) => (await expectCode(call, 200)).id as number;
    ids.note = await saved(owner.post(p(patientFilesCalls.saveNotes), { patientId: theirs, note: 'n' }));
    ids.disease = await saved(owner.post(p(medicalCalls.saveDieases), { patientId: theirs, name: 'Diabetes' }));
    ids.drug = await saved(owner.post(p(medicalCalls.saveProductDieases), { patientId: theirs, productName: 'Aspirin' }));
    ids.toothNote = await saved(owner.post(p(dentalChartCalls.saveToothNote), { patientId: theirs, tooth: 11, note: 'n' }));
    ids.canal = await saved(
      owner.post(p(dentalChartCalls.saveToothCanal), { patientId: theirs, tooth: 11, canalName: 'MB', length: '21.5' }),
    );
    ids.limit = await saved(owner.post(p(insuranceCalls.savePatientLimit), { patientId: theirs, title: 'Yearly', amount: '100' }));
    ids.attachment = await withTenant(t.database.db, k.clinicId, async (tx) => {
      const [row] = await tx
        .insert(patientAttachments)
        .values({ clinicId: k.clinicId, patientId: theirs, attachmentType: 'image', fileKey: 'x', fileName: 'x.png', size: 1 })
        .returning({ id: patientAttachments.id });
      return row!.id;
    });
  });

  it('refuses every call on a patient of another branch with 403 BS15, and the owner is let through', async () => {
    const room = await addRoom(t, k);
    const s = api(t, secretary);
    const calls: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      ['GetPatient', () => s.get(p(P.getPatient), { id: theirs })],
      ['GetPPW', () => s.get(p(P.getPPW), { id: theirs })],
      ['SavePatient', () => s.post(p(P.savePatient), { id: theirs, name: 'Changed', mobile: '+201002220002', branchIds: [k.branchId] })],
      ['SavePatientPhoto', () => multipart(secretary, p(P.savePatientPhoto), { patientId: String(theirs) })],
      ['DeletePatient', () => s.delete(p(P.deletePatient), { id: theirs })],
      ['UpdatePatientsStatus', () => s.post(p(P.updatePatientsStatus), { ids: [mine, theirs], isActive: false })],
      ['PostPatientsApproved', () => s.post(p(P.postPatientsApproved), { ids: [theirs] })],
      ['MergePatients', () => s.post(p(P.mergePatients), { keepId: mine, mergeIds: [theirs] })],
      ['GetPatientMedicalHistory', () => s.get(p(medicalCalls.getPatientMedicalHistory), { patientId: theirs })],
      ['SavePatientMedicalHistory', () => s.post(p(medicalCalls.savePatientMedicalHistory), { patientId: theirs, status: 'MR1' })],
      ['SaveMedicalQuestionAnswer', () => s.post(p(medicalCalls.saveMedicalQuestionAnswer), { patientId: theirs, questionId: 1 })],
      ['SaveDieases', () => s.post(p(medicalCalls.saveDieases), { patientId: theirs, name: 'Asthma' })],
      ['DeleteDieases', () => s.delete(p(medicalCalls.deleteDieases), { id: ids.disease })],
      ['SaveProductDieases', () => s.post(p(medicalCalls.saveProductDieases), { patientId: theirs, productName: 'Ibuprofen' })],
      ['DeleteProductDieases', () => s.delete(p(medicalCalls.deleteProductDieases), { id: ids.drug })],
      ['GetPatientTeeth', () => s.get(p(dentalChartCalls.getPatientTeeth), { patientId: theirs })],
      ['SavePatientTeeth', () => s.post(p(dentalChartCalls.savePatientTeeth), { patientId: theirs, teeth: [{ tooth: 21, color: '#bbbbbb' }] })],
      ['GetToothNotes', () => s.get(p(dentalChartCalls.getToothNotes), { patientId: theirs, tooth: 11 })],
      ['GetPatientTeethNotesCount', () => s.get(p(dentalChartCalls.getPatientTeethNotesCount), { patientId: theirs })],
      ['SaveToothNote', () => s.post(p(dentalChartCalls.saveToothNote), { patientId: theirs, tooth: 11, note: 'x' })],
      ['DeleteToothNotes', () => s.delete(p(dentalChartCalls.deleteToothNotes), { patientId: theirs, ids: [ids.toothNote] })],
      ['GetToothCanals', () => s.get(p(dentalChartCalls.getToothCanals), { patientId: theirs, tooth: 11 })],
      ['GetPatientTeethCanalsCount', () => s.get(p(dentalChartCalls.getPatientTeethCanalsCount), { patientId: theirs })],
      ['SaveToothCanal', () => s.post(p(dentalChartCalls.saveToothCanal), { patientId: theirs, tooth: 11, canalName: 'D', length: '20' })],
      ['DeleteToothCanals', () => s.delete(p(dentalChartCalls.deleteToothCanals), { patientId: theirs, ids: [ids.canal] })],
      ['GetNotes', () => s.get(p(patientFilesCalls.getNotes), { patientId: theirs })],
      ['SaveNotes (new)', () => s.post(p(patientFilesCalls.saveNotes), { patientId: theirs, note: 'x' })],
      ['SaveNotes (edit)', () => s.post(p(patientFilesCalls.saveNotes), { id: ids.note, patientId: theirs, note: 'x' })],
      ['DeleteNote', () => s.delete(p(patientFilesCalls.deleteNote), { id: ids.note })],
      ['GetAttachments', () => s.get(p(patientFilesCalls.getAttachments), { patientId: theirs })],
      ['SaveAttachments', () => multipart(secretary, p(patientFilesCalls.saveAttachments), { patientId: String(theirs) })],
      ['UpdateAttachmentProcedure', () => s.post(p(patientFilesCalls.updateAttachmentProcedure), { id: ids.attachment, comments: 'x' })],
      ['DeleteAttachments', () => s.delete(p(patientFilesCalls.deleteAttachments), { ids: [ids.attachment] })],
      ['GetPatientLimits', () => s.get(p(insuranceCalls.getPatientLimits), { patientId: theirs })],
      ['SavePatientLimit', () => s.post(p(insuranceCalls.savePatientLimit), { patientId: theirs, title: 'x', amount: '5' })],
      ['DeletePatientLimit', () => s.delete(p(insuranceCalls.deletePatientLimit), { id: ids.limit, patientId: theirs })],
      [
        'SaveAppointment',
        () =>
          s.post(p(schedulerCalls.saveAppointment), {
            branchId: k.branchId, patientId: theirs, doctorId: k.ownerId, roomId: room, start: at('10:00'), end: at('10:30'),
          }),
      ],
    ];
    const answers: Record<string, string> = {};
    for (const [name, call] of calls) {
      const res = await call();
      answers[name] = `${res.statusCode} ${res.json().code}`;
    }
    expect(answers).toEqual(Object.fromEntries(calls.map(([name]) => [name, '403 BS15'])));
    // nothing changed
    const row = await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.select().from(patients).where(and(eq(patients.clinicId, k.clinicId), eq(patients.id, theirs))),
    );
    expect(row[0]).toMatchObject({ name: 'Branch Two Patient', isActive: true, deletedAt: null });
    expect((await expectCode(api(t, k.token).get(p(patientFilesCalls.getNotes), { patientId: theirs }), 200)).items).toHaveLength(1);

    // the owner works in every branch
    await expectCode(api(t, k.token).get(p(P.getPatient), { id: theirs }), 200);
    await expectCode(api(t, k.token).get(p(medicalCalls.getPatientMedicalHistory), { patientId: theirs }), 200);
    // the secretary's own branch's patient is theirs to read and change
    await expectCode(s.get(p(P.getPatient), { id: mine }), 200);
    await expectCode(s.post(p(patientFilesCalls.saveNotes), { patientId: mine, note: 'mine' }), 200);
  });

  it('keeps another clinic’s patient a 404, and a deleted one', async () => {
    const other = await newClinic(t);
    const foreign = await newPatient(t, other);
    await expectCode(api(t, secretary).get(p(P.getPatient), { id: foreign }), 404, 'patient_not_found');
    await expectCode(api(t, secretary).get(p(patientFilesCalls.getNotes), { patientId: foreign }), 404, 'patient_not_found');
    await expectCode(api(t, secretary).post(p(P.updatePatientsStatus), { ids: [foreign], isActive: false }), 404, 'patient_not_found');
    // another clinic's patient is never found by mobile either
    const [row] = await t.database.query<{ mobile: string }>(`select mobile from patients where id = ${foreign}`);
    await expectCode(api(t, secretary).post(p(P.addPatientToBranch), { mobile: row!.mobile }), 404, 'patient_not_found');
  });

  it('lists and searches only the patients of the user’s branches; the owner and a user of every branch see all', async () => {
    const list = (token: string, input: Record<string, unknown>) => expectCode(api(t, token).post(p(P.searchPatients), input), 200);
    const both = ['Branch One Patient', 'Branch Two Patient'];
    expect(names(await list(secretary, {}))).toEqual(['Branch One Patient']);
    expect(names(await list(secretary, { search: 'branch' }))).toEqual(['Branch One Patient']);
    expect((await list(secretary, { search: 'branch' })).total).toBe(1);
    expect(names(await list(secretary, { search: 'branch', patientType: 'PT1' }))).toEqual(['Branch One Patient']);
    expect(names(await list(secretary, { search: '01002220002' }))).toEqual([]);
    // the branch filter cannot reach past the user's branches
    expect(names(await list(secretary, { branchId: second }))).toEqual([]);
    expect(names(await list(k.token, { search: 'branch' }))).toEqual(both);
    expect(names(await list(k.token, {}))).toEqual(both);

    const picker = await expectCode(api(t, secretary).post(p(P.searchByName), { search: 'branch' }), 200);
    expect(names(picker)).toEqual(['Branch One Patient']);

    // a user assigned every branch (not the owner) sees every patient
    const everywhere = await newUser(t, k, ['patient_list'], 'RL4');
    await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.insert(userBranches).values({ clinicId: k.clinicId, userId: userIdOf(everywhere), branchId: second }),
    );
    expect(names(await list(everywhere, { search: 'branch' }))).toEqual(both);
  });

  it('shows website patients waiting and duplicates only within the user’s branches', async () => {
    const c = await newClinic(t);
    const b2 = await addBranch(c, 'Second');
    const sec = await newUser(t, c, PERMISSION_KEYS, 'RL4');
    await newPatient(t, c, { name: 'Waiting Here', approvalStatus: 'waiting', source: 'website' });
    const away = await newPatient(t, c, { name: 'Waiting Away', approvalStatus: 'waiting', source: 'website' });
    await setBranches(c, away, [b2]);
    const waiting = (token: string) => expectCode(api(t, token).get(p(P.getPatientsApproved), {}), 200);
    expect(names(await waiting(sec))).toEqual(['Waiting Here']);
    expect(names(await waiting(c.token))).toEqual(['Waiting Away', 'Waiting Here']);

    await newPatient(t, c, { name: 'Same Name' });
    const twin = await newPatient(t, c, { name: 'Same Name' });
    await setBranches(c, twin, [b2]);
    const dupes = (token: string) => expectCode(api(t, token).get(p(P.getDuplicatedPatients), { reason: 'name' }), 200);
    expect((await dupes(sec)).items).toEqual([]);
    expect((await dupes(c.token)).items).toHaveLength(1);
    await setBranches(c, twin, [c.branchId, b2]);
    expect((await dupes(sec)).items[0].patients).toHaveLength(2);
  });

  it('lets a branch-limited user name only their branches, and keeps the patient’s other branches', async () => {
    const s = api(t, secretary);
    await expectCode(s.post(p(P.savePatient), { name: 'Elsewhere', mobile: '+201003330003', branchIds: [second] }), 403, 'BS15');
    const shared = await newPatient(t, k, { name: 'Shared Patient', mobile: '+201004440004' });
    await setBranches(k, shared, [k.branchId, second]);
    await expectCode(s.post(p(P.savePatient), { id: shared, name: 'Shared Patient', mobile: '+201004440004', branchIds: [k.branchId] }), 200);
    expect((await expectCode(s.get(p(P.getPatient), { id: shared }), 200)).branchIds).toEqual([k.branchId, second].sort((a, b) => a - b));
    // sending the patient's other branch back (as read) is no change, not a refusal
    await expectCode(
      s.post(p(P.savePatient), { id: shared, name: 'Shared Patient', mobile: '+201004440004', branchIds: [k.branchId, second] }),
      200,
    );
    // the owner sets them all
    await expectCode(api(t, k.token).post(p(P.savePatient), { id: shared, name: 'Shared Patient', mobile: '+201004440004', branchIds: [second] }), 200);
    await expectCode(s.get(p(P.getPatient), { id: shared }), 403, 'BS15');
  });

  it('tells a branch-limited user the mobile is another branch’s patient, and adds that patient to their branch', async () => {
    const c = await newClinic(t);
    const b2 = await addBranch(c, 'Second');
    const sec = await newUser(t, c, ['patient_list', 'patient_add', 'patient_edit'], 'RL4');
    const s = api(t, sec);
    const away = await newPatient(t, c, { name: 'Away Patient', mobile: '+201005550005' });
    await setBranches(c, away, [b2]);

    const refused = await expectCode(
      s.post(p(P.savePatient), { name: 'Someone', mobile: '+20 100 555 0005', branchIds: [c.branchId] }),
      409,
      'patient_in_other_branch',
    );
    expect(refused.errors).toEqual({ mobile: 'This mobile belongs to a patient registered in another branch. Add that patient to your branch?' });
    const ar = await api(t, sec, { language: 'ar' }).post(p(P.savePatient), { name: 'Someone', mobile: '+201005550005', branchIds: [c.branchId] });
    expect(ar.json().message).toBe('هذا الجوال لمريض مسجل في فرع آخر. هل تريد إضافته إلى فرعك؟');
    // the owner sees every branch: nothing to tell
    await expectCode(api(t, c.token).post(p(P.savePatient), { name: 'Owner Adds', mobile: '+201005550006', branchIds: [c.branchId] }), 200);

    const ADD = p(P.addPatientToBranch);
    await expectCode(s.post(ADD, { mobile: '+201005550009' }), 404, 'patient_not_found');
    await expectCode(s.post(ADD, { mobile: '+201005550005', branchId: b2 }), 403, 'BS15');
    await expectCode(s.post(ADD, { mobile: 'abc' }), 400, 'validation');
    await expectCode(s.post(ADD, {}), 400, 'validation');
    const added = await expectCode(s.post(ADD, { mobile: '+20 100 555 0005' }), 200);
    expect(added.items).toEqual([{ id: away, code: expect.any(String), name: 'Away Patient' }]);
    // twice is harmless
    await expectCode(s.post(ADD, { mobile: '+201005550005' }), 200);
    expect((await expectCode(s.get(p(P.getPatient), { id: away }), 200)).branchIds).toEqual([c.branchId, b2].sort((a, b) => a - b));
    expect(names(await expectCode(s.post(p(P.searchPatients), { search: 'away' }), 200))).toEqual(['Away Patient']);

    // now the patient is theirs: a new patient with the mobile needs no telling; a confirmed new patient is added too
    const other = await newPatient(t, c, { name: 'Other Away', mobile: '+201005550007' });
    await setBranches(c, other, [b2]);
    await expectCode(
      s.post(p(P.savePatient), { name: 'New One', mobile: '+201005550007', branchIds: [c.branchId], confirmOtherBranch: true }),
      200,
    );
    // without patient_add the call is refused
    const reader = await newUser(t, c, ['patient_list'], 'RL4');
    await expectCode(api(t, reader).post(ADD, { mobile: '+201005550007' }), 403, 'BS11');
  });
});
