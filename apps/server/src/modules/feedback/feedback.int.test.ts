import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newPatient, newUser, testApp } from '../../../test/harness.js';
import { FB, expectError, expectOk, linkFor, rowsIn, twoQuestions, visit } from './feedback-test-kit.js';

const t = await testApp();
const form = (token: string, lang = 'en') => api(t, undefined, { language: lang }).get(FB.getFeedbackForm, { token });
const submit = (token: string, answers: unknown[], lang = 'en') =>
  api(t, undefined, { language: lang }).post(FB.saveFeedbackAnswers, { token, answers });

describe('Feedback/GetFeedbackQuestions, SaveFeedbackQuestion, DeleteFeedbackQuestions', () => {
  it('creates, lists in order, updates and deletes questions, on the free tier', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const { choiceId, textId } = await twoQuestions(t, c);
    const list = await expectOk<{ items: Array<{ id: number; text: { en: string | null }; options: unknown[]; isActive: boolean }> }>(
      api(t, c.token).get(FB.getFeedbackQuestions),
    );
    expect(list.items.map((q) => q.id)).toEqual([choiceId, textId]);
    expect(list.items[1]).toEqual({ id: textId, text: { ar: null, en: 'Anything to add?', fr: null }, questionType: 'text', options: [], orderIndex: 2, isActive: true });
    await expectOk(api(t, c.token).post(FB.saveFeedbackQuestion, { id: textId, text: { en: 'Comments' }, questionType: 'text', orderIndex: 0, isActive: false }));
    expect((await expectOk<{ items: Array<{ id: number }> }>(api(t, c.token).get(FB.getFeedbackQuestions))).items.map((q) => q.id)).toEqual([textId, choiceId]);
    expect((await expectOk<{ items: Array<{ id: number }> }>(api(t, c.token).get(FB.getFeedbackQuestions, { activeOnly: 'true' }))).items.map((q) => q.id)).toEqual([choiceId]);
    await expectOk(api(t, c.token).delete(FB.deleteFeedbackQuestions, { ids: [textId, choiceId] }));
    expect((await expectOk<{ items: unknown[] }>(api(t, c.token).get(FB.getFeedbackQuestions))).items).toEqual([]);
  });

  it('refuses bad questions with 400 and translated messages', async () => {
    const c = await newClinic(t);
    const save = (body: Record<string, unknown>) => api(t, c.token, { language: 'fr' }).post(FB.saveFeedbackQuestion, body);
    const noOptions = await expectError(save({ text: { ar: 'سؤال' }, questionType: 'choice', options: [{ ar: 'نعم' }] }), 400, 'validation');
    expect(noOptions.errors).toEqual({ options: 'Ajoutez au moins deux options à une question à choix' });
    await expectError(save({ text: { ar: '', en: ' ' }, questionType: 'text' }), 400, 'validation');
    await expectError(save({ text: { ar: 'x' }, questionType: 'rating' }), 400, 'validation');
    await expectError(save({ text: { ar: 'x' }, questionType: 'text', options: [{ ar: 'y' }] }), 400, 'validation');
    await expectError(save({ text: 'x', questionType: 'text' }), 400, 'validation');
    await expectError(save({ id: 999999, text: { ar: 'x' }, questionType: 'text' }), 404, 'feedback_question_not_found');
    await expectError(api(t, c.token).delete(FB.deleteFeedbackQuestions, { ids: [999999] }), 404, 'feedback_question_not_found');
  });

  it('403 without the keys; another clinic\'s question is 404', async () => {
    const c = await newClinic(t);
    const { choiceId } = await twoQuestions(t, c);
    const nobody = await newUser(t, c, ['patient_list']);
    await expectError(api(t, nobody).get(FB.getFeedbackQuestions), 403, 'BS11');
    await expectError(api(t, nobody).post(FB.saveFeedbackQuestion, { text: { ar: 'x' }, questionType: 'text' }), 403, 'BS11');
    await expectError(api(t, nobody).get(FB.getFeedbackAnswers), 403, 'BS11');
    const reader = await newUser(t, c, ['patient_feedback_list']);
    await expectOk(api(t, reader).get(FB.getFeedbackQuestions));
    await expectError(api(t, reader).delete(FB.deleteFeedbackQuestions, { ids: [choiceId] }), 403, 'BS11');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(FB.saveFeedbackQuestion, { id: choiceId, text: { ar: 'x' }, questionType: 'text' }), 404, 'feedback_question_not_found');
    await expectError(api(t, other.token).delete(FB.deleteFeedbackQuestions, { ids: [choiceId] }), 404, 'feedback_question_not_found');
  });
});

describe('feedback links, the public form and Feedback/GetFeedbackAnswers', () => {
  it('a checked-out visit gets a link; the patient answers once in Arabic; the answers are listed and summarised', async () => {
    const c = await newClinic(t);
    const { choiceId, textId } = await twoQuestions(t, c);
    const patientId = await newPatient(t, c, { name: 'سارة أحمد' });
    const appointmentId = await visit(t, c, patientId);
    const link = await linkFor(t, c, appointmentId);
    expect(link.path).toBe(`/feedback/${link.token}`);
    expect(link.url.endsWith(link.path)).toBe(true);

    const ar = await expectOk<{ clinicName: string; answered: boolean; questions: Array<{ text: string; options: string[] }> }>(form(link.token, 'ar'));
    expect(ar).toMatchObject({ clinicName: `Clinic ${c.clinicName}`, doctorName: 'Owner', answered: false });
    expect(ar.questions).toEqual([
      { id: choiceId, text: 'كيف تقيّم زيارتك؟', questionType: 'choice', options: ['ممتازة', 'جيدة', 'سيئة'] },
      // no Arabic text: the first one the clinic wrote
      { id: textId, text: 'Anything to add?', questionType: 'text', options: [] },
    ]);
    await expectOk(submit(link.token, [{ questionId: choiceId, choice: 0 }, { questionId: textId, text: 'شكرًا' }], 'ar'));
    await expectError(submit(link.token, [{ questionId: choiceId, choice: 1 }]), 409, 'feedback_already_answered');
    // a second link of the same visit cannot answer again either
    const again = await linkFor(t, c, appointmentId);
    expect((await expectOk<{ answered: boolean }>(form(again.token))).answered).toBe(true);
    await expectError(submit(again.token, [{ questionId: choiceId, choice: 2 }]), 409, 'feedback_already_answered');

    const answers = await expectOk<{ items: Array<Record<string, unknown>>; total: number; summary: Record<string, unknown> }>(
      api(t, c.token).get(FB.getFeedbackAnswers, { patientId }),
    );
    expect(answers.total).toBe(1);
    expect(answers.items[0]).toMatchObject({
      patientId, patientName: 'سارة أحمد', doctorId: c.ownerId, doctorName: 'Owner',
      language: 'ar', // the patient answered in Arabic: their free text is marked so (issue 18)
      answers: [
        { questionId: choiceId, question: 'How was your visit?', text: null, choice: 'Excellent' },
        { questionId: textId, question: 'Anything to add?', text: 'شكرًا', choice: null },
      ],
    });
    expect(answers.summary).toEqual({
      questions: [
        { questionId: choiceId, question: 'How was your visit?', answers: 1, options: [{ label: 'Excellent', count: 1 }, { label: 'Good', count: 0 }, { label: 'Poor', count: 0 }] },
        { questionId: textId, question: 'Anything to add?', answers: 1, options: [] },
      ],
      doctors: [{ doctorId: c.ownerId, doctorName: 'Owner', responses: 1, choices: [{ questionId: choiceId, choice: 0, count: 1 }] }],
    });
    // a question with answers cannot be deleted nor change its type
    await expectError(api(t, c.token).delete(FB.deleteFeedbackQuestions, { ids: [choiceId] }), 409, 'cannot_delete_in_use');
    await expectError(api(t, c.token).post(FB.saveFeedbackQuestion, { id: choiceId, text: { en: 'x' }, questionType: 'text' }), 409, 'cannot_delete_in_use');
    // another patient's filter finds nothing
    const none = await expectOk<{ total: number }>(api(t, c.token).get(FB.getFeedbackAnswers, { patientId: await newPatient(t, c) }));
    expect(none.total).toBe(0);
    // only the hash of a token is stored
    const hashes = await rowsIn<{ token_hash: string }>(t, c, sql`select token_hash from feedback_links where clinic_id = ${c.clinicId}`);
    expect(hashes.map((h) => h.token_hash)).not.toContain(link.token);
  });

  it('answers that do not fit their question are 400 and nothing is saved', async () => {
    const c = await newClinic(t);
    const { choiceId, textId } = await twoQuestions(t, c);
    const { token } = await linkFor(t, c, await visit(t, c, await newPatient(t, c)));
    for (const answers of [
      [{ questionId: choiceId, choice: 3 }],
      [{ questionId: choiceId, text: 'Good' }],
      [{ questionId: textId, choice: 0 }],
      [{ questionId: 999999, choice: 0 }],
      [{ questionId: choiceId, choice: 0 }, { questionId: choiceId, choice: 1 }],
      [{ questionId: textId, text: '' }],
    ])
      await expectError(submit(token, answers), 400, 'feedback_answer_invalid');
    await expectError(submit(token, []), 400, 'validation');
    await expectError(submit(token, [{ questionId: 'x', choice: 'y' }]), 400, 'validation');
    expect((await expectOk<{ answered: boolean }>(form(token))).answered).toBe(false);
  });

  it('a link needs a checked-out visit of the clinic in the user\'s branches', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    await expectError(api(t, c.token).post(FB.createFeedbackLink, { appointmentId: await visit(t, c, patientId, 'AS3') }), 409, 'feedback_visit_not_finished');
    await expectError(api(t, c.token).post(FB.createFeedbackLink, { appointmentId: 'abc' }), 400, 'validation');
    const other = await newClinic(t);
    await expectError(api(t, other.token).post(FB.createFeedbackLink, { appointmentId: await visit(t, c, patientId) }), 404, 'appointment_not_found');
    await expectError(api(t, await newUser(t, c, ['patient_list'])).post(FB.createFeedbackLink, { appointmentId: 1 }), 403, 'BS11');
  });

  it("an altered, made-up or other clinic's token is one 404; the public form is rate-limited", async () => {
    const c = await newClinic(t);
    await twoQuestions(t, c);
    const { token } = await linkFor(t, c, await visit(t, c, await newPatient(t, c)));
    const [clinicPart, random, sig] = token.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      `${clinicPart}.${flip(random)}.${sig}`,
      `${clinicPart}.${random}.${flip(sig)}`,
      `${(Number.parseInt(clinicPart, 36) + 1).toString(36)}.${random}.${sig}`,
      'abc',
      `${token}.x`,
    ]) {
      await expectError(form(bad), 404, 'feedback_link_invalid');
      await expectError(submit(bad, [{ questionId: 1, choice: 0 }]), 404, 'feedback_link_invalid');
    }
    await expectError(form('<script>'), 400, 'validation');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) last = await api(t, undefined, { 'x-forwarded-for': '203.0.113.91' }).get(FB.getFeedbackForm, { token });
    expect(last!.statusCode).toBe(429);
  });
});
