import {
  PRINT_SHOW_DEFAULTS, type PrintSettingsItem, builtInPrintSettings, callPath, patientsCalls, prescriptionCalls, printCalls,
} from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, expectContractAnswer, newClinic, newPatient, newUser, setTier, testApp } from '../../../test/harness.js';
import { pdfTextLines } from '../../../test/pdf-text.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientDiseases } from '../medical/index.js';
import { addBranch, addUser } from '../patient-procedures/patient-procedures-test-kit.js';
import { rowsOf } from './drug-lines.js';
import {
  RX, drugId, expectError, expectOk, publishedPrescription, savePrescription, storedPrescription, typedLine,
} from './prescriptions-test-kit.js';
import { seedDemoPrescriptions } from './prescriptions.seed.js';

const t = await testApp();
const C = prescriptionCalls;
/** What the public prescription carries of a print settings row. */
const printablePart = ({ pageSize, marginTop, marginRight, marginBottom, marginLeft, fontSize, titleFontSize, headerText, footerText, show }: PrintSettingsItem) =>
  ({ pageSize, marginTop, marginRight, marginBottom, marginLeft, fontSize, titleFontSize, headerText, footerText, show });

describe('Prescription/Save, GetPatientPrescriptionDoc and GetPatientPrescriptions', () => {
  it('saves a draft with a drug of the list and a typed one, reads it as a document with the patient alerts', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c, { name: 'سارة أحمد', dateOfBirth: '1990-05-01', smsLanguage: 'en' });
    await withTenant(t.database.db, c.clinicId, (tx) =>
      tx.insert(patientDiseases).values({ clinicId: c.clinicId, patientId, name: 'Penicillin allergy', isAlert: true }),
    );
    const amoxicillin = await drugId(t, c);
    const saved = expectContractAnswer(C.save, await api(t, c.token).post(RX.save, {
      patientId, branchId: c.branchId, date: '2030-01-06', diagnosis: 'Pulpitis', notes: 'Soft food',
      drugs: [{ productId: amoxicillin, drugName: 'ignored', dosage: '500 mg', duration: '5 days', timesPerDay: 3, mealTiming: 'after', repeat: 1, notes: 'n1' }, typedLine()],
    }));
    expect(saved.status).toBe('draft');
    const doc = expectContractAnswer(C.getPatientPrescriptionDoc, await api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: saved.id }));
    expect(doc).toMatchObject({
      id: saved.id, status: 'draft', date: '2030-01-06', diagnosis: 'Pulpitis', notes: 'Soft food',
      branch: { id: c.branchId, name: 'Main' }, doctor: { id: c.ownerId, name: 'Owner' },
      patient: { id: patientId, name: 'سارة أحمد', age: 39, language: 'en' },
      publishedAt: null, publishedById: null, hasPublicLink: false, createdById: c.ownerId,
    });
    expect(doc.drugs.map(({ id: _id, ...d }) => d)).toEqual([
      { productId: amoxicillin, drugName: 'Amoxicillin', dosage: '500 mg', duration: '5 days', timesPerDay: 3, mealTiming: 'after', repeat: 1, notes: 'n1' },
      { productId: null, drugName: 'Chlorhexidine mouthwash', dosage: '10 ml', duration: '7 days', timesPerDay: 2, mealTiming: 'after', repeat: 0, notes: null },
    ]);
    expect(doc.alerts).toEqual([expect.objectContaining({ kind: 'disease', nameEn: 'Penicillin allergy' })]);
  });

  it('updates a draft with its whole drug list: listed lines kept and changed, new ones added, the rest removed', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await savePrescription(t, c, patientId, { drugs: [typedLine('A'), typedLine('B')] });
    const before = await expectOk<{ drugs: Array<{ id: number }> }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id }));
    const [a] = before.drugs;
    await savePrescription(t, c, patientId, { id, drugs: [typedLine('C'), { id: a!.id, drugName: 'A2', mealTiming: 'before' }] });
    const after = await expectOk<{ drugs: Array<{ id: number; drugName: string; mealTiming: string }> }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id }));
    expect(after.drugs.map((d) => d.drugName)).toEqual(['C', 'A2']);
    expect(after.drugs[1]).toMatchObject({ id: a!.id, mealTiming: 'before' });
    // a line id of another prescription is not this one's
    const other = await savePrescription(t, c, patientId);
    const otherLine = (await expectOk<{ drugs: Array<{ id: number }> }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: other }))).drugs[0]!.id;
    const res = await expectError(api(t, c.token).post(RX.save, { id, patientId, branchId: c.branchId, drugs: [{ id: otherLine, drugName: 'X' }] }), 404, 'prescription_drug_not_found');
    expect(res.errors).toEqual({ 'drugs.0.id': 'Drug not found' });
    // a draft stays with its patient
    await expectError(api(t, c.token).post(RX.save, { id, patientId: await newPatient(t, c), branchId: c.branchId }), 400, 'field_invalid');
  });

  it('lists a patient\'s prescriptions newest first, paged, with the drug names and the alerts', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const old = await savePrescription(t, c, patientId, { date: '2029-01-01', drugs: [typedLine('Old')] });
    const newer = await publishedPrescription(t, c, patientId, { date: '2030-02-01', drugs: [typedLine('X'), typedLine('Y')] });
    const sameDay = await savePrescription(t, c, patientId, { date: '2030-02-01' });
    await savePrescription(t, c, await newPatient(t, c));
    const list = expectContractAnswer(C.getPatientPrescriptions, await api(t, c.token).get(RX.getPatientPrescriptions, { patientId }));
    expect(list.items.map((i) => i.id)).toEqual([sameDay, newer, old]);
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 30, alerts: [] });
    expect(list.items[1]).toMatchObject({ status: 'published', drugNames: ['X', 'Y'], doctorName: 'Owner', branchName: 'Main', hasPublicLink: false });
    const page2 = await expectOk<{ items: Array<{ id: number }>; total: number }>(api(t, c.token).get(RX.getPatientPrescriptions, { patientId, page: 2, pageSize: 2 }));
    expect(page2.items.map((i) => i.id)).toEqual([old]);
    const published = await expectOk<{ items: Array<{ id: number }> }>(api(t, c.token).get(RX.getPatientPrescriptions, { patientId, status: 'published' }));
    expect(published.items.map((i) => i.id)).toEqual([newer]);
  });

  it('publishes: who and when recorded; at least one drug; the doctor is an active doctor of the clinic, default the caller', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await expectError(api(t, c.token).post(RX.save, { patientId, branchId: c.branchId, status: 'published', drugs: [] }), 400, 'prescription_no_drugs');
    const id = await publishedPrescription(t, c, patientId);
    const doc = await expectOk<Record<string, unknown>>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id }));
    expect(doc).toMatchObject({ status: 'published', publishedById: c.ownerId, publishedByName: 'Owner' });
    expect(doc.publishedAt).toEqual(expect.any(String));
    // a user who is not a doctor names one (an update keeps the draft's); a non-doctor, another clinic's user or none is refused
    const desk = await addUser(t, c, ['prescription_add', 'prescription_list'], 'RL4');
    await expectError(api(t, desk.token).post(RX.save, { patientId, branchId: c.branchId }), 400, 'prescription_doctor_invalid');
    await expectError(api(t, desk.token).post(RX.save, { patientId, branchId: c.branchId, doctorId: desk.id }), 400, 'prescription_doctor_invalid');
    const other = await newClinic(t);
    await expectError(api(t, desk.token).post(RX.save, { patientId, branchId: c.branchId, doctorId: other.ownerId }), 400, 'prescription_doctor_invalid');
    const byDesk = await savePrescription(t, c, patientId, { doctorId: c.ownerId }, desk.token);
    expect((await expectOk<{ doctor: { id: number }; createdById: number }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: byDesk })))).toMatchObject({ doctor: { id: c.ownerId }, createdById: desk.id });
    // an update keeps the draft's doctor when none is named
    await savePrescription(t, c, patientId, { id: byDesk, diagnosis: 'edited' }, desk.token);
    expect((await expectOk<{ doctor: { id: number }; diagnosis: string }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: byDesk })))).toMatchObject({ doctor: { id: c.ownerId }, diagnosis: 'edited' });
  });

  it('refuses bad input of any shape with 400 and a translated message', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const post = (body: Record<string, unknown>) => api(t, c.token).post(RX.save, { patientId, branchId: c.branchId, ...body });
    expect((await expectError(post({ patientId: undefined }), 400, 'validation')).errors).toEqual({ patientId: 'This field is required' });
    await expectError(post({ status: 'final' }), 400, 'validation');
    await expectError(post({ date: '2030-02-30' }), 400, 'validation');
    await expectError(post({ drugs: 'Amoxicillin' }), 400, 'validation');
    expect((await expectError(post({ drugs: [{ dosage: '1' }] }), 400, 'validation')).errors).toEqual({ 'drugs.0.drugName': 'This field is required' });
    await expectError(post({ drugs: [typedLine('A', { timesPerDay: 0 })] }), 400, 'validation');
    await expectError(post({ drugs: [typedLine('A', { timesPerDay: 1.5 })] }), 400, 'validation');
    await expectError(post({ drugs: [typedLine('A', { mealTiming: 'never' })] }), 400, 'validation');
    await expectError(post({ drugs: [typedLine('A', { repeat: 100 })] }), 400, 'validation');
    await expectError(post({ drugs: [typedLine('A', { drugName: 'x'.repeat(201) })] }), 400, 'validation');
    await expectError(post({ drugs: Array.from({ length: 31 }, () => typedLine()) }), 400, 'validation');
    await expectError(post({ drugs: [typedLine('A', { id: 5 }), typedLine('B', { id: 5 })] }), 400, 'validation');
    await expectError(post({ diagnosis: 'x'.repeat(1001) }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPatientPrescriptions, { patientId: 'abc' }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPatientPrescriptions, { patientId, pageSize: 1000 }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPatientPrescriptionDoc, {}), 400, 'validation');
    await expectError(api(t, c.token).delete(RX.deletePrescriptions, { ids: [] }), 400, 'validation');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionDrugs, { ids: ['x'] }), 400, 'validation');
    await expectError(api(t, c.token).post(RX.copyPrescription, { id: -1 }), 400, 'validation');
    await expectError(api(t, c.token).post(RX.createPublicLink, {}), 400, 'validation');
    await expectError(api(t, c.token).post(RX.revokePublicLink, { id: 'x' }), 400, 'validation');
    await expectError(api(t, c.token).get(RX.getPrescriptionPdf, { id: 0 }), 400, 'validation');
    await expectError(api(t).get(RX.getPublicPrescription, { token: 'a b' }), 400, 'validation');
    await expectError(api(t).get(RX.getPublicPrescription, {}), 400, 'validation');
  });
});

describe('a published prescription is immutable', () => {
  it('save, delete and drug deletion are 409 prescription_published and change nothing', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await publishedPrescription(t, c, patientId, { diagnosis: 'kept' });
    const before = await storedPrescription(t, c, id);
    const lineId = Number((before.lines[0] as { id: number }).id);
    const res = await expectError(api(t, c.token).post(RX.save, { id, patientId, branchId: c.branchId, diagnosis: 'changed' }), 409, 'prescription_published');
    expect(res.message).toBe('A published prescription cannot be edited or deleted; you can copy it into a new one');
    await expectError(api(t, c.token).post(RX.save, { id, patientId, branchId: c.branchId, status: 'published', drugs: [typedLine('Z')] }), 409, 'prescription_published');
    const draft = await savePrescription(t, c, patientId);
    await expectError(api(t, c.token).delete(RX.deletePrescriptions, { ids: [draft, id] }), 409, 'prescription_published');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionDrugs, { ids: [lineId] }), 409, 'prescription_published');
    expect(await storedPrescription(t, c, id)).toEqual(before);
    // the draft of the refused batch is still there
    expect((await storedPrescription(t, c, draft)).row).toHaveLength(1);
  });

  it('the database refuses it too: no update, delete or line change of a published prescription; a merge may move it', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await publishedPrescription(t, c, patientId);
    const lineId = Number(((await storedPrescription(t, c, id)).lines[0] as { id: number }).id);
    const attempt = (query: ReturnType<typeof sql>) => withTenant(t.database.db, c.clinicId, (tx) => tx.execute(query));
    await expect(attempt(sql`update prescriptions set diagnosis = 'x' where clinic_id = ${c.clinicId} and id = ${id}`)).rejects.toThrow();
    await expect(attempt(sql`update prescriptions set status = 'draft', published_at = null, published_by = null where clinic_id = ${c.clinicId} and id = ${id}`)).rejects.toThrow();
    await expect(attempt(sql`delete from prescriptions where clinic_id = ${c.clinicId} and id = ${id}`)).rejects.toThrow();
    await expect(attempt(sql`update prescription_drugs set dosage = 'x' where clinic_id = ${c.clinicId} and id = ${lineId}`)).rejects.toThrow();
    await expect(attempt(sql`delete from prescription_drugs where clinic_id = ${c.clinicId} and id = ${lineId}`)).rejects.toThrow();
    await expect(attempt(sql`insert into prescription_drugs (clinic_id, prescription_id, line_no, drug_name) values (${c.clinicId}, ${id}, 2, 'x')`)).rejects.toThrow();
    const other = await newPatient(t, c);
    await attempt(sql`update prescriptions set patient_id = ${other} where clinic_id = ${c.clinicId} and id = ${id}`);
    // a draft's lines change freely, and deleting a draft takes its lines
    const draft = await savePrescription(t, c, patientId);
    await attempt(sql`update prescription_drugs set dosage = 'y' where clinic_id = ${c.clinicId} and prescription_id = ${draft}`);
    await attempt(sql`delete from prescriptions where clinic_id = ${c.clinicId} and id = ${draft}`);
  });

  it('merging patients moves their published and draft prescriptions to the kept patient', async () => {
    const c = await newClinic(t);
    const keep = await newPatient(t, c);
    const merged = await newPatient(t, c);
    const published = await publishedPrescription(t, c, merged);
    const draft = await savePrescription(t, c, merged);
    await expectOk(api(t, c.token).post(callPath(patientsCalls.mergePatients), { keepId: keep, mergeIds: [merged] }));
    const list = await expectOk<{ items: Array<{ id: number; status: string }> }>(api(t, c.token).get(RX.getPatientPrescriptions, { patientId: keep }));
    expect(list.items.map((i) => i.id).sort()).toEqual([published, draft].sort());
    expect((await storedPrescription(t, c, published)).row).toEqual([expect.objectContaining({ status: 'published' })]);
  });

  it('deletes drafts (with their lines) and draft lines', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const a = await savePrescription(t, c, patientId, { drugs: [typedLine('A'), typedLine('B')] });
    const b = await savePrescription(t, c, patientId);
    const lines = (await storedPrescription(t, c, a)).lines as Array<{ id: number }>;
    await expectOk(api(t, c.token).delete(RX.deletePrescriptionDrugs, { ids: [Number(lines[0]!.id)] }));
    const doc = await expectOk<{ drugs: Array<{ drugName: string }> }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: a }));
    expect(doc.drugs.map((d) => d.drugName)).toEqual(['B']);
    await expectOk(api(t, c.token).delete(RX.deletePrescriptions, { ids: [a, b] }));
    expect(await storedPrescription(t, c, a)).toEqual({ row: [], lines: [] });
    await expectError(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: b }), 404, 'prescription_not_found');
  });
});

describe('Prescription/CopyPrescription', () => {
  it('copies a published prescription into a new draft of the same patient, by the caller, today by default', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await publishedPrescription(t, c, patientId, { diagnosis: 'D', notes: 'N', date: '2029-03-03', drugs: [typedLine('A'), typedLine('B', { repeat: 2 })] });
    const copy = expectContractAnswer(C.copyPrescription, await api(t, c.token).post(RX.copyPrescription, { id, date: '2030-01-07' }));
    expect(copy.id).not.toBe(id);
    const doc = await expectOk<{ status: string; date: string; diagnosis: string; notes: string; patient: { id: number }; drugs: Array<{ drugName: string; repeat: number }> }>(
      api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: copy.id }),
    );
    expect(doc).toMatchObject({ status: 'draft', date: '2030-01-07', diagnosis: 'D', notes: 'N', patient: { id: patientId } });
    expect(doc.drugs.map((d) => [d.drugName, d.repeat])).toEqual([['A', 0], ['B', 2]]);
    // the copy is a draft: it can be changed
    await savePrescription(t, c, patientId, { id: copy.id, drugs: [typedLine('C')] });
    // a branch the caller does not work in is 403 BS15
    const desk = await addUser(t, c, ['prescription_add', 'prescription_list'], 'RL4');
    const elsewhere = await addBranch(t, c);
    await expectError(api(t, desk.token).post(RX.copyPrescription, { id, branchId: elsewhere }), 403, 'BS15');
  });
});

describe('access', () => {
  it('no key → 403 BS11 on every call; a clinic below ST1 → 403 BS13', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const id = await publishedPrescription(t, c, patientId);
    const calls = (token: string) => [
      api(t, token).post(RX.save, { patientId, branchId: c.branchId }),
      api(t, token).get(RX.getPatientPrescriptions, { patientId }),
      api(t, token).get(RX.getPatientPrescriptionDoc, { id }),
      api(t, token).delete(RX.deletePrescriptions, { ids: [id] }),
      api(t, token).delete(RX.deletePrescriptionDrugs, { ids: [1] }),
      api(t, token).post(RX.copyPrescription, { id }),
      api(t, token).post(RX.createPublicLink, { id }),
      api(t, token).post(RX.revokePublicLink, { id }),
      api(t, token).get(RX.getPrescriptionPdf, { id }),
      api(t, token).get(RX.getPrescriptionTemplates, {}),
      api(t, token).get(RX.getPrescriptionTemplate, { id: 1 }),
      api(t, token).post(RX.savePrescriptionTemplate, { name: 'x' }),
      api(t, token).delete(RX.deletePrescriptionTemplate, { id: 1 }),
      api(t, token).delete(RX.deletePrescriptionTemplateDrugs, { ids: [1] }),
    ];
    const none = await newUser(t, c, ['patient_list', 'patient_edit']);
    for (const res of await Promise.all(calls(none))) expect(JSON.parse(res.body).code, res.body).toBe('BS11');
    // reading only: no write
    const reader = await newUser(t, c, ['prescription_list']);
    await expectError(api(t, reader).post(RX.save, { patientId, branchId: c.branchId }), 403, 'BS11');
    await expectError(api(t, reader).delete(RX.deletePrescriptions, { ids: [id] }), 403, 'BS11');
    await expectOk(api(t, reader).get(RX.getPatientPrescriptionDoc, { id }));
    await setTier(t, c.clinicId, 'ST0');
    for (const res of await Promise.all(calls(c.token))) expect(JSON.parse(res.body).code, res.body).toBe('BS13');
  });

  it("another clinic's patient, prescription, drug line or drug of the list → 404; a patient of another branch → 403 BS15", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const patientId = await newPatient(t, c);
    const theirPatient = await newPatient(t, other);
    const theirs = await publishedPrescription(t, other, theirPatient);
    const theirDraft = await savePrescription(t, other, theirPatient);
    const theirLine = Number(((await storedPrescription(t, other, theirDraft)).lines[0] as { id: number }).id);
    await expectError(api(t, c.token).post(RX.save, { patientId: theirPatient, branchId: c.branchId }), 404, 'patient_not_found');
    await expectError(api(t, c.token).get(RX.getPatientPrescriptions, { patientId: theirPatient }), 404, 'patient_not_found');
    await expectError(api(t, c.token).post(RX.save, { id: theirDraft, patientId, branchId: c.branchId }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id: theirs }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).get(RX.getPrescriptionPdf, { id: theirs }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).delete(RX.deletePrescriptions, { ids: [theirDraft] }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).delete(RX.deletePrescriptionDrugs, { ids: [theirLine] }), 404, 'prescription_drug_not_found');
    await expectError(api(t, c.token).post(RX.copyPrescription, { id: theirs }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).post(RX.createPublicLink, { id: theirs }), 404, 'prescription_not_found');
    await expectError(api(t, c.token).post(RX.revokePublicLink, { id: theirs }), 404, 'prescription_not_found');
    const theirDrug = await drugId(t, other);
    const res = await expectError(api(t, c.token).post(RX.save, { patientId, branchId: c.branchId, drugs: [{ productId: theirDrug }] }), 404, 'prescription_drug_not_found');
    expect(res.errors).toEqual({ 'drugs.0.productId': 'Drug not found' });
    expect(await storedPrescription(t, other, theirDraft)).toMatchObject({ row: [expect.anything()] });
    await expectError(api(t, c.token).post(RX.save, { patientId, branchId: other.branchId }), 404, 'not_found');
    // a user of one branch: a patient of another branch only, and a branch they do not work in
    const elsewhere = await addBranch(t, c);
    const doctor = await addUser(t, c, ['prescription_add', 'prescription_list', 'prescription_delete']);
    await expectError(api(t, doctor.token).post(RX.save, { patientId, branchId: elsewhere, doctorId: c.ownerId }), 403, 'BS15');
    const hidden = await newPatient(t, c);
    await withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update patient_branches set branch_id = ${elsewhere} where clinic_id = ${c.clinicId} and patient_id = ${hidden}`));
    const hiddenRx = await publishedPrescription(t, c, hidden, { branchId: elsewhere });
    await expectError(api(t, doctor.token).get(RX.getPatientPrescriptionDoc, { id: hiddenRx }), 403, 'BS15');
    await expectError(api(t, doctor.token).get(RX.getPatientPrescriptions, { patientId: hidden }), 403, 'BS15');
  });
});

describe('public links', () => {
  const publicGet = (token: string) => api(t).get(RX.getPublicPrescription, { token });

  it('a published prescription only; the answer holds the printable data and nothing else; revoked → 404', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c, { name: 'Mona Adel', nationalId: '29001011234567', email: 'mona@x.test' });
    const draft = await savePrescription(t, c, patientId);
    await expectError(api(t, c.token).post(RX.createPublicLink, { id: draft }), 409, 'prescription_not_published');
    const id = await publishedPrescription(t, c, patientId, { diagnosis: 'Secret diagnosis', notes: 'Secret notes', date: '2030-01-06', drugs: [typedLine('Ibuprofen', { notes: 'as needed' })] });
    const link = expectContractAnswer(C.createPublicLink, await api(t, c.token).post(RX.createPublicLink, { id }));
    expect(link.path).toBe(`/rx/${link.token}`);
    expect(link.url).toBe(`http://localhost:3000/rx/${link.token}`);
    expect(link.token.length).toBeGreaterThan(50);
    const res = await publicGet(link.token);
    const answer = expectContractAnswer(C.getPublicPrescription, res);
    expect(answer).toEqual({
      clinicName: `Clinic ${c.clinicName}`, branchName: 'Main', branchAddress: null, branchPhone: null, doctorName: 'Owner',
      patientName: 'Mona Adel', date: '2030-01-06',
      drugs: [{ drugName: 'Ibuprofen', dosage: '10 ml', duration: '7 days', timesPerDay: 2, mealTiming: 'after', repeat: 0, notes: 'as needed' }],
      // no settings saved: the built-in prescription settings; no logo
      print: printablePart(builtInPrintSettings('prescription')),
      logoUrl: null,
    });
    for (const secret of ['Secret', '29001011234567', 'mona@x.test', `"id"`]) expect(res.body).not.toContain(secret);
    // no number field holds the patient's id (the print settings' margins and font sizes are numbers of their own)
    expect(res.body).not.toMatch(new RegExp(`:${patientId}[,}]`));
    expect((await expectOk<{ hasPublicLink: boolean }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id }))).hasPublicLink).toBe(true);
    // a second link works beside the first; revoking stops both
    const second = await expectOk<{ token: string }>(api(t, c.token).post(RX.createPublicLink, { id }));
    expect(second.token).not.toBe(link.token);
    expect(expectContractAnswer(C.revokePublicLink, await api(t, c.token).post(RX.revokePublicLink, { id }))).toEqual({ revoked: 2 });
    const gone = await expectError(publicGet(link.token), 404, 'prescription_link_invalid');
    expect(gone.message).toBe('This prescription link is not valid or was revoked');
    await expectError(publicGet(second.token), 404, 'prescription_link_invalid');
    expect((await expectOk<{ hasPublicLink: boolean }>(api(t, c.token).get(RX.getPatientPrescriptionDoc, { id }))).hasPublicLink).toBe(false);
    const revoked = await withTenant(t.database.db, c.clinicId, async (tx) =>
      rowsOf<{ revokedBy: number; tokenHash: string }>(await tx.execute(sql`select revoked_by as "revokedBy", token_hash as "tokenHash" from prescription_links where clinic_id = ${c.clinicId}`)));
    expect(revoked.map((r) => Number(r.revokedBy))).toEqual([c.ownerId, c.ownerId]);
    // only the hash is kept
    expect(revoked.map((r) => r.tokenHash)).not.toContain(link.token);
  });

  it("prints through the clinic's default 'prescription' settings and logo, and nothing else of the settings", async () => {
    const c = await newClinic(t);
    const id = await publishedPrescription(t, c, await newPatient(t, c));
    const settings = { pageSize: 'A4', marginTop: 22, marginRight: 7, marginBottom: 18, marginLeft: 9, fontSize: 13, titleFontSize: 20 };
    await expectOk(api(t, c.token).post(callPath(printCalls.savePrintSettings), {
      name: 'Clinic Rx (internal name)', documentType: 'prescription', isDefault: true, ...settings,
      headerText: 'Dr. Clinic header', footerText: 'Open Sat-Thu', language: 'en', show: { pageNumbers: false },
    }));
    // another type's default and a non-default prescription row do not count
    await expectOk(api(t, c.token).post(callPath(printCalls.savePrintSettings), { name: 'Other invoice', documentType: 'invoice', isDefault: true, pageSize: 'A5', headerText: 'Invoice header' }));
    await expectOk(api(t, c.token).post(callPath(printCalls.savePrintSettings), { name: 'Rx spare', documentType: 'prescription', isDefault: false, headerText: 'Spare header' }));
    await t.database.db.execute(sql`update clinics set logo_key = ${`clinics/${c.clinicId}/logo/abc.png`} where id = ${c.clinicId}`);
    const { token } = await expectOk<{ token: string }>(api(t, c.token).post(RX.createPublicLink, { id }));
    const res = await publicGet(token);
    const answer = expectContractAnswer(C.getPublicPrescription, res);
    expect(answer.print).toEqual({
      ...settings, headerText: 'Dr. Clinic header', footerText: 'Open Sat-Thu',
      show: { ...PRINT_SHOW_DEFAULTS, pageNumbers: false },
    });
    expect(Object.keys(answer.print).sort()).toEqual(Object.keys(printablePart(builtInPrintSettings('prescription'))).sort());
    expect(answer.logoUrl).toBe(`/api/files/clinics/${c.clinicId}/logo/abc.png`);
    for (const other of ['internal name', 'Invoice header', 'Spare header', '"isDefault"', '"name"', '"language"', '"documentType"']) expect(res.body).not.toContain(other);
    // logo hidden by the settings: no logo link
    const [row] = (await expectOk<{ items: Array<{ id: number; name: string }> }>(api(t, c.token).get(callPath(printCalls.getPrintSettingsList), { documentType: 'prescription' }))).items.filter((i) => i.name.startsWith('Clinic Rx'));
    await expectOk(api(t, c.token).post(callPath(printCalls.savePrintSettings), { id: row!.id, name: 'Clinic Rx (internal name)', documentType: 'prescription', isDefault: true, ...settings, show: { logo: false } }));
    expect((await expectOk<{ logoUrl: string | null }>(publicGet(token))).logoUrl).toBeNull();
  });

  it('an altered, made-up or other clinic\'s token is 404; the public read is rate-limited', async () => {
    const c = await newClinic(t);
    const id = await publishedPrescription(t, c, await newPatient(t, c));
    const { token } = await expectOk<{ token: string }>(api(t, c.token).post(RX.createPublicLink, { id }));
    const [clinicPart, random, sig] = token.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    await expectError(publicGet(`${clinicPart}.${flip(random)}.${sig}`), 404, 'prescription_link_invalid');
    await expectError(publicGet(`${clinicPart}.${random}.${flip(sig)}`), 404, 'prescription_link_invalid');
    await expectError(publicGet(`${(Number.parseInt(clinicPart, 36) + 1).toString(36)}.${random}.${sig}`), 404, 'prescription_link_invalid');
    await expectError(publicGet('abc'), 404, 'prescription_link_invalid');
    await expectError(publicGet(`${token}.x`), 404, 'prescription_link_invalid');
    // a deleted patient's prescription is no longer shown
    await withTenant(t.database.db, c.clinicId, (tx) => tx.execute(sql`update patients set deleted_at = now() where clinic_id = ${c.clinicId}`));
    await expectError(publicGet(token), 404, 'prescription_link_invalid');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) last = await api(t, undefined, { 'x-forwarded-for': '203.0.113.77' }).get(RX.getPublicPrescription, { token });
    expect(last!.statusCode).toBe(429);
  });
});

describe('Documents/GetPrescriptionPdf', () => {
  it('an A5 prescription in Arabic: clinic, patient, drugs, the doctor and a signature line', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c, { name: 'سارة أحمد', smsLanguage: 'ar' });
    const amoxicillin = await drugId(t, c);
    const id = await publishedPrescription(t, c, patientId, {
      date: '2030-01-06', diagnosis: 'التهاب اللب',
      drugs: [{ productId: amoxicillin, dosage: '500 mg', duration: '5 أيام', timesPerDay: 3, mealTiming: 'after' }, typedLine('غسول الفم', { notes: 'بعد 24 ساعة' })],
    });
    const res = await api(t, c.token).get(RX.getPrescriptionPdf, { id });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="prescription-${id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    const text = (await pdfTextLines(pdf)).join('\n');
    for (const part of ['وصفة طبية', 'سارة أحمد', 'Amoxicillin', '500 mg', '3 مرات يوميًا، بعد الأكل', 'غسول الفم', 'التهاب اللب', 'توقيع الطبيب', '06/01/2030', `Clinic ${c.clinicName}`])
      expect(text).toContain(part);
    expect(text).toMatch(/الطبيب:? Owner/);
    const box = pdf.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect([Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([420, 595]);
  });

  it('a draft prints marked as such, in English for an English patient', async () => {
    const c = await newClinic(t);
    const id = await savePrescription(t, c, await newPatient(t, c, { name: 'John Smith', smsLanguage: 'en' }));
    const text = (await pdfTextLines((await api(t, c.token).get(RX.getPrescriptionPdf, { id })).rawPayload)).join('\n');
    expect(text).toContain('Prescription');
    expect(text).toContain('Draft — not published');
    expect(text).toContain("Doctor's signature");
    // the how-to-take cell wraps: "twice a day, after" / "eating"
    expect(text).toContain('twice a day, after');
    expect(text).toMatch(/\beating\b/);
  });
});

describe('demo seed', () => {
  it('three templates in each language (each name in one language), a published and a draft prescription; once', async () => {
    const c = await newClinic(t);
    await newPatient(t, c);
    await newPatient(t, c);
    await seedDemoPrescriptions(t.database.db, c.clinicId);
    await seedDemoPrescriptions(t.database.db, c.clinicId);
    const templates = await expectOk<{ items: Array<{ name: string; drugNames: string[] }> }>(api(t, c.token).get(RX.getPrescriptionTemplates, {}));
    expect(templates.items.map((i) => i.name).sort()).toEqual([
      'After extraction', 'Après extraction', 'Douleur endodontique', 'Endodontic pain', 'Infection', 'Infection dentaire',
      'ألم علاج العصب', 'بعد الخلع', 'عدوى',
    ].sort());
    expect(templates.items.find((i) => i.name === 'After extraction')!.drugNames).toEqual(['Amoxicillin', 'Ibuprofen', 'Chlorhexidine 0.12% mouthwash']);
    // the lines read in their template's language only
    const lines = await withTenant(t.database.db, c.clinicId, async (tx) =>
      rowsOf<{ name: string; duration: string; notes: string | null }>(await tx.execute(sql`select t.name, d.duration, coalesce(d.notes, '') || coalesce(t.notes, '') as notes
        from prescription_templates t join prescription_template_drugs d on d.clinic_id = t.clinic_id and d.template_id = t.id
        where t.clinic_id = ${c.clinicId}`)));
    for (const l of lines) expect(`${l.duration} ${l.notes}`).not.toContain(' / ');
    expect(lines.filter((l) => l.name === 'Infection dentaire').map((l) => l.duration)).toEqual(['7 jours', '7 jours', '3 jours']);
    const rows = await withTenant(t.database.db, c.clinicId, async (tx) =>
      rowsOf<{ status: string; n: number; products: number }>(await tx.execute(sql`select r.status, count(d.id)::int as n, count(d.product_id)::int as products
        from prescriptions r join prescription_drugs d on d.clinic_id = r.clinic_id and d.prescription_id = r.id
        where r.clinic_id = ${c.clinicId} group by r.id, r.status order by r.status`)));
    expect(rows).toEqual([{ status: 'draft', n: 2, products: 2 }, { status: 'published', n: 3, products: 2 }]);
  });
});
