import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, apiLogin, clinicTodayAt, loginByApi } from './support';

/**
 * A new patient's visit of today (an early free slot), checked in and out through the API by the owner, and a choice
 * question of the journey's own: the visit's id and the clinic's today (YYYY-MM-DD).
 */
async function checkedOutVisit(request: APIRequestContext, patientName: string, question: string) {
  const session = await apiLogin(request, 'owner');
  const owner = apiAs(request, session.token);
  const branchId = session.objectData.branchId!;
  const settings = await owner.ok.get<{ doctors: Array<{ id: number }> }>('/api/Cleander/GetCalendarSettings');
  const { rooms } = await owner.ok.get<{ rooms: Array<{ id: number }> }>('/api/Cleander/GetRooms');
  const patient = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: patientName,
    mobile: `+2011${String(Date.now()).slice(-8)}`,
    branchIds: [branchId],
    confirmDuplicateName: true,
  });
  await owner.ok.post('/api/Feedback/SaveFeedbackQuestion', {
    text: { ar: question, en: `${question} (en)`, fr: `${question} (fr)` },
    questionType: 'choice',
    options: [{ ar: 'ممتازة', en: 'Excellent', fr: 'Excellente' }, { ar: 'جيدة', en: 'Good', fr: 'Bonne' }],
    orderIndex: 0,
  });
  for (let start = 30; start <= 6 * 60; start += 30) {
    const res = await owner.post('/api/Cleander/SaveAppointment', {
      branchId, patientId: patient.id, doctorId: settings.doctors[0]!.id, roomId: rooms[0]!.id,
      start: clinicTodayAt(session.objectData.timeZone, start), end: clinicTodayAt(session.objectData.timeZone, start + 20),
      confirmOutsideWorkingHours: true, confirmOverlap: true,
    });
    if (!res.ok()) continue;
    const { id } = (await res.json()) as { id: number };
    await owner.ok.post('/api/Cleander/SaveCheckIn', { id });
    await owner.ok.post('/api/Cleander/SaveCheckOut', { id });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: session.objectData.timeZone }).format(new Date());
    return { id, today };
  }
  throw new Error('no free slot early today');
}

test.describe('patient feedback', () => {
  test('the desk gives a checked-out visit its feedback link; the patient answers it on a phone in Arabic; the answer shows on /PatientFeedback', async ({ browser, page, request }) => {
    const suffix = Date.now() % 1_000_000;
    const patientName = `مريض التقييم ${suffix}`;
    const question = `هل أنت راضٍ عن الزيارة؟ ${suffix}`;
    const visit = await checkedOutVisit(request, patientName, question);

    // at the desk: the checked-out visit on the calendar gives its feedback link (shown as a QR code and a copyable link)
    await loginByApi(page, 'owner', { path: `/?date=${visit.today}&appointment=${visit.id}` });
    await expect(page.locator('.ant-drawer-title').filter({ hasText: patientName })).toBeVisible();
    await page.getByRole('button', { name: 'رابط التقييم' }).click();
    await expect(page.getByRole('img', { name: 'رمز QR لرابط التقييم' })).toBeVisible();
    const url = new URL((await page.getByTestId('feedback-link-url').textContent())!.trim());

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Cairo' });
    const patientPage = await phone.newPage();
    await patientPage.goto(url.pathname);
    await expect(patientPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(patientPage.getByText(question)).toBeVisible();
    await patientPage.locator('.ant-form-item').filter({ hasText: question }).getByRole('radio', { name: 'ممتازة' }).check();
    await patientPage.getByRole('button', { name: 'إرسال' }).click();
    await expect(patientPage.getByText('شكرًا لتقييمك')).toBeVisible();
    // the link answers once: opened again, it thanks and asks nothing
    await patientPage.reload();
    await expect(patientPage.getByText('شكرًا لتقييمك')).toBeVisible();
    await phone.close();

    await loginByApi(page, 'owner', { path: '/PatientFeedback' });
    const row = page.getByRole('row').filter({ hasText: patientName });
    await expect(row).toContainText(question);
    await expect(row).toContainText('ممتازة');
  });
});

test.describe('QR codes', () => {
  test('a booking code is on the printable sheet, and scanned on a phone it opens the booking page', async ({ browser, page, request }) => {
    const label = `نافذة الحجز ${Date.now() % 1_000_000}`;
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    await owner.ok.post('/api/QrCode/SaveQrCode', { purpose: 'booking', label });
    const { items } = await owner.ok.get<{ items: Array<{ label: string; path: string }> }>('/api/QrCode/GetQrCodes');
    const code = items.find((i) => i.label === label)!;

    await loginByApi(page, 'owner', { path: '/QrCodes' });
    await expect(page.getByRole('img', { name: label })).toBeVisible();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const scanned = await phone.newPage();
    await scanned.goto(code.path);
    await expect(scanned).toHaveURL(/\/book\/demo$/);
    await phone.close();
  });
});
