import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, concurrently, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { FB, QR, expectOk, linkFor, rowsIn, twoQuestions, visit } from './feedback-test-kit.js';

/*
 * Many requests at once (they bite on PostgreSQL: `bash scripts/test-postgres.sh feedback`; PGlite runs one request
 * at a time).
 */
const t = await testApp();

describe('feedback and QR codes under concurrency', () => {
  it('50 submits of one visit at once, through two links: one response is saved, 49 are 409', async () => {
    const c = await newClinic(t);
    const { choiceId, textId } = await twoQuestions(t, c);
    const appointmentId = await visit(t, c, await newPatient(t, c));
    const links = [await linkFor(t, c, appointmentId), await linkFor(t, c, appointmentId)];
    const { tally } = await concurrently(50, (i) =>
      api(t, undefined, { 'x-forwarded-for': `192.0.2.${i + 1}` }).post(FB.saveFeedbackAnswers, {
        token: links[i % 2]!.token,
        answers: [{ questionId: choiceId, choice: i % 3 }, { questionId: textId, text: `answer ${i}` }],
      }),
    );
    expect(tally).toEqual({ '200': 1, '409 feedback_already_answered': 49 });
    const rows = await rowsIn<{ responses: number; answers: number }>(t, c, sql`select
      (select count(*)::int from feedback_responses where clinic_id = ${c.clinicId}) as responses,
      (select count(*)::int from feedback_answers where clinic_id = ${c.clinicId}) as answers`);
    expect(rows).toEqual([{ responses: 1, answers: 2 }]);
  });

  it('50 check-in scans of one patient at once: the appointment is checked in once, 49 find nothing left', async () => {
    const c = await newClinic(t);
    await expectOk(api(t, c.token).post(QR.saveQrCode, { purpose: 'checkin', label: 'desk', branchId: c.branchId }));
    const [code] = (await expectOk<{ items: Array<{ path: string }> }>(api(t, c.token).get(QR.getQrCodes))).items;
    const qid = code!.path.split('/')[3]!;
    await visit(t, c, await newPatient(t, c, { mobile: '+201007770000' }), 'AS1', 5);
    const { tally } = await concurrently(50, (i) =>
      api(t, undefined, { 'x-forwarded-for': `192.0.2.${i + 101}` }).post(QR.scanQrCode, { qid, mobile: '+201007770000' }),
    );
    expect(tally).toEqual({ '200': 1, '404 qr_no_appointment_today': 49 });
    const rows = await rowsIn<{ status: string; version: number }>(t, c, sql`select status, version from appointments where clinic_id = ${c.clinicId}`);
    expect(rows).toEqual([{ status: 'AS3', version: 2 }]);
  });
});
