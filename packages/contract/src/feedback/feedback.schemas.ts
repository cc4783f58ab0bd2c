import { z } from 'zod';
import { calendarDate, id, idsInput, listInput, optionalId, requiredEnum } from '../common/schemas.js';
import { LANGUAGES } from '../enums.js';
import { publicToken } from '../qrcodes/qrcodes.schemas.js';

/** A text in the clinic's languages; at least one is given, the patient's page shows theirs or the first given. */
const localized = z
  .object({
    ar: z.string().trim().max(300, 'field_too_long').optional().nullable(),
    en: z.string().trim().max(300, 'field_too_long').optional().nullable(),
    fr: z.string().trim().max(300, 'field_too_long').optional().nullable(),
  }, { error: 'field_required' })
  .transform((v) => ({ ar: v.ar || null, en: v.en || null, fr: v.fr || null }))
  .refine((v) => Boolean(v.ar || v.en || v.fr), 'field_required');
const localizedOut = z.object({ ar: z.string().nullable(), en: z.string().nullable(), fr: z.string().nullable() });

export const FEEDBACK_QUESTION_TYPES = ['text', 'choice'] as const;
export type FeedbackQuestionType = (typeof FEEDBACK_QUESTION_TYPES)[number];

/** A feedback question (spec §3): text or choice, options (choice only), order, active. */
export const feedbackQuestion = z.object({
  id: z.number(),
  text: localizedOut,
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  options: z.array(localizedOut),
  orderIndex: z.number(),
  isActive: z.boolean(),
});
export const feedbackQuestionsInput = z.object({ activeOnly: z.enum(['true', 'false'], { error: 'field_invalid' }).optional() });
export const feedbackQuestionsOutput = z.object({ items: z.array(feedbackQuestion) });

/** A choice question has 2-10 options; a text question none. */
export const saveFeedbackQuestionInput = z
  .object({
    id: optionalId,
    text: localized,
    questionType: requiredEnum(FEEDBACK_QUESTION_TYPES),
    options: z.array(localized, { error: 'field_invalid' }).max(10, 'field_invalid').default([]),
    orderIndex: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(1000, 'field_invalid').default(0),
    isActive: z.boolean({ error: 'field_invalid' }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.questionType === 'choice' && v.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'feedback_options_required' });
    if (v.questionType === 'text' && v.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'field_invalid' });
  });
export const deleteFeedbackQuestionsInput = idsInput;

/** Feedback/CreateFeedbackLink: a link for a checked-out visit (the patient opens it without logging in). */
export const createFeedbackLinkInput = z.object({ appointmentId: id });
export const createFeedbackLinkOutput = z.object({ token: z.string(), path: z.string(), url: z.string() });

/** The public form of a link: the clinic's name, the visit's day and doctor, the active questions in the asked language. */
export const feedbackFormInput = z.object({ token: publicToken });
export const feedbackFormOutput = z.object({
  clinicName: z.string(),
  doctorName: z.string().nullable(),
  date: z.string(),
  answered: z.boolean(),
  questions: z.array(z.object({ id: z.number(), text: z.string(), questionType: z.enum(FEEDBACK_QUESTION_TYPES), options: z.array(z.string()) })),
});

/** One answer: the text of a text question, or the option index of a choice question. */
const answerInput = z.object({
  questionId: id,
  text: z.string().trim().max(2000, 'field_too_long').optional().nullable(),
  choice: z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(9, 'field_invalid').optional().nullable(),
});
/** Feedback/SaveFeedbackAnswers: once per visit (a second submit is 409 feedback_already_answered). */
export const saveFeedbackAnswersInput = z.object({
  token: publicToken,
  answers: z.array(answerInput, { error: 'field_required' }).min(1, 'field_required').max(50, 'field_invalid'),
});

export const FEEDBACK_ANSWER_SORT = ['createdAt'] as const;
export const feedbackAnswersInput = listInput(FEEDBACK_ANSWER_SORT).extend({
  patientId: optionalId,
  doctorId: optionalId,
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
const answerOut = z.object({ questionId: z.number(), question: z.string(), text: z.string().nullable(), choice: z.string().nullable() });
export const feedbackResponseItem = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  doctorId: z.number().nullable(),
  doctorName: z.string().nullable(),
  visitDate: z.string(),
  /** The language the patient answered in (their free-text answers are in it). */
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  answers: z.array(answerOut),
});
/** Per choice question, how many answers each option got; per doctor, the responses and their choice counts. */
export const feedbackSummary = z.object({
  questions: z.array(z.object({ questionId: z.number(), question: z.string(), answers: z.number(), options: z.array(z.object({ label: z.string(), count: z.number() })) })),
  doctors: z.array(z.object({
    doctorId: z.number().nullable(),
    doctorName: z.string().nullable(),
    responses: z.number(),
    choices: z.array(z.object({ questionId: z.number(), choice: z.number(), count: z.number() })),
  })),
});
export const feedbackAnswersOutput = z.object({
  items: z.array(feedbackResponseItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  summary: feedbackSummary,
});

export type FeedbackQuestion = z.infer<typeof feedbackQuestion>;
export type SaveFeedbackQuestionInput = z.output<typeof saveFeedbackQuestionInput>;
export type FeedbackForm = z.infer<typeof feedbackFormOutput>;
export type SaveFeedbackAnswersInput = z.output<typeof saveFeedbackAnswersInput>;
export type FeedbackAnswersInput = z.output<typeof feedbackAnswersInput>;
export type FeedbackAnswers = z.infer<typeof feedbackAnswersOutput>;
