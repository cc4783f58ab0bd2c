import { sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { type LocalizedText, feedbackAnswers, feedbackQuestions, feedbackResponses } from './feedback.table.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const l = (ar: string, en: string, fr: string): LocalizedText => ({ ar, en, fr });

/** The demo clinic's feedback questions (ar/en/fr). */
export const DEMO_QUESTIONS = [
  {
    text: l('كيف تقيّم زيارتك اليوم؟', 'How would you rate your visit today?', "Comment évaluez-vous votre visite d'aujourd'hui ?"),
    questionType: 'choice',
    options: [l('ممتازة', 'Excellent', 'Excellente'), l('جيدة', 'Good', 'Bonne'), l('مقبولة', 'Fair', 'Correcte'), l('سيئة', 'Poor', 'Mauvaise')],
  },
  {
    text: l('هل شرح لك الطبيب العلاج بوضوح؟', 'Did the doctor explain the treatment clearly?', 'Le médecin vous a-t-il expliqué clairement le traitement ?'),
    questionType: 'choice',
    options: [l('نعم', 'Yes', 'Oui'), l('إلى حد ما', 'Somewhat', 'En partie'), l('لا', 'No', 'Non')],
  },
  {
    text: l('هل لديك أي ملاحظات أو اقتراحات؟', 'Any comments or suggestions?', 'Des remarques ou des suggestions ?'),
    questionType: 'text',
    options: [],
  },
] as const;

const DEMO_COMMENTS = ['الاستقبال كان لطيفًا جدًا', 'Short wait, thank you', 'Très bon accueil'];

/** Questions, and answers to up to three of the clinic's checked-out visits; once (nothing if questions exist). */
export async function seedDemoFeedback(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    if ((await tx.$count(feedbackQuestions, sql`${feedbackQuestions.clinicId} = ${clinicId}`)) > 0) return;
    const ids = await tx
      .insert(feedbackQuestions)
      .values(DEMO_QUESTIONS.map((q, i) => ({ clinicId, text: q.text, questionType: q.questionType, options: [...q.options], orderIndex: i + 1 })))
      .returning({ id: feedbackQuestions.id });
    const visits = rowsOf<{ id: string | number; patientId: string | number; doctorId: string | number | null }>(
      await tx.execute(sql`select id, patient_id as "patientId", doctor_id as "doctorId" from appointments
        where clinic_id = ${clinicId} and status = 'AS7' order by starts_at desc limit 3`),
    );
    for (const [i, v] of visits.entries()) {
      const [response] = await tx
        .insert(feedbackResponses)
        .values({ clinicId, appointmentId: Number(v.id), patientId: Number(v.patientId), doctorId: v.doctorId == null ? null : Number(v.doctorId), language: (['ar', 'en', 'fr'] as const)[i]! })
        .returning({ id: feedbackResponses.id });
      await tx.insert(feedbackAnswers).values([
        { clinicId, responseId: response!.id, questionId: ids[0]!.id, choice: i === 2 ? 1 : 0 },
        { clinicId, responseId: response!.id, questionId: ids[1]!.id, choice: 0 },
        { clinicId, responseId: response!.id, questionId: ids[2]!.id, text: DEMO_COMMENTS[i]! },
      ]);
    }
  });
}
