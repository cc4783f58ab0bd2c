import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { FB, expectOk, rowsIn, visit } from './feedback-test-kit.js';
import { seedDemoFeedback } from './feedback.seed.js';

const t = await testApp();

describe('feedback demo seed', () => {
  it('three questions in ar/en/fr and answers to the checked-out visits; once', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await visit(t, c, patientId, 'AS7', -60);
    await visit(t, c, patientId, 'AS7', -120);
    await seedDemoFeedback(t.database.db, c.clinicId);
    await seedDemoFeedback(t.database.db, c.clinicId);
    const questions = await expectOk<{ items: Array<{ text: { ar: string; en: string; fr: string } }> }>(api(t, c.token).get(FB.getFeedbackQuestions));
    expect(questions.items.map((q) => q.text.en)).toEqual(['How would you rate your visit today?', 'Did the doctor explain the treatment clearly?', 'Any comments or suggestions?']);
    expect(questions.items.every((q) => q.text.ar && q.text.fr)).toBe(true);
    const [counts] = await rowsIn<{ responses: number; answers: number }>(t, c, sql`select
      (select count(*)::int from feedback_responses where clinic_id = ${c.clinicId}) as responses,
      (select count(*)::int from feedback_answers where clinic_id = ${c.clinicId}) as answers`);
    expect(counts).toEqual({ responses: 2, answers: 6 });
    const answers = await expectOk<{ summary: { questions: Array<{ answers: number; options: Array<{ count: number }> }> } }>(api(t, c.token).get(FB.getFeedbackAnswers));
    expect(answers.summary.questions[0]!.options.map((o) => o.count)).toEqual([2, 0, 0, 0]);
  });
});
