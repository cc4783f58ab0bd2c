import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, apiLogin, clinicTodayAt, loginByApi } from './support';

/** Spec: the waiting display shows each change within a second, without a reload. */
const LIVE_MS = 1_000;

/**
 * A new patient with an appointment late today (the first free 20-minute slot from 23:30 back to 20:00) with the
 * demo doctor, made through the API as the secretary: independent of the demo clinic's own appointments.
 */
async function lateAppointmentToday(request: APIRequestContext, patientName: string) {
  const session = await apiLogin(request, 'secretary');
  const secretary = apiAs(request, session.token);
  const branchId = session.objectData.branchId!;
  const timeZone = session.objectData.timeZone;
  const settings = await secretary.ok.get<{ doctors: Array<{ id: number; name: string }> }>(
    '/api/Cleander/GetCalendarSettings',
  );
  const doctor = settings.doctors.find((d) => d.name === 'د. كريم نبيل') ?? settings.doctors[0]!;
  const { rooms } = await secretary.ok.get<{ rooms: Array<{ id: number }> }>('/api/Cleander/GetRooms');
  const patient = await secretary.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: patientName,
    mobile: `+2012${String(Date.now()).slice(-8)}`,
    branchIds: [branchId],
    confirmDuplicateName: true,
  });
  for (let start = 23 * 60 + 30; start >= 20 * 60; start -= 30) {
    const res = await secretary.post('/api/Cleander/SaveAppointment', {
      branchId,
      patientId: patient.id,
      doctorId: doctor.id,
      roomId: rooms[0]!.id,
      start: clinicTodayAt(timeZone, start),
      end: clinicTodayAt(timeZone, start + 20),
      confirmOutsideWorkingHours: true,
      confirmOverlap: true,
    });
    if (res.ok()) return { secretary, id: ((await res.json()) as { id: number }).id, doctor: doctor.name };
    const code = ((await res.json()) as { code: string }).code;
    expect(['appointment_doctor_busy', 'appointment_room_busy'], `SaveAppointment: ${code}`).toContain(code);
  }
  throw new Error('no free slot late today');
}

test.describe('waiting display', () => {
  test('shows each step of an appointment of today within a second, without a reload, in Arabic', async ({
    browser,
    request,
  }) => {
    const family = 'زكريا';
    const patientName = `ريتاج منصور ${family}`;

    // the display, as the secretary, in its own browser
    const display = await (await browser.newContext()).newPage();
    await loginByApi(display, 'secretary', { path: '/TodayAppointments' });
    await expect(display.getByRole('heading', { name: 'وصلوا' })).toBeVisible();
    await expect(display.getByRole('heading', { name: 'في انتظار الطبيب' })).toBeVisible();
    await expect(display.getByRole('heading', { name: 'عند الطبيب' })).toBeVisible();
    await expect(display.getByRole('heading', { name: 'المواعيد القادمة' })).toBeVisible();
    await display.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // a second "browser": the front desk changes the appointment through the API
    const { secretary, id, doctor } = await lateAppointmentToday(request, patientName);
    const card = display.locator(`[data-appointment-id="${id}"]`);
    const inColumn = (group: string) => display.locator(`[data-group="${group}"] [data-appointment-id="${id}"]`);

    await expect(inColumn('upcoming')).toBeVisible({ timeout: LIVE_MS });
    // the waiting room sees the first name and the family name's initial only
    await expect(card).toContainText('ريتاج ز.');
    await expect(card).toContainText(doctor);
    await expect(display.getByText(patientName)).toHaveCount(0);

    await secretary.ok.post('/api/Cleander/SaveCheckIn', { id });
    await expect(inColumn('arrived')).toBeVisible({ timeout: LIVE_MS });

    await secretary.ok.post('/api/Cleander/UpdateAppointmentStatus', { id, status: 'AS5' });
    await expect(inColumn('waitingForDoctor')).toBeVisible({ timeout: LIVE_MS });

    await secretary.ok.post('/api/Cleander/UpdateAppointmentStatus', { id, status: 'AS4' });
    await expect(inColumn('inChair')).toBeVisible({ timeout: LIVE_MS });

    await secretary.ok.post('/api/Cleander/SaveCheckOut', { id });
    await expect(card).toHaveCount(0, { timeout: LIVE_MS });

    expect(await display.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await display.context().close();
  });
});
