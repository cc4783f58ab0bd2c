import { feedbackCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerPublicCall } from '../../platform/calls.js';
import {
  createFeedbackLink,
  deleteFeedbackQuestions,
  getFeedbackAnswers,
  getFeedbackForm,
  getFeedbackQuestions,
  saveFeedbackAnswers,
  saveFeedbackQuestion,
} from './feedback.service.js';

/** An address may open or submit feedback forms this many times a minute (then 429). */
export const PUBLIC_FEEDBACK_PER_MINUTE = 30;

export function registerFeedbackRoutes(app: FastifyInstance) {
  const c = feedbackCalls;
  registerCall(app, c.getFeedbackQuestions, ({ tx, session }, input) =>
    getFeedbackQuestions(tx, session.clinicId, input.activeOnly === 'true'),
  );
  registerCall(app, c.saveFeedbackQuestion, ({ tx, session }, input) => saveFeedbackQuestion(tx, session.clinicId, input));
  registerCall(app, c.deleteFeedbackQuestions, ({ tx, session }, input) => deleteFeedbackQuestions(tx, session.clinicId, input.ids));
  registerCall(app, c.getFeedbackAnswers, ({ tx, session, lang }, input) => getFeedbackAnswers(tx, session, input, lang));
  registerCall(app, c.createFeedbackLink, ({ tx, session, deps }, input) =>
    createFeedbackLink(tx, session, deps.config.TOKEN_SECRET, deps.config.PUBLIC_URL, input.appointmentId),
  );
  registerPublicCall(
    app,
    c.getFeedbackForm,
    ({ db, deps, lang }, input) => getFeedbackForm(db, deps.config.TOKEN_SECRET, input.token, lang),
    { perMinute: PUBLIC_FEEDBACK_PER_MINUTE },
  );
  registerPublicCall(
    app,
    c.saveFeedbackAnswers,
    ({ db, deps, lang }, input) => saveFeedbackAnswers(db, deps.config.TOKEN_SECRET, input, lang),
    { perMinute: PUBLIC_FEEDBACK_PER_MINUTE },
  );
}
