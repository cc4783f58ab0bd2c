import {
  type MedicalAlert,
  type PrescriptionDoc,
  type PrescriptionListItem,
  type PrescriptionStatus,
  type SavePrescriptionInput,
  LANGUAGES,
} from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { getPatientMedicalHistory } from '../medical/index.js';
import { assertPatientsInScope, findPatient } from '../patients/index.js';
import { clinicToday } from '../payments/index.js';
import { PRESCRIPTION_LINES, copyLines, drugNamesOf, idList, readLines, resolveDrugs, rowsOf, writeLines } from './drug-lines.js';

/*
 * Prescriptions (docs/prescriptions.md). Every write locks the prescription's row (FOR UPDATE) before it reads its
 * status, so a publish and an edit or delete of the same draft take turns: the second sees the first's result (409
 * prescription_published after a publish). The migration's triggers refuse the same at the database.
 */

interface PrescriptionRow {
  id: number;
  patientId: number;
  doctorId: number;
  branchId: number;
  status: PrescriptionStatus;
}

/** A branch of the clinic the user works in: not the clinic's → 404 (on branchId), not the user's → 403 BS15. */
function assertUserBranch(session: ClinicSession, branchId: number) {
  if (!session.clinicBranchIds.includes(branchId)) fail('not_found', { branchId: 'not_found' });
  if (!session.branchIds.includes(branchId)) fail('BS15');
}

/**
 * The clinic's prescription `id` whose patient the user may see (404 prescription_not_found / 403 BS15); with `lock`
 * its row is locked (FOR UPDATE) until the transaction ends.
 */
async function findPrescription(tx: Tx, session: ClinicSession, id: number, lock = false): Promise<PrescriptionRow> {
  const [row] = rowsOf<PrescriptionRow>(
    await tx.execute(sql`select id, patient_id as "patientId", doctor_id as "doctorId", branch_id as "branchId", status
      from prescriptions where clinic_id = ${session.clinicId} and id = ${id} ${lock ? sql`for update` : sql``}`),
  );
  if (!row) return fail('prescription_not_found');
  const found = { ...row, id: Number(row.id), patientId: Number(row.patientId), doctorId: Number(row.doctorId), branchId: Number(row.branchId) };
  await findPatient(tx, session, found.patientId);
  return found;
}

/** An active doctor of the clinic (400 prescription_doctor_invalid on doctorId otherwise). */
async function assertDoctor(tx: Tx, clinicId: number, doctorId: number) {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from users where clinic_id = ${clinicId} and id = ${doctorId}
      and is_doctor and is_active and deleted_at is null`),
  );
  if (!row) fail('prescription_doctor_invalid', { doctorId: 'prescription_doctor_invalid' });
}

/** The doctor of a prescription: the one named, else the draft's own, else (a new one) the caller if a doctor. */
async function doctorOf(tx: Tx, session: ClinicSession, doctorId: number | undefined, draftDoctorId?: number) {
  const id = doctorId ?? draftDoctorId ?? (session.user.isDoctor ? session.userId : undefined);
  if (!id) return fail('prescription_doctor_invalid', { doctorId: 'prescription_doctor_invalid' });
  await assertDoctor(tx, session.clinicId, id);
  return id;
}

/**
 * Prescription/Save: a new prescription, or a draft's update (its row locked first); the drug lines as given; with
 * status published, published by the caller in the same transaction, after its lines are written.
 */
export async function savePrescription(tx: Tx, session: ClinicSession, input: SavePrescriptionInput) {
  const { clinicId } = session;
  let id = input.id;
  let draftDoctorId: number | undefined;
  if (id) {
    const row = await findPrescription(tx, session, id, true);
    if (row.status === 'published') fail('prescription_published');
    if (row.patientId !== input.patientId) fail('field_invalid', { patientId: 'field_invalid' });
    draftDoctorId = row.doctorId;
  } else {
    await findPatient(tx, session, input.patientId);
  }
  assertUserBranch(session, input.branchId);
  const doctorId = await doctorOf(tx, session, input.doctorId, draftDoctorId);
  const lines = await resolveDrugs(tx, clinicId, input.drugs);
  if (input.status === 'published' && !lines.length) fail('prescription_no_drugs', { drugs: 'prescription_no_drugs' });
  const date = input.date ?? (await clinicToday(tx, session.clinic.timeZone));
  const values = {
    doctorId,
    branchId: input.branchId,
    date,
    diagnosis: input.diagnosis || null,
    notes: input.notes || null,
  };
  if (id) {
    await tx.execute(sql`update prescriptions set doctor_id = ${values.doctorId}, branch_id = ${values.branchId},
      date = ${values.date}, diagnosis = ${values.diagnosis}, notes = ${values.notes}, updated_at = now()
      where clinic_id = ${clinicId} and id = ${id}`);
  } else {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into prescriptions (clinic_id, patient_id, doctor_id, branch_id, date, diagnosis, notes, created_by)
        values (${clinicId}, ${input.patientId}, ${values.doctorId}, ${values.branchId}, ${values.date}, ${values.diagnosis},
          ${values.notes}, ${session.userId}) returning id`),
    );
    id = Number(row!.id);
  }
  await writeLines(tx, PRESCRIPTION_LINES, clinicId, id, lines);
  if (input.status === 'published')
    await tx.execute(sql`update prescriptions set status = 'published', published_at = now(), published_by = ${session.userId},
      updated_at = now() where clinic_id = ${clinicId} and id = ${id}`);
  return { id, status: input.status };
}

/** The patient's medical alerts (allergies, alert drugs and diseases, alert answers). */
async function alertsOf(tx: Tx, session: ClinicSession, patientId: number): Promise<MedicalAlert[]> {
  return (await getPatientMedicalHistory(tx, session, patientId)).alerts;
}

const hasLink = sql.raw(`exists (select 1 from prescription_links k where k.clinic_id = r.clinic_id
  and k.prescription_id = r.id and k.revoked_at is null)`);

/** Prescription/GetPatientPrescriptions: newest first (date, then id), paged, with the patient's alerts. */
export async function getPatientPrescriptions(
  tx: Tx,
  session: ClinicSession,
  input: { patientId: number; status?: PrescriptionStatus; page: number; pageSize: number },
) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  const where = sql`r.clinic_id = ${clinicId} and r.patient_id = ${input.patientId}
    ${input.status ? sql`and r.status = ${input.status}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from prescriptions r where ${where}`));
  const rows = rowsOf<PrescriptionListItem>(
    await tx.execute(sql`select r.id, r.status, to_char(r.date, 'YYYY-MM-DD') as date, r.doctor_id as "doctorId",
        d.display_name as "doctorName", r.branch_id as "branchId", b.name as "branchName", r.diagnosis,
        ${drugNamesOf(PRESCRIPTION_LINES, sql`r.clinic_id`, sql`r.id`)} as "drugNames",
        r.created_at as "createdAt", r.published_at as "publishedAt", ${hasLink} as "hasPublicLink"
      from prescriptions r
      join users d on d.clinic_id = r.clinic_id and d.id = r.doctor_id
      join branches b on b.clinic_id = r.clinic_id and b.id = r.branch_id
      where ${where}
      order by r.date desc, r.id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      doctorId: Number(r.doctorId),
      branchId: Number(r.branchId),
      createdAt: new Date(r.createdAt).toISOString(),
      publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
    })),
    total: Number(count!.n),
    page: input.page,
    pageSize: input.pageSize,
    alerts: await alertsOf(tx, session, input.patientId),
  };
}

/** Prescription/GetPatientPrescriptionDoc: one prescription with everything its page and its print show. */
export async function getPrescriptionDoc(tx: Tx, session: ClinicSession, id: number): Promise<PrescriptionDoc> {
  const { clinicId } = session;
  const found = await findPrescription(tx, session, id);
  const [r] = rowsOf<Record<string, string | number | null>>(
    await tx.execute(sql`select r.status, to_char(r.date, 'YYYY-MM-DD') as date, r.diagnosis, r.notes,
        b.name as "branchName", b.mobile as "branchMobile", c.address, c.city, c.mobile as "clinicMobile", c.display_name as "clinicName",
        d.display_name as "doctorName", p.code, p.name as "patientName", p.gender, p.mobile, p.sms_language as language,
        case when p.date_of_birth is null then null else date_part('year', age(r.date, p.date_of_birth))::int end as age,
        r.created_at as "createdAt", r.created_by as "createdById", cu.display_name as "createdByName", r.updated_at as "updatedAt",
        r.published_at as "publishedAt", r.published_by as "publishedById", pu.display_name as "publishedByName",
        ${hasLink} as "hasPublicLink"
      from prescriptions r
      join clinics c on c.id = r.clinic_id
      join branches b on b.clinic_id = r.clinic_id and b.id = r.branch_id
      join users d on d.clinic_id = r.clinic_id and d.id = r.doctor_id
      join users cu on cu.clinic_id = r.clinic_id and cu.id = r.created_by
      left join users pu on pu.clinic_id = r.clinic_id and pu.id = r.published_by
      join patients p on p.clinic_id = r.clinic_id and p.id = r.patient_id
      where r.clinic_id = ${clinicId} and r.id = ${id}`),
  );
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id,
    status: r!.status as PrescriptionStatus,
    date: String(r!.date),
    diagnosis: text(r!.diagnosis),
    notes: text(r!.notes),
    clinic: { name: String(r!.clinicName) },
    branch: {
      id: found.branchId,
      name: String(r!.branchName),
      address: [r!.address, r!.city].filter(Boolean).join('، ') || null,
      phone: text(r!.branchMobile ?? r!.clinicMobile),
    },
    doctor: { id: found.doctorId, name: String(r!.doctorName) },
    patient: {
      id: found.patientId,
      code: String(r!.code),
      name: String(r!.patientName),
      age: r!.age === null ? null : Number(r!.age),
      gender: text(r!.gender),
      mobile: text(r!.mobile),
      language: LANGUAGES.find((l) => l === r!.language) ?? 'ar',
    },
    drugs: await readLines(tx, PRESCRIPTION_LINES, clinicId, id),
    alerts: await alertsOf(tx, session, found.patientId),
    createdAt: iso(r!.createdAt)!,
    createdById: Number(r!.createdById),
    createdByName: String(r!.createdByName),
    updatedAt: iso(r!.updatedAt)!,
    publishedAt: iso(r!.publishedAt),
    publishedById: r!.publishedById === null ? null : Number(r!.publishedById),
    publishedByName: text(r!.publishedByName),
    hasPublicLink: Boolean(r!.hasPublicLink),
  };
}

/**
 * The clinic's prescriptions `ids`, locked (FOR UPDATE, in id order): any not the clinic's → 404, a patient the user
 * may not see → 403 BS15, any published → 409 prescription_published.
 */
async function lockDrafts(tx: Tx, session: ClinicSession, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = rowsOf<{ id: number; patientId: number; status: string }>(
    await tx.execute(sql`select id, patient_id as "patientId", status from prescriptions
      where clinic_id = ${session.clinicId} and id in (${idList(unique)}) order by id for update`),
  );
  if (rows.length !== unique.length) fail('prescription_not_found');
  await assertPatientsInScope(tx, session, rows.map((r) => Number(r.patientId)));
  if (rows.some((r) => r.status === 'published')) fail('prescription_published');
}

/** Prescription/DeletePrescriptions: drafts only, all or nothing (their lines go with them). */
export async function deletePrescriptions(tx: Tx, session: ClinicSession, ids: readonly number[]) {
  await lockDrafts(tx, session, ids);
  await tx.execute(sql`delete from prescriptions where clinic_id = ${session.clinicId} and id in (${idList([...new Set(ids)])})`);
  return { ok: true as const };
}

/** Prescription/DeletePrescriptionDrugs: lines of drafts, all or nothing. */
export async function deletePrescriptionDrugs(tx: Tx, session: ClinicSession, ids: readonly number[]) {
  const { clinicId } = session;
  const unique = [...new Set(ids)];
  const lines = rowsOf<{ id: number; prescriptionId: number }>(
    await tx.execute(sql`select id, prescription_id as "prescriptionId" from prescription_drugs
      where clinic_id = ${clinicId} and id in (${idList(unique)})`),
  );
  if (lines.length !== unique.length) fail('prescription_drug_not_found');
  const parents = [...new Set(lines.map((l) => Number(l.prescriptionId)))];
  await lockDrafts(tx, session, parents);
  await tx.execute(sql`delete from prescription_drugs where clinic_id = ${clinicId} and id in (${idList(unique)})`);
  await tx.execute(sql`update prescriptions set updated_at = now() where clinic_id = ${clinicId} and id in (${idList(parents)})`);
  return { ok: true as const };
}

/**
 * Prescription/CopyPrescription: a new draft of the same patient with the original's diagnosis, notes and lines; by
 * the caller if a doctor, else the original's doctor (still an active doctor, else 400).
 */
export async function copyPrescription(
  tx: Tx,
  session: ClinicSession,
  input: { id: number; date?: string; branchId?: number },
) {
  const { clinicId } = session;
  const source = await findPrescription(tx, session, input.id);
  const branchId = input.branchId ?? source.branchId;
  assertUserBranch(session, branchId);
  const doctorId = session.user.isDoctor ? session.userId : source.doctorId;
  await assertDoctor(tx, clinicId, doctorId);
  const date = input.date ?? (await clinicToday(tx, session.clinic.timeZone));
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into prescriptions (clinic_id, patient_id, doctor_id, branch_id, date, diagnosis, notes, created_by)
      select clinic_id, patient_id, ${doctorId}, ${branchId}, ${date}, diagnosis, notes, ${session.userId}
      from prescriptions where clinic_id = ${clinicId} and id = ${input.id} returning id`),
  );
  const id = Number(row!.id);
  await copyLines(tx, PRESCRIPTION_LINES, input.id, PRESCRIPTION_LINES, id, clinicId);
  return { id };
}

export { findPrescription };
