import type {
  FeedbackAnswers,
  FeedbackAnswersInput,
  FeedbackForm,
  FeedbackQuestion,
  FeedbackQuestionType,
  Language,
  SaveFeedbackAnswersInput,
  SaveFeedbackQuestionInput,
} from '@dental/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { pageWindow } from '../../platform/db/list-query.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { AppError, fail } from '../../platform/errors.js';
import { publicTokenClinic, tokenHash } from '../../platform/public-token.js';
import { type LocalizedText, feedbackAnswers, feedbackQuestions, feedbackResponses } from './feedback.table.js';
import { createFeedbackLinkFor } from './links.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The text in the language asked for, else Arabic, English, French: the first one the clinic wrote. */
export const textIn = (t: LocalizedText, lang: Language) => t[lang] ?? t.ar ?? t.en ?? t.fr ?? '';

const toQuestion = (q: typeof feedbackQuestions.$inferSelect): FeedbackQuestion => ({
  id: q.id,
  text: q.text,
  questionType: q.questionType as FeedbackQuestionType,
  options: q.options,
  orderIndex: q.orderIndex,
  isActive: q.isActive,
});

export async function getFeedbackQuestions(tx: Tx, clinicId: number, activeOnly: boolean) {
  const rows = await tx
    .select()
    .from(feedbackQuestions)
    .where(and(eq(feedbackQuestions.clinicId, clinicId), activeOnly ? eq(feedbackQuestions.isActive, true) : undefined))
    .orderBy(asc(feedbackQuestions.orderIndex), asc(feedbackQuestions.id));
  return { items: rows.map(toQuestion) };
}

/**
 * Creates or updates a question. A question that has answers keeps its type and the number of its options (the
 * answers point at option indexes), so old answers keep their meaning: 409 cannot_delete_in_use otherwise.
 */
export async function saveFeedbackQuestion(tx: Tx, clinicId: number, input: SaveFeedbackQuestionInput) {
  const values = { text: input.text, questionType: input.questionType, options: input.options, orderIndex: input.orderIndex, isActive: input.isActive };
  if (input.id) {
    const [old] = await tx
      .select()
      .from(feedbackQuestions)
      .where(and(eq(feedbackQuestions.clinicId, clinicId), eq(feedbackQuestions.id, input.id)))
      .for('update');
    if (!old) return fail('feedback_question_not_found');
    if (old.questionType !== input.questionType || old.options.length > input.options.length) {
      const used = await tx.$count(feedbackAnswers, and(eq(feedbackAnswers.clinicId, clinicId), eq(feedbackAnswers.questionId, input.id)));
      if (used > 0) fail('cannot_delete_in_use');
    }
    await tx
      .update(feedbackQuestions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(feedbackQuestions.clinicId, clinicId), eq(feedbackQuestions.id, input.id)));
    return { id: input.id };
  }
  const [created] = await tx.insert(feedbackQuestions).values({ clinicId, ...values }).returning({ id: feedbackQuestions.id });
  return { id: created!.id };
}

/** Deletes questions; one with answers is refused by its foreign key (409 cannot_delete_in_use, nothing deleted). */
export async function deleteFeedbackQuestions(tx: Tx, clinicId: number, ids: number[]) {
  const deleted = await tx
    .delete(feedbackQuestions)
    .where(and(eq(feedbackQuestions.clinicId, clinicId), inArray(feedbackQuestions.id, ids)))
    .returning({ id: feedbackQuestions.id });
  if (deleted.length !== new Set(ids).size) fail('feedback_question_not_found');
  return { ok: true as const };
}

/** Feedback/CreateFeedbackLink: a link for a checked-out (AS7) visit of the clinic, in a branch the user works in. */
export async function createFeedbackLink(tx: Tx, session: ClinicSession, secret: string, publicUrl: string, appointmentId: number) {
  const [visit] = rowsOf<{ status: string; branchId: number }>(
    await tx.execute(sql`select status, branch_id as "branchId" from appointments
      where clinic_id = ${session.clinicId} and id = ${appointmentId}`),
  );
  if (!visit) return fail('appointment_not_found');
  if (!session.allBranches && !session.branchIds.includes(Number(visit.branchId))) fail('BS15');
  if (visit.status !== 'AS7') fail('feedback_visit_not_finished');
  return createFeedbackLinkFor(tx, session.clinicId, appointmentId, session.userId, secret, publicUrl);
}

type Visit = { appointmentId: number; patientId: number; doctorId: number | null; clinicName: string; doctorName: string | null; date: string; answered: boolean };

/** The visit of a link (a made-up, altered or unknown token, an inactive clinic, a deleted patient: 404 feedback_link_invalid). */
async function visitOf(tx: Tx, clinicId: number, token: string, lock: boolean): Promise<Visit> {
  const [v] = rowsOf<Visit>(
    await tx.execute(sql`select a.id as "appointmentId", a.patient_id as "patientId", a.doctor_id as "doctorId",
        c.display_name as "clinicName", d.display_name as "doctorName",
        to_char((a.starts_at at time zone c.time_zone)::date, 'YYYY-MM-DD') as date,
        exists (select 1 from feedback_responses r where r.clinic_id = a.clinic_id and r.appointment_id = a.id) as answered
      from feedback_links k
      join appointments a on a.clinic_id = k.clinic_id and a.id = k.appointment_id
      join clinics c on c.id = a.clinic_id
      join patients p on p.clinic_id = a.clinic_id and p.id = a.patient_id
      left join users d on d.clinic_id = a.clinic_id and d.id = a.doctor_id
      where k.clinic_id = ${clinicId} and k.token_hash = ${tokenHash(token)} and c.is_active and p.deleted_at is null
      ${lock ? sql`for update of a` : sql``}`),
  );
  if (!v) return fail('feedback_link_invalid');
  return { ...v, appointmentId: Number(v.appointmentId), patientId: Number(v.patientId), doctorId: v.doctorId == null ? null : Number(v.doctorId) };
}

const clinicOf = (secret: string, token: string) => publicTokenClinic(secret, 'feedback-links', token) ?? fail('feedback_link_invalid');

/** Feedback/GetFeedbackForm: the clinic's name, the visit's day and doctor, and the active questions in `lang`. */
export async function getFeedbackForm(db: Db, secret: string, token: string, lang: Language): Promise<FeedbackForm> {
  const clinicId = clinicOf(secret, token);
  return withTenant(db, clinicId, async (tx) => {
    const visit = await visitOf(tx, clinicId, token, false);
    const { items } = await getFeedbackQuestions(tx, clinicId, true);
    return {
      clinicName: visit.clinicName,
      doctorName: visit.doctorName,
      date: visit.date,
      answered: visit.answered,
      questions: items.map((q) => ({ id: q.id, text: textIn(q.text, lang), questionType: q.questionType, options: q.options.map((o) => textIn(o, lang)) })),
    };
  });
}

/**
 * Feedback/SaveFeedbackAnswers: the answers of a visit, once. The visit's row is locked, and the response is unique
 * per visit, so of many submits at once exactly one is saved; the others read 409 feedback_already_answered. Each
 * answer must be to an active question, text for a text question and an existing option for a choice one.
 */
export async function saveFeedbackAnswers(db: Db, secret: string, input: SaveFeedbackAnswersInput, lang: Language) {
  const clinicId = clinicOf(secret, input.token);
  return withTenant(db, clinicId, async (tx) => {
    const visit = await visitOf(tx, clinicId, input.token, true);
    // read after the lock, in a new statement: the locking one's snapshot predates a submit that was just committed
    const [done] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from feedback_responses where clinic_id = ${clinicId} and appointment_id = ${visit.appointmentId}`),
    );
    if (visit.answered || done!.n > 0) fail('feedback_already_answered');
    const questions = new Map((await getFeedbackQuestions(tx, clinicId, true)).items.map((q) => [q.id, q]));
    const seen = new Set<number>();
    type Row = { questionId: number; text: string | null; choice: number | null };
    const rows = input.answers.flatMap((a, i): Row[] => {
      const q = questions.get(a.questionId);
      const bad = (): never => {
        throw new AppError('feedback_answer_invalid', { [`answers.${i}`]: 'feedback_answer_invalid' });
      };
      if (!q || seen.has(a.questionId)) return bad();
      seen.add(a.questionId);
      if (q.questionType === 'text') {
        if (a.choice != null) return bad();
        return a.text ? [{ questionId: q.id, text: a.text, choice: null }] : [];
      }
      if (a.text || a.choice == null) return a.choice == null && !a.text ? [] : bad();
      if (a.choice >= q.options.length) return bad();
      return [{ questionId: q.id, text: null, choice: a.choice }];
    });
    if (!rows.length) fail('feedback_answer_invalid');
    const [response] = await tx
      .insert(feedbackResponses)
      .values({ clinicId, appointmentId: visit.appointmentId, patientId: visit.patientId, doctorId: visit.doctorId, language: lang })
      .returning({ id: feedbackResponses.id });
    await tx.insert(feedbackAnswers).values(rows.map((r) => ({ clinicId, responseId: response!.id, ...r })));
    return { ok: true as const };
  });
}

/** Feedback/GetFeedbackAnswers: responses newest first with their answers, and the summary over every matching response. */
export async function getFeedbackAnswers(tx: Tx, session: ClinicSession, input: FeedbackAnswersInput, lang: Language): Promise<FeedbackAnswers> {
  const c = session.clinicId;
  const tz = session.clinic.timeZone;
  const where = sql`r.clinic_id = ${c}
    ${input.patientId ? sql`and r.patient_id = ${input.patientId}` : sql``}
    ${input.doctorId ? sql`and r.doctor_id = ${input.doctorId}` : sql``}
    ${input.from ? sql`and (r.created_at at time zone ${tz})::date >= ${input.from}::date` : sql``}
    ${input.to ? sql`and (r.created_at at time zone ${tz})::date <= ${input.to}::date` : sql``}`;
  const { limit, offset } = pageWindow(input);
  const order = input.sortOrder === 'ascend' ? sql`asc` : sql`desc`;
  const responses = rowsOf<{ id: string | number; patientId: string | number; patientName: string; doctorId: string | number | null; doctorName: string | null; visitDate: string; language: Language; createdAt: string | Date }>(
    await tx.execute(sql`select r.id, r.patient_id as "patientId", p.name as "patientName", r.doctor_id as "doctorId",
        d.display_name as "doctorName", to_char((a.starts_at at time zone ${tz})::date, 'YYYY-MM-DD') as "visitDate", r.language, r.created_at as "createdAt"
      from feedback_responses r
      join appointments a on a.clinic_id = r.clinic_id and a.id = r.appointment_id
      join patients p on p.clinic_id = r.clinic_id and p.id = r.patient_id
      left join users d on d.clinic_id = r.clinic_id and d.id = r.doctor_id
      where ${where} order by r.created_at ${order}, r.id ${order} limit ${limit} offset ${offset}`),
  );
  const [{ total }] = rowsOf<{ total: number | string }>(await tx.execute(sql`select count(*) as total from feedback_responses r where ${where}`)) as [{ total: number | string }];
  const questions = new Map((await getFeedbackQuestions(tx, c, false)).items.map((q) => [q.id, q]));
  const ids = responses.map((r) => Number(r.id));
  const answers = ids.length
    ? await tx.select().from(feedbackAnswers).where(and(eq(feedbackAnswers.clinicId, c), inArray(feedbackAnswers.responseId, ids)))
    : [];
  const label = (questionId: number, choice: number | null) => {
    const q = questions.get(questionId);
    return choice == null || !q ? null : q.options[choice] ? textIn(q.options[choice]!, lang) : String(choice + 1);
  };
  const perDoctor = rowsOf<{ doctorId: string | number | null; doctorName: string | null; n: string | number }>(
    await tx.execute(sql`select r.doctor_id as "doctorId", d.display_name as "doctorName", count(*) as n
      from feedback_responses r left join users d on d.clinic_id = r.clinic_id and d.id = r.doctor_id
      where ${where} group by r.doctor_id, d.display_name order by count(*) desc, r.doctor_id`),
  );
  const counts = rowsOf<{ doctorId: string | number | null; questionId: string | number; choice: number | null; n: string | number }>(
    await tx.execute(sql`select r.doctor_id as "doctorId", x.question_id as "questionId", x.choice, count(*) as n
      from feedback_responses r join feedback_answers x on x.clinic_id = r.clinic_id and x.response_id = r.id
      where ${where} group by r.doctor_id, x.question_id, x.choice`),
  );
  const doctors = perDoctor.map((d) => ({
    doctorId: d.doctorId == null ? null : Number(d.doctorId),
    doctorName: d.doctorName,
    responses: Number(d.n),
    choices: counts
      .filter((x) => String(x.doctorId) === String(d.doctorId) && x.choice != null)
      .map((x) => ({ questionId: Number(x.questionId), choice: Number(x.choice), count: Number(x.n) }))
      .sort((a, b) => a.questionId - b.questionId || a.choice - b.choice),
  }));
  const summaryQuestions = [...questions.values()]
    .map((q) => {
      const mine = counts.filter((x) => Number(x.questionId) === q.id);
      return {
        questionId: q.id,
        question: textIn(q.text, lang),
        answers: mine.reduce((sum, x) => sum + Number(x.n), 0),
        options: q.options.map((o, i) => ({
          label: textIn(o, lang),
          count: mine.filter((x) => x.choice === i).reduce((sum, x) => sum + Number(x.n), 0),
        })),
      };
    })
    .filter((q) => q.answers > 0 || questions.get(q.questionId)!.isActive);
  return {
    items: responses.map((r) => ({
      id: Number(r.id),
      patientId: Number(r.patientId),
      patientName: r.patientName,
      doctorId: r.doctorId == null ? null : Number(r.doctorId),
      doctorName: r.doctorName,
      visitDate: r.visitDate,
      language: r.language,
      createdAt: new Date(r.createdAt).toISOString(),
      answers: answers
        .filter((a) => a.responseId === Number(r.id))
        .sort((a, b) => (questions.get(a.questionId)?.orderIndex ?? 0) - (questions.get(b.questionId)?.orderIndex ?? 0))
        .map((a) => ({ questionId: a.questionId, question: questions.get(a.questionId) ? textIn(questions.get(a.questionId)!.text, lang) : '', text: a.text, choice: label(a.questionId, a.choice) })),
    })),
    total: Number(total),
    page: input.page,
    pageSize: input.pageSize,
    summary: { questions: summaryQuestions, doctors },
  };
}
