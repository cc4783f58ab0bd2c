import { callPath, clinicCalls, patientsCalls } from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, setTier, testApp } from '../../../test/harness.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { patientBranches, patientNotes, patients } from './patients.table.js';
import { patientTeeth } from '../dental-chart/dental-chart.table.js';
import { todayIn } from '../scheduler/clinic-time.js';

const t = await testApp();
const c = patientsCalls;
const SAVE = callPath(c.savePatient);
const GET = callPath(c.getPatient);

const rowOf = (clinicId: number, id: number) =>
  withTenant(t.database.db, clinicId, async (tx) => {
    const [row] = await tx.select().from(patients).where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
    return row;
  });

const base = (branchId: number) => ({ name: 'أحمد علي', mobile: '+20 100 123 4567', branchIds: [branchId] });

describe('Patient/SavePatient, GetPatient, GetPPW', () => {
  it('adds a patient with a per-clinic code, reads it back, edits it', async () => {
    const k = await newClinic(t);
    const first = await api(t, k.token).post(SAVE, { ...base(k.branchId), nationalId: '29001011234567', gender: 'M', dateOfBirth: '1990-01-01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(Number), code: '1' });
    const second = await api(t, k.token).post(SAVE, { ...base(k.branchId), name: 'Sara Adel' });
    expect(second.json().code).toBe('2');
    const other = await newClinic(t);
    expect((await api(t, other.token).post(SAVE, base(other.branchId))).json().code).toBe('1');

    const got = await api(t, k.token).get(GET, { id: first.json().id });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({
      code: '1', name: 'أحمد علي', mobile: '+201001234567', nationalId: '29001011234567', gender: 'M',
      dateOfBirth: '1990-01-01', branchIds: [k.branchId], patientType: 'PT1', approvalStatus: 'approved', isActive: true,
    });
    const header = await api(t, k.token).get(callPath(c.getPPW), { id: first.json().id });
    expect(header.json()).toMatchObject({ code: '1', name: 'أحمد علي', parent: null, photoUrl: null });

    const edited = await api(t, k.token).post(SAVE, { ...base(k.branchId), id: first.json().id, name: 'أحمد علي حسن', patientType: 'PT3' });
    expect(edited.json()).toEqual({ id: first.json().id, code: '1' });
    expect(await rowOf(k.clinicId, first.json().id)).toMatchObject({ name: 'أحمد علي حسن', nameNormalized: 'احمد علي حسن', patientType: 'PT3' });
  });

  it('requires the mobile unless a parent is chosen, and checks the parent is the clinic’s', async () => {
    const k = await newClinic(t);
    const missing = await api(t, k.token).post(SAVE, { name: 'Child', branchIds: [k.branchId] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ mobile: 'This field is required' });
    const parentId = await newPatient(t, k);
    const child = await api(t, k.token).post(SAVE, { name: 'Child', branchIds: [k.branchId], parentId });
    expect(child.statusCode, child.body).toBe(200);
    expect((await api(t, k.token).get(GET, { id: child.json().id })).json().parent).toMatchObject({ id: parentId });

    const other = await newClinic(t);
    const foreignParent = await newPatient(t, other);
    const refused = await api(t, k.token).post(SAVE, { name: 'Child 2', branchIds: [k.branchId], parentId: foreignParent });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ parentId: 'Invalid value' });
    const foreignBranch = await api(t, k.token).post(SAVE, { ...base(other.branchId), name: 'X' });
    expect(foreignBranch.json().errors).toEqual({ branchIds: 'Invalid value' });
  });

  it('checks the national id length by the clinic’s country, with a message that states it', async () => {
    const k = await newClinic(t);
    const short = await api(t, k.token).post(SAVE, { ...base(k.branchId), nationalId: '2900101123456' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ nationalId: 'The national ID must be 14 digits' });
    const ar = await api(t, k.token, { language: 'ar' }).post(SAVE, { ...base(k.branchId), nationalId: '29001011234' });
    expect(ar.json().errors.nationalId).toBe('يجب أن يتكون الرقم القومي من 14 رقمًا');
    const letters = await api(t, k.token).post(SAVE, { ...base(k.branchId), nationalId: '2900101123456X' });
    expect(letters.json().errors).toEqual({ nationalId: 'The national ID has digits only' });

    const saudi = await newClinic(t);
    await t.database.db.update(clinics).set({ countryId: 'CN2' }).where(eq(clinics.id, saudi.clinicId));
    const wrong = await api(t, saudi.token).post(SAVE, { ...base(saudi.branchId), nationalId: '29001011234567' });
    expect(wrong.json().errors).toEqual({ nationalId: 'The national ID must be 10 digits' });
    expect((await api(t, saudi.token).post(SAVE, { ...base(saudi.branchId), nationalId: '1023456789' })).statusCode).toBe(200);
    const count = await withTenant(t.database.db, k.clinicId, (tx) => tx.$count(patients, eq(patients.clinicId, k.clinicId)));
    expect(count).toBe(0); // nothing saved by the refused calls
  });

  it('reads the mobile against the clinic’s country, stores it in E.164 and refuses invalid numbers and landlines on the field (issue 18)', async () => {
    const k = await newClinic(t);
    const save = (mobile: string, name = `Mobile ${mobile}`, language = 'en') =>
      api(t, k.token, { language }).post(SAVE, { name, mobile, branchIds: [k.branchId] });
    const stored = async (mobile: string) => {
      const res = await save(mobile);
      expect(res.statusCode, res.body).toBe(200);
      return (await rowOf(k.clinicId, res.json().id))!.mobile;
    };
    expect(await stored('01001234567')).toBe('+201001234567'); // the national form, with its leading 0
    expect(await stored('0020 100 123 4568')).toBe('+201001234568'); // 00 for +
    expect(await stored('+966 50 123 4567')).toBe('+966501234567'); // a Saudi mobile in an Egyptian clinic
    const nine = await save('+20123456789'); // 9 digits after +20: the old digit-count check took it
    expect(nine.statusCode).toBe(400);
    expect(nine.json()).toMatchObject({ code: 'validation', errors: { mobile: 'Phone number not valid' } });
    const landline = await save('0223456789');
    expect(landline.json().errors).toEqual({ mobile: 'This number is not a mobile number' });
    expect((await save('0223456789', 'x', 'fr')).json().errors).toEqual({ mobile: "Ce numéro n'est pas un numéro de mobile" });
    expect((await save('0223456789', 'x', 'ar')).json().errors).toEqual({ mobile: 'هذا الرقم ليس رقم هاتف محمول' });
    expect((await save('01001234567x')).json().errors).toEqual({ mobile: 'Phone number not valid' });

    const saudi = await newClinic(t);
    await t.database.db.update(clinics).set({ countryId: 'CN2' }).where(eq(clinics.id, saudi.clinicId));
    const sa = await api(t, saudi.token).post(SAVE, { name: 'Saudi', mobile: '0501234567', branchIds: [saudi.branchId] });
    expect(sa.statusCode, sa.body).toBe(200);
    expect((await rowOf(saudi.clinicId, sa.json().id))!.mobile).toBe('+966501234567');
    // the same digits read in Egypt are not a mobile there
    expect((await save('0501234567')).statusCode).toBe(400);
    // a patient found by its mobile typed in the national form (AddPatientToBranch reads it the same way)
    const add = await api(t, saudi.token).post(callPath(c.addPatientToBranch), { mobile: '050 123 4567' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().items).toEqual([expect.objectContaining({ id: sa.json().id })]);
    expect((await api(t, saudi.token).post(callPath(c.addPatientToBranch), { mobile: '0112345678' })).json().errors).toEqual({
      mobile: 'This number is not a mobile number',
    });
  });

  it('asks for confirmation before adding a second patient with the same name (letter forms folded)', async () => {
    const k = await newClinic(t);
    await api(t, k.token).post(SAVE, base(k.branchId));
    const again = await api(t, k.token).post(SAVE, { ...base(k.branchId), name: 'احمد  عَلي' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'patient_name_exists' });
    const confirmed = await api(t, k.token).post(SAVE, { ...base(k.branchId), name: 'احمد  عَلي', confirmDuplicateName: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // editing a patient without renaming never asks
    const edit = await api(t, k.token).post(SAVE, { ...base(k.branchId), id: confirmed.json().id, name: 'احمد  عَلي', email: 'a@b.co' });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('needs patient_add to add and patient_edit to edit; another clinic’s patient is 404', async () => {
    const k = await newClinic(t);
    const id = await newPatient(t, k);
    const reader = await newUser(t, k, ['patient_list']);
    expect((await api(t, reader).post(SAVE, base(k.branchId))).json().code).toBe('BS11');
    const adder = await newUser(t, k, ['patient_add']);
    expect((await api(t, adder).post(SAVE, base(k.branchId))).statusCode).toBe(200);
    const denied = await api(t, adder).post(SAVE, { ...base(k.branchId), id, name: 'Renamed' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('BS11');
    expect((await api(t, await newUser(t, k, [])).get(GET, { id })).statusCode).toBe(403);

    const other = await newClinic(t);
    expect((await api(t, other.token).get(GET, { id })).statusCode).toBe(404);
    expect((await api(t, other.token).get(callPath(c.getPPW), { id })).statusCode).toBe(404);
    const hijack = await api(t, other.token).post(SAVE, { ...base(other.branchId), id, name: 'Hijack' });
    expect(hijack.statusCode).toBe(404);
    expect((await rowOf(k.clinicId, id))!.name).not.toBe('Hijack');
  });
});

describe('Patient/DeletePatient, UpdatePatientsStatus', () => {
  it('soft-deletes (gone from reads) and activates or deactivates in bulk', async () => {
    const k = await newClinic(t);
    const [a, b] = [await newPatient(t, k), await newPatient(t, k)];
    const status = await api(t, k.token).post(callPath(c.updatePatientsStatus), { ids: [a, b], isActive: false });
    expect(status.json()).toEqual({ updated: 2 });
    expect((await rowOf(k.clinicId, a))!.isActive).toBe(false);
    expect((await api(t, k.token).post(callPath(c.updatePatientsStatus), { ids: [], isActive: true })).json().errors).toEqual({ ids: 'Select one or more' });

    const other = await newClinic(t);
    const foreign = await api(t, other.token).post(callPath(c.updatePatientsStatus), { ids: [a], isActive: true });
    expect(foreign.statusCode).toBe(404);
    expect((await rowOf(k.clinicId, a))!.isActive).toBe(false);
    expect((await api(t, other.token).delete(callPath(c.deletePatient), { id: a })).statusCode).toBe(404);
    expect((await api(t, await newUser(t, k, ['patient_list', 'patient_edit'])).delete(callPath(c.deletePatient), { id: a })).json().code).toBe('BS11');

    expect((await api(t, k.token).delete(callPath(c.deletePatient), { id: a })).json()).toEqual({ ok: true });
    expect((await rowOf(k.clinicId, a))!.deletedAt).not.toBeNull();
    expect((await api(t, k.token).get(GET, { id: a })).statusCode).toBe(404);
    const name = (await rowOf(k.clinicId, a))!.name.split(' ')[1]!;
    expect((await api(t, k.token).post(callPath(c.searchPatients), { search: name })).json().items.map((p: { id: number }) => p.id)).toEqual([]);
  });
});

describe('Patient/PostSearchPatients, GetPatientSearchByName', () => {
  it('finds Arabic names whatever the alef, hamza, ta marbuta or diacritics, Latin names without case, mobiles and codes', async () => {
    const k = await newClinic(t);
    const ahmed = await newPatient(t, k, { name: 'أحمد إبراهيم', mobile: '+201001112233' });
    const fatma = await newPatient(t, k, { name: 'فاطمة مصطفى', mobile: '+201009998877' });
    const john = await newPatient(t, k, { name: 'John SMITH', mobile: '+447700900123' });
    const search = async (text: string) => {
      const res = await api(t, k.token).post(callPath(c.searchPatients), { search: text });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((p: { id: number }) => p.id);
    };
    expect(await search('احم')).toEqual([ahmed]);
    expect(await search('ابراهيم')).toEqual([ahmed]);
    expect(await search('فاطمه')).toEqual([fatma]);
    expect(await search('مصطفي')).toEqual([fatma]);
    expect(await search('فَاطِمَة')).toEqual([fatma]);
    expect(await search('smith')).toEqual([john]);
    expect(await search('0100999')).toEqual([fatma]);
    // a mobile as users type it (issue 18): the whole international number, with + or 00, the local form, a part
    expect(await search('+20 100 999 8877')).toEqual([fatma]);
    expect(await search('00201009998877')).toEqual([fatma]);
    expect(await search('01009998877')).toEqual([fatma]);
    expect(await search('1009998')).toEqual([fatma]);
    expect(await search('07700 900123')).toEqual([john]); // a British mobile in its national form
    await withTenant(t.database.db, k.clinicId, (tx) => tx.update(patients).set({ code: '1234' }).where(eq(patients.id, john)));
    expect(await search('1234')).toEqual([john]);
    expect(await search('%_%')).toEqual([]);

    const short = await api(t, k.token).post(callPath(c.searchPatients), { search: 'اح' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ search: 'Search needs at least 3 characters' });

    const picker = await api(t, k.token).post(callPath(c.searchByName), { search: 'احم' });
    expect(picker.json().items).toEqual([{ id: ahmed, code: expect.any(String), name: 'أحمد إبراهيم', mobile: '+201001112233', patientType: 'PT1' }]);
    const other = await newClinic(t);
    expect((await api(t, other.token).post(callPath(c.searchPatients), { search: 'احم' })).json().items).toEqual([]);
    expect((await api(t, other.token).post(callPath(c.searchByName), { search: 'احم' })).json().items).toEqual([]);
    expect((await api(t, await newUser(t, k, ['user_list'])).post(callPath(c.searchPatients), {})).json().code).toBe('BS11');
  });

  it('picks names that start with the text first, then by name; leaves out excludeId; a code or mobile finds one', async () => {
    const k = await newClinic(t);
    const saad = await newPatient(t, k, { name: 'Omar Saad', mobile: '+201001110001' });
    const sara = await newPatient(t, k, { name: 'Sara Ali', mobile: '+201001110002' });
    const saadia = await newPatient(t, k, { name: 'Saadia Omar', mobile: '+201001110003' });
    const pick = async (body: Record<string, unknown>) => {
      const res = await api(t, k.token).post(callPath(c.searchByName), body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((p: { id: number }) => p.id);
    };
    // 'Saadia Omar' starts with the text; 'Omar Saad' only has a word that does
    expect(await pick({ search: 'saad' })).toEqual([saadia, saad]);
    expect(await pick({ search: 'omar' })).toEqual([saad, saadia]);
    expect(await pick({ search: 'saad', excludeId: saadia })).toEqual([saad]);
    expect(await pick({ search: 'omar saad' })).toEqual([saad, saadia]);
    expect(await pick({ search: '01001110002' })).toEqual([sara]);
    expect(await pick({ search: '100%' })).toEqual([]);
  });

  it('filters, sorts and pages', async () => {
    const k = await newClinic(t);
    for (let i = 0; i < 35; i++) await newPatient(t, k, { name: `Patient ${String(i).padStart(2, '0')}`, patientType: i % 5 === 0 ? 'PT2' : 'PT1', gender: i % 2 ? 'F' : 'M' });
    await newPatient(t, k, { name: 'Waiting One', approvalStatus: 'waiting', source: 'website' });
    const list = async (body: Record<string, unknown>) => {
      const res = await api(t, k.token).post(callPath(c.searchPatients), body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await list({ sortField: 'name', sortOrder: 'ascend' });
    expect(first).toMatchObject({ total: 35, page: 1, pageSize: 30 });
    expect(first.items).toHaveLength(30);
    expect(first.items[0].name).toBe('Patient 00');
    expect((await list({ sortField: 'name', sortOrder: 'ascend', page: 2 })).items.map((p: { name: string }) => p.name)).toHaveLength(5);
    expect((await list({ patientType: 'PT2' })).total).toBe(7);
    // a search counts its matches exactly, on every page, also past the last one
    expect(await list({ search: 'patient', page: 2 })).toMatchObject({ total: 35, totalCapped: false });
    expect((await list({ search: 'patient', page: 2 })).items.map((p: { name: string }) => p.name)).toEqual(
      ['Patient 30', 'Patient 31', 'Patient 32', 'Patient 33', 'Patient 34'],
    );
    expect(await list({ search: 'patient', page: 3 })).toMatchObject({ total: 35, items: [] });
    expect((await list({ search: 'patient', patientType: 'PT2', gender: 'M' })).total).toBe(4);
    expect((await list({ gender: 'F', patientType: 'PT2' })).total).toBe(3);
    expect((await list({ branchId: k.branchId })).total).toBe(35);
    const today = todayIn('Africa/Cairo'); // the clinic's day (a new clinic's zone), not UTC's: they differ after midnight in Cairo
    expect((await list({ createdFrom: today, createdTo: today })).total).toBe(35);
    expect((await list({ createdTo: '2000-01-01' })).total).toBe(0);
    const bad = await api(t, k.token).post(callPath(c.searchPatients), { sortField: 'mobile', patientType: 'PT9' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['patientType', 'sortField']);
  });
});

describe('Patient/PostSearchPatients count cap', () => {
  it('counts up to 1000 matches and says when there are more', async () => {
    const k = await newClinic(t);
    await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.execute(sql`insert into patients (clinic_id, code, name, name_normalized)
        select ${k.clinicId}, g::text, 'P ' || g, 'p ' || g from generate_series(1, 1005) g`),
    );
    const all = (await api(t, k.token).post(callPath(c.searchPatients), {})).json();
    expect(all).toMatchObject({ total: 1000, totalCapped: true });
    const few = (await api(t, k.token).post(callPath(c.searchPatients), { patientType: 'PT2' })).json();
    expect(few).toMatchObject({ total: 0, totalCapped: false });
  });
});

describe('Patient/GetPatientsApproved, PostPatientsApproved', () => {
  it('lists website patients waiting for approval and approves them (ST3 only)', async () => {
    const k = await newClinic(t);
    const waiting = await newPatient(t, k, { name: 'Web One', approvalStatus: 'waiting', source: 'website' });
    const approved = await newPatient(t, k);
    const list = await api(t, k.token).get(callPath(c.getPatientsApproved));
    expect(list.json().items.map((p: { id: number }) => p.id)).toEqual([waiting]);
    expect((await api(t, k.token).post(callPath(c.searchPatients), { search: 'Web' })).json().total).toBe(0);
    const notWaiting = await api(t, k.token).post(callPath(c.postPatientsApproved), { ids: [waiting, approved] });
    expect(notWaiting.statusCode).toBe(409);
    expect((await rowOf(k.clinicId, waiting))!.approvalStatus).toBe('waiting');
    const other = await newClinic(t);
    expect((await api(t, other.token).post(callPath(c.postPatientsApproved), { ids: [waiting] })).statusCode).toBe(404);
    expect((await api(t, k.token).post(callPath(c.postPatientsApproved), { ids: [waiting] })).json()).toEqual({ updated: 1 });
    expect((await api(t, k.token).get(callPath(c.getPatientsApproved))).json().total).toBe(0);
    expect((await api(t, k.token).post(callPath(c.searchPatients), { search: 'Web One' })).json().total).toBe(1);
    expect((await api(t, k.token).post(callPath(c.searchPatients), { search: 'web' })).json().total).toBe(1);

    await setTier(t, k.clinicId, 'ST2');
    expect((await api(t, k.token).get(callPath(c.getPatientsApproved))).json().code).toBe('BS13');
    await setTier(t, k.clinicId, 'ST3');
    expect((await api(t, await newUser(t, k, ['patient_list'])).get(callPath(c.getPatientsApproved))).json().code).toBe('BS11');
  });
});

describe('Patient/GetDuplicatedPatients, MergePatients', () => {
  it('groups likely duplicates and merges one into the other in one transaction', async () => {
    const k = await newClinic(t);
    const keep = await newPatient(t, k, { name: 'أحمد محمود', mobile: '+201001234567', nationalId: '29001011234567' });
    const dup = await newPatient(t, k, { name: 'احمد محمود', mobile: '+201001234567' });
    const child = await newPatient(t, k, { name: 'ابن', parentId: dup });
    await newPatient(t, k, { name: 'Someone Else' });
    const groups = await api(t, k.token).get(callPath(c.getDuplicatedPatients));
    expect(groups.statusCode, groups.body).toBe(200);
    expect(groups.json().items.map((g: { reason: string; patients: { id: number }[] }) => [g.reason, g.patients.map((p) => p.id)])).toEqual([
      ['mobile', [keep, dup]],
      ['name', [keep, dup]],
    ]);
    const other = await newClinic(t);
    expect((await api(t, other.token).get(callPath(c.getDuplicatedPatients))).json().total).toBe(0);
    expect((await api(t, other.token).post(callPath(c.mergePatients), { keepId: keep, mergeIds: [dup] })).statusCode).toBe(404);
    expect((await api(t, k.token).post(callPath(c.mergePatients), { keepId: keep, mergeIds: [keep] })).statusCode).toBe(400);
    expect((await api(t, await newUser(t, k, ['patient_list'])).post(callPath(c.mergePatients), { keepId: keep, mergeIds: [dup] })).json().code).toBe('BS11');

    // records of other modules: a note of the duplicate; both charted tooth 11 (a unique key), the duplicate also 12
    await withTenant(t.database.db, k.clinicId, async (tx) => {
      await tx.insert(patientNotes).values({ clinicId: k.clinicId, patientId: dup, note: 'allergic to latex' });
      await tx.insert(patientTeeth).values([
        { clinicId: k.clinicId, patientId: keep, tooth: 11, color: '#ff0000' },
        { clinicId: k.clinicId, patientId: dup, tooth: 11, color: '#00ff00' },
        { clinicId: k.clinicId, patientId: dup, tooth: 12, color: '#0000ff' },
      ]);
    });

    // both are in the branch (a unique key): the kept row wins; the child moves to the kept patient
    const merged = await api(t, k.token).post(callPath(c.mergePatients), { keepId: keep, mergeIds: [dup] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await rowOf(k.clinicId, dup)).toMatchObject({ mergedIntoId: keep, deletedAt: expect.any(Date) });
    expect((await rowOf(k.clinicId, child))!.parentId).toBe(keep);
    const branchesOf = await withTenant(t.database.db, k.clinicId, (tx) =>
      tx.select().from(patientBranches).where(eq(patientBranches.clinicId, k.clinicId)),
    );
    expect(branchesOf.filter((b) => b.patientId === dup)).toEqual([]);
    expect(branchesOf.filter((b) => b.patientId === keep)).toHaveLength(1);
    expect((await api(t, k.token).get(callPath(c.getDuplicatedPatients))).json().total).toBe(0);
    const moved = await withTenant(t.database.db, k.clinicId, async (tx) => ({
      notes: await tx.select().from(patientNotes).where(eq(patientNotes.clinicId, k.clinicId)),
      teeth: await tx.select().from(patientTeeth).where(eq(patientTeeth.clinicId, k.clinicId)),
    }));
    expect(moved.notes.map((n) => [n.patientId, n.note])).toEqual([[keep, 'allergic to latex']]);
    expect(moved.teeth.map((r) => [r.patientId, r.tooth, r.color]).sort()).toEqual([[keep, 11, '#ff0000'], [keep, 12, '#0000ff']]);
    // the search finds the kept patient once, never the retired duplicate
    expect((await api(t, k.token).post(callPath(c.searchPatients), { search: 'محمود' })).json().items.map((p: { id: number }) => p.id)).toEqual([keep]);
  });
});

describe('Clinic/DeleteBranch with patients', () => {
  it('is refused while patients belong to the branch', async () => {
    const k = await newClinic(t);
    const second = await withTenant(t.database.db, k.clinicId, async (tx) => {
      const [b] = await tx.insert(branches).values({ clinicId: k.clinicId, name: 'Second' }).returning();
      return b!.id;
    });
    await newPatient(t, k, {});
    const p = await newPatient(t, k);
    await withTenant(t.database.db, k.clinicId, (tx) => tx.insert(patientBranches).values({ clinicId: k.clinicId, patientId: p, branchId: second }));
    const res = await api(t, k.token).delete(callPath(clinicCalls.deleteBranch), { id: second });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('cannot_delete_branch');
  });
});

describe('Patient/SavePatientPhoto', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (token: string, patientId: number, file: Buffer) => {
    const boundary = 'x-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="patientId"\r\n\r\n${patientId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: callPath(c.savePatientPhoto),
      headers: { authorization: `Bearer ${token}`, language: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  it('stores a photo checked by content, with a thumbnail; refuses other files, other clinics and readers', async () => {
    const k = await newClinic(t);
    const id = await newPatient(t, k);
    const ok = await upload(k.token, id, png);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().photoThumbnailUrl).toMatch(/^\/api\/files\/clinics\/\d+\/patients\/.+-thumb\.webp$/);
    expect((await api(t, k.token).get(callPath(c.getPPW), { id })).json().photoThumbnailUrl).toBe(ok.json().photoThumbnailUrl);
    const bad = await upload(k.token, id, Buffer.from('not an image at all'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_image_type');
    const other = await newClinic(t);
    expect((await upload(other.token, id, png)).statusCode).toBe(404);
    expect((await upload(await newUser(t, k, ['patient_list']), id, png)).json().code).toBe('BS11');
  });
});
