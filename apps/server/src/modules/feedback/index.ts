/**
 * The feedback module (issue 17): feedback questions, per-visit feedback links (hashed tokens), the public form and
 * its answers, read per patient and summarised per question and per doctor (docs/qrcodes-feedback.md).
 */
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { seedDemoFeedback } from './feedback.seed.js';

export { registerFeedbackRoutes } from './feedback.routes.js';
export { feedbackAnswers, feedbackLinks, feedbackQuestions, feedbackResponses } from './feedback.table.js';
export { createFeedbackLinkFor } from './links.js';

// after the scheduler's seeder (modules/index.ts loads the scheduler first): answers go to its checked-out visits
addDemoRecordSeeder('follow-ups', (db, clinicId) => seedDemoFeedback(db, clinicId));
