import { callPath, feedbackCalls, qrCodeCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { type TestApp, type TestClinic, api } from '../../../test/harness.js';
import { expectOk } from '../scheduler/scheduler-test-kit.js';
import { withTenant } from '../../platform/db/tenancy.js';

/** Shared by the feedback and QR codes tests: paths, a visit written straight to the database, answers. */
export const FB = Object.fromEntries(Object.entries(feedbackCalls).map(([n, d]) => [n, callPath(d)])) as Record<keyof typeof feedbackCalls, string>;
export const QR = Object.fromEntries(Object.entries(qrCodeCalls).map(([n, d]) => [n, callPath(d)])) as Record<keyof typeof qrCodeCalls, string>;

export { expectError, expectOk } from '../scheduler/scheduler-test-kit.js';

/** An appointment of the patient with the clinic's owner as doctor, starting `minutesFromNow` from now. */
export async function visit(t: TestApp, c: TestClinic, patientId: number, status = 'AS7', minutesFromNow = 0) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const { rows } = (await tx.execute(sql`insert into appointments (clinic_id, branch_id, patient_id, doctor_id, starts_at, ends_at, status)
      values (${c.clinicId}, ${c.branchId}, ${patientId}, ${c.ownerId}, now() + make_interval(mins => ${minutesFromNow}),
        now() + make_interval(mins => ${minutesFromNow + 30}), ${status}) returning id`)) as unknown as { rows: Array<{ id: string | number }> };
    return Number(rows[0]!.id);
  });
}

export const rowsIn = async <T>(t: TestApp, c: TestClinic, query: ReturnType<typeof sql>) =>
  withTenant(t.database.db, c.clinicId, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);

/** Two questions: a choice question (3 options) and a text question; returns their ids. */
export async function twoQuestions(t: TestApp, c: TestClinic) {
  const choice = await expectOk<{ id: number }>(
    api(t, c.token).post(FB.saveFeedbackQuestion, {
      text: { ar: 'كيف تقيّم زيارتك؟', en: 'How was your visit?', fr: 'Comment était votre visite ?' },
      questionType: 'choice',
      options: [{ ar: 'ممتازة', en: 'Excellent', fr: 'Excellente' }, { ar: 'جيدة', en: 'Good', fr: 'Bonne' }, { ar: 'سيئة', en: 'Poor', fr: 'Mauvaise' }],
      orderIndex: 1,
    }),
  );
  const text = await expectOk<{ id: number }>(
    api(t, c.token).post(FB.saveFeedbackQuestion, { text: { en: 'Anything to add?' }, questionType: 'text', orderIndex: 2 }),
  );
  return { choiceId: choice.id, textId: text.id };
}

export const linkFor = (t: TestApp, c: TestClinic, appointmentId: number) =>
  expectOk<{ token: string; path: string; url: string }>(api(t, c.token).post(FB.createFeedbackLink, { appointmentId }));
