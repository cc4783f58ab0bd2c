import { type LabOrderStatus, tierRank, type Tier } from '@dental/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DEMO_LAB_USER, DEMO_PASSWORD } from '../../db/demo-data.js';
import { clinics, roles, userBranches, users } from '../../platform/auth/identity.table.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { nextNumber } from '../../platform/db/counters.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { patientProcedures } from '../patient-procedures/index.js';
import { patients } from '../patients/index.js';
import { labRoleId } from './lab-users.service.js';
import { labOrderStatusHistory, labOrders, labPrices, labServices, labUsers, labs } from './labs.table.js';

/** Two Egyptian dental labs with their services and prices (EGP; the seeder skips a clinic in another currency). */
const DEMO_LABS = [
  {
    name: 'معمل النخبة للأسنان',
    contactPerson: 'أ. شريف منصور',
    mobile: '+201001112233',
    email: 'orders@elite-dental-lab.example',
    address: 'شارع عباس العقاد، مدينة نصر، القاهرة',
    notes: 'الاستلام يوميًا الساعة 2 ظهرًا',
    services: [
      { nameAr: 'تاج زركونيا', nameEn: 'Zirconia crown', nameFr: 'Couronne zircone', price: '1800.00' },
      { nameAr: 'تاج معدن خزف', nameEn: 'PFM crown', nameFr: 'Couronne céramo-métallique', price: '950.00' },
      { nameAr: 'قشرة إيماكس', nameEn: 'E.max veneer', nameFr: 'Facette E.max', price: '2200.00' },
      { nameAr: 'واقي ليلي', nameEn: 'Night guard', nameFr: 'Gouttière de nuit', price: '600.00' },
    ],
  },
  {
    name: 'معمل الدقة الرقمي',
    contactPerson: 'د. نرمين عادل',
    mobile: '+201223344556',
    email: 'cad@precision-lab.example',
    address: 'شارع 9، المعادي، القاهرة',
    notes: null,
    services: [
      { nameAr: 'تاج زركونيا', nameEn: 'Zirconia crown', nameFr: 'Couronne zircone', price: '1650.00' },
      { nameAr: 'طقم أسنان كامل', nameEn: 'Complete denture', nameFr: 'Prothèse complète', price: '3500.00' },
      { nameAr: 'دعامة زرعة مخصصة', nameEn: 'Custom implant abutment', nameFr: 'Pilier implantaire personnalisé', price: '2800.00' },
    ],
  },
];

/** Demo orders: [lab, service, status path, send days ago, expected in days (negative: past), shade, notes]. */
const DEMO_ORDERS: Array<{ lab: number; service: number; path: LabOrderStatus[]; sent: number | null; expected: number; shade: string | null; notes: string | null }> = [
  { lab: 0, service: 0, path: ['LOS1'], sent: null, expected: 7, shade: 'A2', notes: 'Anatomic contour, occlusal clearance 1.5 mm' },
  // overdue: sent ten days ago, expected three days ago, not received
  { lab: 0, service: 1, path: ['LOS1', 'LOS2'], sent: 10, expected: -3, shade: 'A3', notes: 'يرجى مطابقة اللون مع السن المجاور' },
  { lab: 1, service: 0, path: ['LOS1', 'LOS2', 'LOS7'], sent: 8, expected: 1, shade: 'B1', notes: null },
  { lab: 0, service: 2, path: ['LOS1', 'LOS2', 'LOS7', 'LOS4', 'LOS5'], sent: 15, expected: 4, shade: 'A1', notes: 'Retour : contact proximal trop léger' },
  { lab: 1, service: 1, path: ['LOS1', 'LOS2', 'LOS7', 'LOS3'], sent: 30, expected: -20, shade: null, notes: null },
];

/**
 * The demo labs, their price lists, a few orders in different states (one overdue) and one lab user
 * (DEMO_LAB_USER) of the first lab. Only for a clinic whose tier includes labs (ST2 and above), in EGP, once.
 */
export async function seedDemoLabs(db: Db, clinicId: number, branchIds: number[]) {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, clinicId));
  if (!clinic || tierRank(clinic.subscriptionType as Tier) < tierRank('ST2') || clinic.currency !== 'EGP') return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await withTenant(db, clinicId, async (tx) => {
    if (await tx.$count(labs, eq(labs.clinicId, clinicId))) return;
    const labIds: number[] = [];
    const serviceIds: number[][] = [];
    for (const lab of DEMO_LABS) {
      const { services, ...values } = lab;
      const [row] = await tx.insert(labs).values({ clinicId, ...values }).returning({ id: labs.id });
      labIds.push(row!.id);
      const ids: number[] = [];
      for (const s of services) {
        const [service] = await tx.insert(labServices).values({ clinicId, labId: row!.id, nameAr: s.nameAr, nameEn: s.nameEn, nameFr: s.nameFr }).returning({ id: labServices.id });
        await tx.insert(labPrices).values({ clinicId, labId: row!.id, labServiceId: service!.id, price: s.price });
        ids.push(service!.id);
      }
      serviceIds.push(ids);
    }
    const owner = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, and(eq(roles.clinicId, users.clinicId), eq(roles.id, users.roleId)))
      .where(and(eq(users.clinicId, clinicId), eq(roles.code, 'RL1'), isNull(users.deletedAt)))
      .limit(1);
    const doctorId = owner[0]?.id ?? null;
    const procedures = await tx
      .select({ id: patientProcedures.id, patientId: patientProcedures.patientId, teeth: patientProcedures.teeth })
      .from(patientProcedures)
      .where(and(eq(patientProcedures.clinicId, clinicId), sql`jsonb_array_length(${patientProcedures.teeth}) > 0`))
      .orderBy(asc(patientProcedures.id))
      .limit(DEMO_ORDERS.length);
    const patientRows = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt)))
      .orderBy(asc(patients.id))
      .limit(DEMO_ORDERS.length);
    if (!patientRows.length) return;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.timeZone }).format(new Date());
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    for (const [i, order] of DEMO_ORDERS.entries()) {
      const procedure = procedures[i];
      const patientId = procedure?.patientId ?? patientRows[i % patientRows.length]!.id;
      const [price] = await tx
        .select({ price: labPrices.price })
        .from(labPrices)
        .where(and(eq(labPrices.clinicId, clinicId), eq(labPrices.labServiceId, serviceIds[order.lab]![order.service]!)));
      const status = order.path.at(-1)!;
      const [row] = await tx
        .insert(labOrders)
        .values({
          clinicId,
          orderNo: await nextNumber(tx, clinicId, 'lab_order'),
          patientId,
          patientProcedureId: procedure?.id ?? null,
          tooth: procedure?.teeth[0]?.tooth ?? null,
          labId: labIds[order.lab]!,
          labServiceId: serviceIds[order.lab]![order.service]!,
          doctorId,
          status,
          shapeType: order.service === 0 ? 'Anatomic' : null,
          shade: order.shade,
          sendDate: order.sent === null ? null : day(-order.sent),
          expectedDeliveryDate: day(order.expected),
          price: price!.price,
          notes: order.notes,
          version: order.path.length,
          createdBy: doctorId,
        })
        .returning({ id: labOrders.id });
      await tx.insert(labOrderStatusHistory).values(
        order.path.map((to, step) => ({ clinicId, labOrderId: row!.id, fromStatus: step ? order.path[step - 1]! : null, toStatus: to, userId: doctorId })),
      );
    }
    // the first lab's technician: a login with the lab role
    const roleId = await labRoleId(tx, clinicId);
    const [labUser] = await tx
      .insert(users)
      .values({
        clinicId, userName: DEMO_LAB_USER.userName, fullName: DEMO_LAB_USER.fullName, displayName: DEMO_LAB_USER.fullName,
        email: DEMO_LAB_USER.email, mobile: DEMO_LAB_USER.mobile, passwordHash: hash, roleId, branchId: branchIds[0] ?? null, countryId: 'CN3',
      })
      .returning({ id: users.id });
    if (branchIds[0]) await tx.insert(userBranches).values({ clinicId, userId: labUser!.id, branchId: branchIds[0] });
    await tx.insert(labUsers).values({ clinicId, userId: labUser!.id, labId: labIds[0]! });
  });
}
