import {
  LAB_ORDER_CLOSED_STATUSES,
  LAB_ORDER_EDITABLE_STATUSES,
  LAB_ORDER_STATUS_NAMES,
  LAB_READY_STATUSES,
  LANGUAGES,
  type LabOrderDetails,
  type LabOrderHistoryItem,
  type LabOrderStatus,
  type Language,
  type SaveLabOrderInput,
  type UpdateLabOrderStatusInput,
  type VitaShade,
  canMoveLabOrder,
  currencyDecimals,
  labUserMayMove,
  type LabUserAction,
} from '@dental/contract';
import { type SQL, and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type PgSelect, alias } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { nextNumber } from '../../platform/db/counters.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError, fail } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { Hub } from '../../platform/realtime/hub.js';
import { notify } from '../notifications/index.js';
import { findPatientProcedure } from '../patient-procedures/index.js';
import { findPatient, patients } from '../patients/index.js';
import { removeLabOrderFiles } from './lab-attachments.service.js';
import { labOrderStatusHistory, labOrders, labPrices, labServices, labs } from './labs.table.js';
import { findLabService, moneyText } from './labs.service.js';

/* Lab orders, their status machine and history (docs/labs.md). */

const o = labOrders;
const doctors = alias(users, 'doctors');
const closed = sql.join(LAB_ORDER_CLOSED_STATUSES.map((s) => sql`${s}`), sql`, `);

/** Past its expected delivery day in the clinic's zone (today there) and not received, used or cancelled. */
export const overdueOf = (timeZone: string) =>
  sql<boolean>`coalesce(${o.expectedDeliveryDate} < (now() at time zone ${timeZone})::date and ${o.status} not in (${closed}), false)`;

const byId = (clinicId: number, id: number) => and(eq(o.clinicId, clinicId), eq(o.id, id));

/** The order's columns with its patient, lab, service and doctor, for the clinic's reads. */
const orderFields = (session: ClinicSession) => orderColumns(currencyDecimals(session.clinic.currency), overdueOf(session.clinic.timeZone));

/** The same with the price's decimals and the overdue flag given (the list's statement writes them as placeholders). */
export function orderColumns(d: number, overdue: SQL<boolean>) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: sql<LabOrderStatus>`${o.status}`,
    patientId: o.patientId,
    patientName: patients.name,
    patientCode: patients.code,
    patientProcedureId: o.patientProcedureId,
    tooth: o.tooth,
    labId: o.labId,
    labName: labs.name,
    labServiceId: o.labServiceId,
    serviceNameAr: labServices.nameAr,
    serviceNameEn: labServices.nameEn,
    serviceNameFr: labServices.nameFr,
    doctorId: o.doctorId,
    doctorName: doctors.fullName,
    shapeType: o.shapeType,
    shade: sql<VitaShade | null>`${o.shade}`,
    sendDate: o.sendDate,
    expectedDeliveryDate: o.expectedDeliveryDate,
    price: moneyText(o.price, d),
    overdue,
    readyAt: o.readyAt,
    version: o.version,
    createdAt: o.createdAt,
  };
}

/** The orders with their patient, lab, service and doctor. */
function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(patients, and(eq(patients.clinicId, o.clinicId), eq(patients.id, o.patientId)))
    .innerJoin(labs, and(eq(labs.clinicId, o.clinicId), eq(labs.id, o.labId)))
    .innerJoin(labServices, and(eq(labServices.clinicId, o.clinicId), eq(labServices.id, o.labServiceId)))
    .leftJoin(doctors, and(eq(doctors.clinicId, o.clinicId), eq(doctors.id, o.doctorId)));
}

const toItem = <R extends { readyAt: Date | null; createdAt: Date }>(r: R) => ({
  ...r,
  readyAt: r.readyAt ? r.readyAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** The overdue orders of the clinic (every branch: the dashboard's badge). */
export async function countOverdueLabOrders(tx: Tx, session: ClinicSession) {
  const count = await tx.$count(o, and(eq(o.clinicId, session.clinicId), overdueOf(session.clinic.timeZone)));
  return { count };
}

/** An order's history, oldest first, with who made each step. */
export async function historyOf(tx: Tx, clinicId: number, labOrderId: number): Promise<LabOrderHistoryItem[]> {
  const h = labOrderStatusHistory;
  const rows = await tx
    .select({
      id: h.id,
      fromStatus: sql<LabOrderStatus | null>`${h.fromStatus}`,
      toStatus: sql<LabOrderStatus>`${h.toStatus}`,
      ready: h.ready,
      note: h.note,
      userId: h.userId,
      userName: users.fullName,
      byLab: h.byLab,
      createdAt: h.createdAt,
    })
    .from(h)
    .leftJoin(users, and(eq(users.clinicId, h.clinicId), eq(users.id, h.userId)))
    .where(and(eq(h.clinicId, clinicId), eq(h.labOrderId, labOrderId)))
    .orderBy(asc(h.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One order with every field and its history. Another clinic's: 404; a patient of none of the user's branches: 403. */
export async function getLabOrder(tx: Tx, session: ClinicSession, id: number): Promise<LabOrderDetails> {
  const [row] = await withJoins(
    tx.select({ ...orderFields(session), neck: o.neck, body: o.body, incisal: o.incisal, notes: o.notes }).from(o).$dynamic(),
  ).where(byId(session.clinicId, id));
  if (!row) return fail('lab_order_not_found');
  await findPatient(tx, session, row.patientId);
  return { ...toItem(row), currency: session.clinic.currency, history: await historyOf(tx, session.clinicId, id) };
}

/** The order's row, locked until the commit (its status check and update see the same row); 404 when not the clinic's. */
async function lockOrder(tx: Tx, clinicId: number, id: number, labId?: number) {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(byId(clinicId, id), labId === undefined ? undefined : eq(o.labId, labId)))
    .for('update');
  return row ?? fail('lab_order_not_found');
}

function assertVersion(row: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== row.version) fail('lab_order_changed');
}

const READY_NAMES: Record<Language, string> = { ar: 'جاهز', en: 'Ready', fr: 'Prête' };

/** 409 lab_order_transition_forbidden, the message naming both statuses in every language. */
function forbidden(from: LabOrderStatus, to: LabOrderStatus | 'ready'): never {
  const params = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      { from: LAB_ORDER_STATUS_NAMES[from][lang], to: to === 'ready' ? READY_NAMES[lang] : LAB_ORDER_STATUS_NAMES[to][lang] },
    ]),
  );
  throw new AppError('lab_order_transition_forbidden', undefined, { from, to }, params);
}

/**
 * Creates (LOS1) or edits a new order. The patient is the caller's to see; the procedure (optional) is the
 * patient's and the tooth one of its teeth; the lab is active and the service its own; the price is the lab's price
 * of the service now; the doctor a live user of the clinic (default the caller).
 */
export async function saveLabOrder(tx: Tx, session: ClinicSession, input: SaveLabOrderInput) {
  const clinicId = session.clinicId;
  const current = input.id ? await lockOrder(tx, clinicId, input.id) : undefined;
  if (current) {
    await findPatient(tx, session, current.patientId);
    assertVersion(current, input.version);
    if (!LAB_ORDER_EDITABLE_STATUSES.includes(current.status as LabOrderStatus)) fail('lab_order_not_editable');
  }
  await findPatient(tx, session, input.patientId);
  if (input.patientProcedureId) {
    const procedure = await findPatientProcedure(tx, session, input.patientProcedureId);
    if (procedure.patientId !== input.patientId) fail('patient_procedure_not_found', { patientProcedureId: 'patient_procedure_not_found' });
    if (input.tooth != null && procedure.teeth.length && !procedure.teeth.some((t) => t.tooth === input.tooth))
      fail('lab_order_tooth_invalid', { tooth: 'lab_order_tooth_invalid' });
    if (input.tooth != null && !procedure.teeth.length) fail('lab_order_tooth_invalid', { tooth: 'lab_order_tooth_invalid' });
  }
  // share lock: a lab deleted at the same time waits for this order (and then meets it), or goes first (404)
  const [lab] = await tx.select().from(labs).where(and(eq(labs.clinicId, clinicId), eq(labs.id, input.labId))).for('share');
  if (!lab) return fail('lab_not_found', { labId: 'lab_not_found' });
  if (!lab.isActive && current?.labId !== input.labId) fail('lab_not_active', { labId: 'lab_not_active' });
  const service = await findLabService(tx, clinicId, input.labServiceId, 'labServiceId');
  if (service.labId !== lab.id) fail('lab_service_not_found', { labServiceId: 'lab_service_not_found' });
  const [price] = await tx
    .select({ price: labPrices.price })
    .from(labPrices)
    .where(and(eq(labPrices.clinicId, clinicId), eq(labPrices.labId, lab.id), eq(labPrices.labServiceId, service.id)));
  if (!price) return fail('lab_price_missing', { labServiceId: 'lab_price_missing' });
  const doctorId = input.doctorId ?? session.userId;
  const [doctor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), eq(users.id, doctorId), isNull(users.deletedAt)));
  if (!doctor) fail('not_found', { doctorId: 'not_found' });
  const values = {
    patientId: input.patientId,
    patientProcedureId: input.patientProcedureId ?? null,
    tooth: input.tooth ?? null,
    labId: lab.id,
    labServiceId: service.id,
    doctorId,
    shapeType: input.shapeType || null,
    shade: input.shade ?? null,
    neck: input.neck || null,
    body: input.body || null,
    incisal: input.incisal || null,
    sendDate: input.sendDate ?? null,
    expectedDeliveryDate: input.expectedDeliveryDate ?? null,
    price: price.price,
    notes: input.notes || null,
  };
  if (current) {
    const [saved] = await tx
      .update(o)
      .set({ ...values, version: sql`${o.version} + 1`, updatedAt: new Date() })
      .where(byId(clinicId, current.id))
      .returning({ id: o.id, orderNo: o.orderNo, version: o.version });
    return saved!;
  }
  const orderNo = await nextNumber(tx, clinicId, 'lab_order');
  const [created] = await tx
    .insert(o)
    .values({ clinicId, orderNo, status: 'LOS1', createdBy: session.userId, ...values })
    .returning({ id: o.id, orderNo: o.orderNo, version: o.version });
  await tx.insert(labOrderStatusHistory).values({ clinicId, labOrderId: created!.id, fromStatus: null, toStatus: 'LOS1', userId: session.userId });
  return created!;
}

/** Moves a locked order to `to` (or marks it ready), records the step, and answers the new state. */
async function applyStep(
  tx: Tx,
  session: ClinicSession,
  row: typeof o.$inferSelect,
  to: LabOrderStatus | 'ready',
  note: string | null | undefined,
  byLab: boolean,
) {
  const from = row.status as LabOrderStatus;
  const ready = to === 'ready';
  const status = ready ? from : to;
  const [saved] = await tx
    .update(o)
    .set({
      status,
      version: sql`${o.version} + 1`,
      updatedAt: new Date(),
      ...(ready ? { readyAt: new Date() } : to === 'LOS4' ? { readyAt: null } : {}),
    })
    .where(byId(session.clinicId, row.id))
    .returning({ id: o.id, status: o.status, version: o.version });
  await tx.insert(labOrderStatusHistory).values({
    clinicId: session.clinicId,
    labOrderId: row.id,
    fromStatus: from,
    toStatus: status,
    ready,
    note: note || null,
    userId: session.userId,
    byLab,
  });
  return { id: saved!.id, status: saved!.status as LabOrderStatus, version: saved!.version };
}

/** The clinic moves an order one step of LAB_ORDER_TRANSITIONS (row lock; 409 otherwise, nothing changed). */
export async function updateLabOrderStatus(tx: Tx, session: ClinicSession, input: UpdateLabOrderStatusInput) {
  const row = await lockOrder(tx, session.clinicId, input.id);
  await findPatient(tx, session, row.patientId);
  assertVersion(row, input.version);
  if (!canMoveLabOrder(row.status as LabOrderStatus, input.to)) forbidden(row.status as LabOrderStatus, input.to);
  return applyStep(tx, session, row, input.to, input.note, false);
}

/**
 * A lab user moves an order of their own lab (another lab's: 404): LAB_USER_TRANSITIONS, or the ready mark in
 * LOS2/LOS5 (once per preparation). Anything else 409, nothing changed.
 */
export async function updateMyLabOrderStatus(
  tx: Tx,
  session: ClinicSession,
  labId: number,
  input: { id: number; to: LabUserAction; note?: string | null; version?: number },
  deps?: { hub: Hub; jobs?: Jobs },
) {
  const row = await lockOrder(tx, session.clinicId, input.id, labId);
  assertVersion(row, input.version);
  const from = row.status as LabOrderStatus;
  const allowed =
    input.to === 'ready' ? LAB_READY_STATUSES.includes(from) && !row.readyAt : labUserMayMove(from, input.to);
  if (!allowed) forbidden(from, input.to);
  const step = await applyStep(tx, session, row, input.to, input.note, true);
  if (input.to === 'ready' && deps) await notifyReady(tx, deps, session.clinicId, row);
  return step;
}

/** The clinic's users who follow lab orders hear that the lab marked one ready (docs/notifications.md). */
async function notifyReady(tx: Tx, deps: { hub: Hub; jobs?: Jobs }, clinicId: number, row: typeof o.$inferSelect) {
  const [names] = await tx
    .select({ patient: patients.name, lab: labs.name })
    .from(patients)
    .innerJoin(labs, and(eq(labs.clinicId, clinicId), eq(labs.id, row.labId)))
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, row.patientId)));
  await notify(tx, deps, {
    clinicId,
    permissionKeys: ['lab_orders_list'],
    kind: 'lab_order_ready',
    params: { orderNo: row.orderNo, patient: names?.patient ?? '', lab: names?.lab ?? '' },
    route: `/LabOrderDetails/${row.id}`,
  });
}

/**
 * Deletes a new (LOS1) order; any later one is cancelled instead (409 lab_order_not_deletable). Its attachments go
 * with it, their files once the delete has committed (`files` is the call's file store).
 */
export async function deleteLabOrder(tx: Tx, session: ClinicSession, files: FileStore, id: number) {
  const row = await lockOrder(tx, session.clinicId, id);
  await findPatient(tx, session, row.patientId);
  if (!LAB_ORDER_EDITABLE_STATUSES.includes(row.status as LabOrderStatus)) fail('lab_order_not_deletable');
  await removeLabOrderFiles(tx, files, session.clinicId, id);
  await tx.delete(o).where(byId(session.clinicId, id));
  return { ok: true as const };
}

