import { type CallAccess, defineCall } from '../common/call.js';
import { okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  createFeedbackLinkInput,
  createFeedbackLinkOutput,
  deleteFeedbackQuestionsInput,
  feedbackAnswersInput,
  feedbackAnswersOutput,
  feedbackFormInput,
  feedbackFormOutput,
  feedbackQuestionsInput,
  feedbackQuestionsOutput,
  saveFeedbackAnswersInput,
  saveFeedbackQuestionInput,
} from './feedback.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** Questions are kept on /Feedbacks (settings_feedback_list); answers are read on /PatientFeedback (patient_feedback_list). */
const questionsRead: ClinicAccess = { permissions: ['settings_feedback_list', 'patient_feedback_list'], tier: 'ST0' };
const questionsWrite: ClinicAccess = { permissions: ['settings_feedback_list'], tier: 'ST0', rule: 'Secretariat' };
const answersRead: ClinicAccess = { permissions: ['patient_feedback_list'], tier: 'ST0', rule: 'Secretariat' };
const linkWrite: ClinicAccess = { permissions: ['patient_feedback_list', 'scheduler_update_appointment'], tier: 'ST0' };

/** Patient feedback (controller Feedback; spec §7), with the public form's project calls. */
export const feedbackCalls = {
  getFeedbackQuestions: defineCall({
    controller: 'Feedback',
    action: 'GetFeedbackQuestions',
    method: 'GET',
    access: questionsRead,
    input: feedbackQuestionsInput,
    output: feedbackQuestionsOutput,
    summary: "The clinic's feedback questions in their order",
  }),
  saveFeedbackQuestion: defineCall({
    controller: 'Feedback',
    action: 'SaveFeedbackQuestion',
    method: 'POST',
    access: questionsWrite,
    input: saveFeedbackQuestionInput,
    output: savedOutput,
    summary: 'Create (no id) or update a feedback question: text in ar/en/fr, text or choice, options, order, active',
  }),
  deleteFeedbackQuestions: defineCall({
    controller: 'Feedback',
    action: 'DeleteFeedbackQuestions',
    method: 'DELETE',
    access: questionsWrite,
    input: deleteFeedbackQuestionsInput,
    output: okOutput,
    summary: 'Delete feedback questions (one that has answers: 409 cannot_delete_in_use; deactivate it instead)',
  }),
  getFeedbackAnswers: defineCall({
    controller: 'Feedback',
    action: 'GetFeedbackAnswers',
    method: 'GET',
    access: answersRead,
    input: feedbackAnswersInput,
    output: feedbackAnswersOutput,
    summary: 'Patients\' answers, newest first, paged, with a summary per question and per doctor',
  }),
  createFeedbackLink: defineCall({
    controller: 'Feedback',
    action: 'CreateFeedbackLink',
    method: 'POST',
    access: linkWrite,
    input: createFeedbackLinkInput,
    output: createFeedbackLinkOutput,
    summary: 'Project call: a new unguessable feedback link for a checked-out visit (copy it, send it or show its QR)',
  }),
  getFeedbackForm: defineCall({
    controller: 'Feedback',
    action: 'GetFeedbackForm',
    method: 'GET',
    access: { public: true },
    input: feedbackFormInput,
    output: feedbackFormOutput,
    summary: "Project call, no login (rate-limited): the feedback form of a visit's link in the request's language",
  }),
  saveFeedbackAnswers: defineCall({
    controller: 'Feedback',
    action: 'SaveFeedbackAnswers',
    method: 'POST',
    access: { public: true },
    input: saveFeedbackAnswersInput,
    output: okOutput,
    summary: "No login (rate-limited): the patient's answers for a visit's link, once per visit",
  }),
};
