import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { patientFk } from '../patients/patients.table.js';
import { appointments } from '../scheduler/scheduler.table.js';

export type LocalizedText = { ar: string | null; en: string | null; fr: string | null };

/** A feedback question (spec §3): its text per language, text or choice, the choices (per language), order, active. */
export const feedbackQuestions = pgTable(
  'feedback_questions',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    text: jsonb('text').$type<LocalizedText>().notNull(),
    questionType: text('question_type').notNull(),
    options: jsonb('options').$type<LocalizedText[]>().notNull().default([]),
    orderIndex: integer('order_index').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    check('feedback_questions_type_ck', sql`${t.questionType} in ('text', 'choice')`),
  ],
);

/** A feedback link of a checked-out visit: only the SHA-256 of its token is kept. */
export const feedbackLinks = pgTable(
  'feedback_links',
  {
    clinicId: clinicId(),
    id: identityId(),
    appointmentId: ref('appointment_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.appointmentId], foreignColumns: [appointments.clinicId, appointments.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('feedback_links_token_uq').on(t.clinicId, t.tokenHash),
    index('feedback_links_appointment_idx').on(t.clinicId, t.appointmentId),
  ],
);

/** One patient's answers to one visit: unique per visit, so however many links or submits, one response is kept. */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    clinicId: clinicId(),
    id: identityId(),
    appointmentId: ref('appointment_id').notNull(),
    patientId: ref('patient_id').notNull(),
    doctorId: ref('doctor_id'),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.appointmentId], foreignColumns: [appointments.clinicId, appointments.id] }).onDelete('cascade'),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('feedback_responses_appointment_uq').on(t.clinicId, t.appointmentId),
    index('feedback_responses_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/** An answer: the text of a text question or the option index of a choice question. A question with answers stays. */
export const feedbackAnswers = pgTable(
  'feedback_answers',
  {
    clinicId: clinicId(),
    responseId: ref('response_id').notNull(),
    questionId: ref('question_id').notNull(),
    text: text('text'),
    choice: smallint('choice'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.responseId, t.questionId] }),
    foreignKey({ columns: [t.clinicId, t.responseId], foreignColumns: [feedbackResponses.clinicId, feedbackResponses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.questionId], foreignColumns: [feedbackQuestions.clinicId, feedbackQuestions.id] }),
    index('feedback_answers_question_idx').on(t.clinicId, t.questionId),
    check('feedback_answers_one_ck', sql`(${t.text} is null) <> (${t.choice} is null)`),
  ],
);
