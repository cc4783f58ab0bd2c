import { asc, eq } from 'drizzle-orm';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { supportComments, supportRequests, supportVotes } from './support.table.js';

type DemoRequest = {
  kind: 'feature' | 'support';
  title: string;
  body: string;
  status: string;
  votes: number;
  comment?: string;
};

/** A few requests per demo clinic, so /FeaturesAndRequests and /Support are not empty on a first visit. */
const DEMO_REQUESTS: Record<string, DemoRequest[]> = {
  demo: [
    {
      kind: 'feature',
      title: 'مزامنة المواعيد مع تقويم جوجل',
      body: 'نرغب في أن تظهر مواعيد كل طبيب في تقويم جوجل الخاص به تلقائيًا.',
      status: 'RS2',
      votes: 3,
      comment: 'سيوفر هذا علينا نسخ المواعيد يدويًا كل صباح.',
    },
    {
      kind: 'support',
      title: 'رسائل التذكير لا تصل لبعض المرضى',
      body: 'بعض المرضى أرقامهم سعودية ولا تصلهم رسائل التذكير قبل الموعد.',
      status: 'RS3',
      votes: 1,
      comment: 'تكررت المشكلة اليوم مع ثلاثة مرضى.',
    },
  ],
  riyadh: [
    {
      kind: 'feature',
      title: 'تصدير الفواتير بصيغة الفوترة الإلكترونية',
      body: 'نحتاج تصدير الفواتير بصيغة هيئة الزكاة والضريبة والجمارك.',
      status: 'RS1',
      votes: 1,
    },
  ],
};

export async function seedDemoSupport(db: Db, clinicId: number) {
  const [clinic] = await db.select({ clinicName: clinics.clinicName }).from(clinics).where(eq(clinics.id, clinicId));
  const requests = clinic ? DEMO_REQUESTS[clinic.clinicName] : undefined;
  if (!requests) return;
  const staff = await withTenant(db, clinicId, (tx) =>
    tx.select().from(users).where(eq(users.clinicId, clinicId)).orderBy(asc(users.id)),
  );
  const author = staff[0];
  if (!author) return;
  for (const r of requests) {
    const [row] = await db
      .insert(supportRequests)
      .values({
        kind: r.kind,
        authorClinicId: clinicId,
        authorUserId: author.id,
        authorName: author.displayName || author.fullName,
        title: r.title,
        body: r.body,
        status: r.status,
      })
      .returning({ id: supportRequests.id });
    const voters = staff.slice(1, 1 + r.votes);
    if (voters.length)
      await db
        .insert(supportVotes)
        .values(voters.map((u) => ({ requestId: row!.id, voterClinicId: clinicId, voterUserId: u.id })));
    const commenter = staff[1];
    if (r.comment && commenter)
      await db.insert(supportComments).values({
        requestId: row!.id,
        authorClinicId: clinicId,
        authorUserId: commenter.id,
        authorName: commenter.displayName || commenter.fullName,
        body: r.comment,
      });
  }
}
