import {
  LAB_ROLE_BASE,
  LAB_ROLE_CODE,
  LAB_ROLE_NAMES,
  LAB_USER_KEYS,
  type LabOrderStatus,
  type LabUserItem,
  type MyLabOrderDetails,
  type MyLabOrdersInput,
  type SaveLabUserInput,
  type VitaShade,
  currencyDecimals,
} from '@dental/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rolePermissions, roles, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { containsPattern, listResult, pageWindow } from '../../platform/db/list-query.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { patients } from '../patients/index.js';
import { registerUser } from '../users/index.js';
import { historyOf, overdueOf } from './lab-orders.service.js';
import { findLab, moneyText } from './labs.service.js';
import { labOrders, labServices, labUsers, labs } from './labs.table.js';

/* Lab users: logins of a lab's staff, and what they see and do (docs/labs.md "Lab users"). */

/**
 * The clinic's built-in lab role (code LAB, base role RL5, keys LAB_USER_KEYS only), made the first time it is
 * needed: the insert does nothing when it exists (the unique roles_code_uq holds under concurrency).
 */
export async function labRoleId(tx: Tx, clinicId: number): Promise<number> {
  const [created] = await tx
    .insert(roles)
    .values({ clinicId, code: LAB_ROLE_CODE, baseRole: LAB_ROLE_BASE, nameAr: LAB_ROLE_NAMES.ar, nameEn: LAB_ROLE_NAMES.en, nameFr: LAB_ROLE_NAMES.fr, isDefault: true })
    .onConflictDoNothing({ target: [roles.clinicId, roles.code] })
    .returning({ id: roles.id });
  if (created) {
    await tx.insert(rolePermissions).values(LAB_USER_KEYS.map((permissionKey) => ({ clinicId, roleId: created.id, permissionKey })));
    return created.id;
  }
  const [row] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.clinicId, clinicId), eq(roles.code, LAB_ROLE_CODE)));
  return row!.id;
}

/**
 * A login for a lab's staff: the users module's user creation (identity checks, password hash, branches, who may
 * give which role) with the lab role, then the link to the lab.
 */
export async function saveLabUser(tx: Tx, session: ClinicSession, input: SaveLabUserInput) {
  const lab = await findLab(tx, session.clinicId, input.labId, 'labId');
  const roleId = await labRoleId(tx, session.clinicId);
  const { id } = await registerUser(tx, session, {
    fullName: input.fullName,
    displayName: null,
    userName: input.userName,
    email: input.email,
    mobile: input.mobile,
    password: input.password,
    roleId,
    branchIds: [input.branchId],
    branchId: input.branchId,
    countryId: input.countryId,
    language: input.language,
    isDoctor: false,
  });
  await tx.insert(labUsers).values({ clinicId: session.clinicId, userId: id, labId: lab.id });
  return { id };
}

/** The clinic's lab users, or one lab's (another clinic's lab: 404). */
export async function listLabUsers(tx: Tx, clinicId: number, labId?: number) {
  if (labId) await findLab(tx, clinicId, labId);
  const rows = await tx
    .select({
      userId: users.id,
      labId: labs.id,
      labName: labs.name,
      fullName: users.fullName,
      userName: users.userName,
      email: users.email,
      mobile: users.mobile,
      isActive: users.isActive,
      createdAt: labUsers.createdAt,
    })
    .from(labUsers)
    .innerJoin(users, and(eq(users.clinicId, labUsers.clinicId), eq(users.id, labUsers.userId)))
    .innerJoin(labs, and(eq(labs.clinicId, labUsers.clinicId), eq(labs.id, labUsers.labId)))
    .where(and(eq(labUsers.clinicId, clinicId), isNull(users.deletedAt), labId ? eq(labUsers.labId, labId) : undefined))
    .orderBy(asc(labs.name), asc(users.fullName), asc(users.id));
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) satisfies LabUserItem[] };
}

/** The lab the caller works for; 403 lab_user_not_linked for anyone not linked to a lab (the owner, say). */
export async function myLab(tx: Tx, session: ClinicSession) {
  const [row] = await tx
    .select({ id: labs.id, name: labs.name })
    .from(labUsers)
    .innerJoin(labs, and(eq(labs.clinicId, labUsers.clinicId), eq(labs.id, labUsers.labId)))
    .where(and(eq(labUsers.clinicId, session.clinicId), eq(labUsers.userId, session.userId)));
  return row ?? fail('lab_user_not_linked');
}

const o = labOrders;
const doctors = alias(users, 'doctors');

/** What a lab sees of an order: its fields, the patient's name and code, nothing else of the patient. */
function myOrderFields(session: ClinicSession) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: sql<LabOrderStatus>`${o.status}`,
    patientName: patients.name,
    patientCode: patients.code,
    tooth: o.tooth,
    labServiceId: o.labServiceId,
    serviceNameAr: labServices.nameAr,
    serviceNameEn: labServices.nameEn,
    serviceNameFr: labServices.nameFr,
    doctorName: doctors.fullName,
    shapeType: o.shapeType,
    shade: sql<VitaShade | null>`${o.shade}`,
    neck: o.neck,
    body: o.body,
    incisal: o.incisal,
    sendDate: o.sendDate,
    expectedDeliveryDate: o.expectedDeliveryDate,
    price: moneyText(o.price, currencyDecimals(session.clinic.currency)),
    notes: o.notes,
    overdue: overdueOf(session.clinic.timeZone),
    readyAt: o.readyAt,
    version: o.version,
  };
}

function selectMyOrders(tx: Tx, session: ClinicSession) {
  return tx
    .select(myOrderFields(session))
    .from(o)
    .innerJoin(patients, and(eq(patients.clinicId, o.clinicId), eq(patients.id, o.patientId)))
    .innerJoin(labServices, and(eq(labServices.clinicId, o.clinicId), eq(labServices.id, o.labServiceId)))
    .leftJoin(doctors, and(eq(doctors.clinicId, o.clinicId), eq(doctors.id, o.doctorId)));
}

const withReadyAt = <R extends { readyAt: Date | null }>(r: R) => ({ ...r, readyAt: r.readyAt ? r.readyAt.toISOString() : null });

/** The caller's lab's orders (every status: a new one, LOS1, is what the lab is to take), newest first. */
export async function listMyLabOrders(tx: Tx, session: ClinicSession, input: MyLabOrdersInput) {
  const lab = await myLab(tx, session);
  const pattern = input.search ? containsPattern(input.search) : undefined;
  const where = and(
    eq(o.clinicId, session.clinicId),
    eq(o.labId, lab.id),
    input.status?.length ? inArray(o.status, input.status) : undefined,
    input.overdueOnly ? overdueOf(session.clinic.timeZone) : undefined,
    pattern
      ? sql`(${patients.name} ilike ${pattern} or ${patients.code} ilike ${pattern} or ${labServices.nameAr} ilike ${pattern} or ${labServices.nameEn} ilike ${pattern})`
      : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const rows = await selectMyOrders(tx, session).where(where).orderBy(desc(o.createdAt), desc(o.id)).limit(limit).offset(offset);
  const [total] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(o)
    .innerJoin(patients, and(eq(patients.clinicId, o.clinicId), eq(patients.id, o.patientId)))
    .innerJoin(labServices, and(eq(labServices.clinicId, o.clinicId), eq(labServices.id, o.labServiceId)))
    .where(where);
  return { labId: lab.id, labName: lab.name, ...listResult(rows.map(withReadyAt), total!.n, input) };
}

/** One order of the caller's lab with its history; another lab's (or clinic's) order is 404. */
export async function getMyLabOrder(tx: Tx, session: ClinicSession, id: number): Promise<MyLabOrderDetails> {
  const lab = await myLab(tx, session);
  const [row] = await selectMyOrders(tx, session).where(and(eq(o.clinicId, session.clinicId), eq(o.id, id), eq(o.labId, lab.id)));
  if (!row) return fail('lab_order_not_found');
  return { ...withReadyAt(row), history: await historyOf(tx, session.clinicId, id) };
}
