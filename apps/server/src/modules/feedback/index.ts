/**
 * The feedback module (issue 17): feedback questions, per-visit feedback links (hashed tokens), the public form and
 * its answers, read per patient and summarised per question and per doctor (docs/qrcodes-feedback.md).
 */
export { registerFeedbackRoutes } from './feedback.routes.js';
export { feedbackAnswers, feedbackLinks, feedbackQuestions, feedbackResponses } from './feedback.table.js';
export { createFeedbackLinkFor } from './links.js';
