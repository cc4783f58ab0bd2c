import { expect, test } from '@playwright/test';
import { DEMO_CLINIC, LOGIN_PATH, OTHER_CLINIC, apiAs, apiLogin, expectLanguage, loginByApi, startInLanguage } from './support';

test.describe('public booking page', () => {
  test('a patient books a time on /book/demo without logging in, in Arabic; the secretary sees them in /NewPatientsList', async ({ browser }) => {
    const run = String(Date.now()).slice(-8);
    const name = `سلمى حجز ${run}`;
    const patient = await browser.newPage();
    await startInLanguage(patient, 'ar');
    await patient.goto(`/book/${DEMO_CLINIC}`);
    await expectLanguage(patient, 'ar');
    await expect(patient).toHaveURL(new RegExp(`/book/${DEMO_CLINIC}$`)); // no login asked
    await expect(patient.getByRole('heading', { name: 'عيادة الابتسامة لطب الأسنان' })).toBeVisible();
    await expect(patient.getByText('احجز موعدًا', { exact: true })).toBeVisible();

    // the demo clinic has two branches: the first is chosen; then a day that is not today, and its first free time
    await expect(patient.getByRole('combobox', { name: 'الفرع' })).toBeVisible();
    const days = patient.getByRole('listbox', { name: 'اختر اليوم' });
    const day = days.locator('[role="option"]:not([disabled])').nth(1);
    await expect(day).toBeVisible();
    const date = await day.getAttribute('data-date');
    await day.click();
    await expect(day).toHaveAttribute('aria-selected', 'true');
    const slot = patient.getByRole('listbox', { name: 'اختر الوقت' }).getByRole('option').first();
    const time = await slot.getAttribute('data-time');
    await slot.click();

    // the form refuses empty fields with Arabic messages, then books
    await patient.getByRole('button', { name: 'تأكيد الحجز' }).click();
    const item = (id: string) => patient.locator('.ant-form-item').filter({ has: patient.locator(`#${id}`) });
    await expect(item('booking_name').getByText('هذا الحقل مطلوب')).toBeVisible();
    await expect(item('booking_mobile').getByText('هذا الحقل مطلوب')).toBeVisible();
    await patient.locator('#booking_name').fill(name);
    await patient.locator('#booking_mobile').fill(`010${run}`);
    await patient.getByRole('button', { name: 'تأكيد الحجز' }).click();
    await expect(patient.getByText('تم استلام طلب الحجز')).toBeVisible();
    const [y, m, d] = date!.split('-');
    await expect(patient.getByText(`${d}/${m}/${y}`)).toBeVisible();
    await patient.close();

    // the secretary finds the new patient waiting for approval
    const secretary = await browser.newPage();
    await loginByApi(secretary, 'secretary', { path: '/NewPatientsList' });
    await expect(secretary.getByRole('cell', { name })).toBeVisible();
    await expect(secretary.getByRole('row').filter({ hasText: name }).getByText(`010 ${run}`)).toBeVisible(); // national form (issue 18)

    // and the booking is on the calendar of the branch: pending, from the website, at the chosen time
    const { token, objectData } = await apiLogin(secretary.request, 'secretary');
    const noon = Date.parse(`${date}T12:00:00Z`);
    const { items } = await apiAs(secretary.request, token).ok.get<{
      items: Array<{ patientName: string; status: string; source: string; doctorId: number | null; start: string }>;
    }>('/api/Cleander/GetAppointments', {
      from: new Date(noon - 86_400_000).toISOString(),
      to: new Date(noon + 86_400_000).toISOString(),
      branchId: objectData.branchId,
    });
    const booked = items.find((a) => a.patientName === name);
    expect(booked).toMatchObject({ status: 'AS0', source: 'website', doctorId: null });
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(local.format(new Date(booked!.start))).toBe(time);
    await secretary.close();
  });

  test('a patient who shares a location farther than the clinic accepts is told so and offered no booking', async ({ browser }) => {
    // the demo clinic books within 50 km of its branches; Alexandria is about 180 km from Nasr City
    const context = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: 31.2001, longitude: 29.9187 } });
    const page = await context.newPage();
    await startInLanguage(page, 'ar');
    await page.goto(`/book/${DEMO_CLINIC}`);
    await expect(page.getByText('تقبل العيادة الحجز عبر الإنترنت لمن هم على بُعد 50 كم من هذا الفرع', { exact: false })).toBeVisible();
    const days = page.getByRole('listbox', { name: 'اختر اليوم' });
    await expect(days).toBeVisible(); // sharing is optional
    await page.getByRole('button', { name: 'شارك موقعي' }).click();
    await expect(page.getByRole('alert')).toContainText('أبعد من 50 كم التي تقبلها العيادة للحجز عبر الإنترنت');
    await expect(days).toBeHidden();

    // near the branch (about 1 km): the distance is shown and the days come back
    await context.setGeolocation({ latitude: 30.0645, longitude: 31.3352 });
    await page.getByRole('button', { name: 'لا تستخدم موقعي' }).click();
    await page.getByRole('button', { name: 'شارك موقعي' }).click();
    await expect(page.getByRole('alert')).toContainText(/أنت على بُعد [\d.,]+ (كم|مترًا|متر) من الفرع\./);
    await expect(page.getByRole('alert')).not.toContainText('أبعد');
    await expect(days).toBeVisible();
    await context.close();
  });

  test('an unknown clinic name shows a translated not-found page, not the login', async ({ page }) => {
    await startInLanguage(page, 'ar');
    await page.goto('/book/no-such-clinic');
    await expect(page.getByText('العيادة غير موجودة')).toBeVisible();
    await expect(page.getByText('صفحة الحجز هذه غير موجودة. تأكد من الرابط مع العيادة.')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(LOGIN_PATH));
  });

  test('a clinic below the booking tier (riyadh, ST1) shows that online booking is not available; its settings say why', async ({ browser }) => {
    // riyadh's staff work on UTC+3 (the time-zone guard of CN2 clinics)
    const page = await (await browser.newContext({ timezoneId: 'Asia/Riyadh' })).newPage();
    await startInLanguage(page, 'ar');
    await page.goto(`/book/${OTHER_CLINIC.clinicName}`);
    await expect(page.getByText('الحجز عبر الإنترنت غير متاح في هذه العيادة حاليًا. يرجى الاتصال بالعيادة.')).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'اختر اليوم' })).toHaveCount(0);
    await loginByApi(page, OTHER_CLINIC.email, { clinic: OTHER_CLINIC.clinicName, lang: 'en', path: '/Clinic' });
    await page.getByRole('tab', { name: 'Online booking' }).click();
    await expect(page.getByTestId('booking-tier-alert')).toContainText('part of the Advanced plan');
    await page.context().close();
  });

  test("a branch's own link opens the page on that branch", async ({ page }) => {
    await startInLanguage(page, 'ar');
    const info = await page.request.get('/api/Booking/GetBookingInfo', { params: { clinicName: DEMO_CLINIC } });
    const { branches } = (await info.json()) as { branches: Array<{ id: number; name: string }> };
    expect(branches.length).toBeGreaterThan(1);
    await page.goto(`/book/${DEMO_CLINIC}?branch=${branches[1]!.id}`);
    await expect(page.locator('.booking-branch .ant-select')).toContainText(branches[1]!.name);
    await expect(page.getByRole('listbox', { name: 'اختر اليوم' }).getByRole('option').first()).toBeVisible();
  });
});
