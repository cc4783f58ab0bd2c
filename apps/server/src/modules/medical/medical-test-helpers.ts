import { callPath, medicalCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type TestApp, type TestClinic, api } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { medicalCategories, medicalQuestions } from './medical.table.js';

/** Paths of the module's calls, by descriptor name. */
export const PATH = Object.fromEntries(Object.entries(medicalCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof medicalCalls,
  string
>;

export async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

export async function expectOk<T = Record<string, unknown>>(call: Promise<LightMyRequestResponse>): Promise<T> {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Removes the starter questionnaire of a test clinic, so a test builds exactly the questions it needs. */
export async function clearQuestionnaire(t: TestApp, c: TestClinic) {
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    await tx.delete(medicalQuestions).where(eq(medicalQuestions.clinicId, c.clinicId));
    await tx.delete(medicalCategories).where(eq(medicalCategories.clinicId, c.clinicId));
  });
}

export async function addCategory(t: TestApp, c: TestClinic, body: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return (
    await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveMedicalCategory, { nameAr: `فئة ${n}`, nameEn: `Category ${n}`, ...body }),
    )
  ).id;
}

export async function addQuestion(t: TestApp, c: TestClinic, categoryId: number, body: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return (
    await expectOk<{ id: number }>(
      api(t, c.token).post(PATH.saveMedicalQuestion, {
        categoryId,
        textAr: `سؤال ${n}`,
        textEn: `Question ${n}`,
        questionType: 'yesNo',
        ...body,
      }),
    )
  ).id;
}
