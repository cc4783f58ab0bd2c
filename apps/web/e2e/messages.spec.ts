import AxeBuilder from '@axe-core/playwright';
import { type Page, type Response, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginByApi } from './support';

type Api = ReturnType<typeof apiAs>;

/**
 * Messages (issue 17) in Arabic: the reminder template's editor and its live preview; the popup stack offers
 * tomorrow's appointments and its WhatsApp button opens wa.me with the filled reminder. No page leaves this network:
 * the wa.me tab is answered by the test itself.
 */

interface DueItem {
  id: number;
  groupName: 'appointment' | 'birthday';
  patientName: string;
  mobile: string | null;
  startsAt: string | null;
}

/** The wall-clock offset of a time zone at an instant, in minutes. */
function offsetMinutes(at: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000) / 60_000;
}

/** Tomorrow in the clinic's calendar at `minutes` after midnight, as an ISO instant. */
function clinicTomorrowAt(timeZone: string, minutes: number): string {
  const now = Date.now();
  const wall = new Date(now + offsetMinutes(now, timeZone) * 60_000); // its UTC fields are the clinic's wall clock
  const guess = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1) + minutes * 60_000;
  return new Date(guess - offsetMinutes(guess, timeZone) * 60_000).toISOString();
}

/** A new patient with a mobile and the first free early appointment tomorrow (the popups list tomorrow by time). */
async function appointmentTomorrow(secretary: Api, branchId: number, timeZone: string, patientName: string) {
  const settings = await secretary.ok.get<{ doctors: Array<{ id: number }> }>('/api/Cleander/GetCalendarSettings');
  const { rooms } = await secretary.ok.get<{ rooms: Array<{ id: number }> }>('/api/Cleander/GetRooms');
  const mobile = `+2012${String(Date.now()).slice(-8)}`;
  const patient = await secretary.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: patientName,
    mobile,
    branchIds: [branchId],
    confirmDuplicateName: true,
  });
  for (let start = 0; start < 6 * 60; start += 30) {
    const res = await secretary.post('/api/Cleander/SaveAppointment', {
      branchId,
      patientId: patient.id,
      doctorId: settings.doctors[0]!.id,
      roomId: rooms[0]!.id,
      start: clinicTomorrowAt(timeZone, start),
      end: clinicTomorrowAt(timeZone, start + 20),
      confirmOutsideWorkingHours: true,
      confirmOverlap: true,
    });
    if (res.ok()) return { id: ((await res.json()) as { id: number }).id, mobile };
    const code = ((await res.json()) as { code: string }).code;
    expect(['appointment_doctor_busy', 'appointment_room_busy'], `SaveAppointment: ${code}`).toContain(code);
  }
  throw new Error('no free slot early tomorrow');
}

/** The popup stack may cover the page's buttons: close the popups it shows after login (GetDueMessages answers). */
async function closePopups(page: Page, due: Promise<Response>) {
  const { items } = (await (await due).json()) as { items: unknown[] };
  if (items.length === 0) return;
  const popups = page.getByTestId('message-popup');
  await expect(popups.first()).toBeVisible();
  while ((await popups.count()) > 0) await popups.first().getByRole('button', { name: 'إغلاق', exact: true }).click();
}

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

test.describe('messages', () => {
  test('the secretary edits the reminder template and sees it in the preview (Arabic)', async ({ page }) => {
    const due = page.waitForResponse((r) => r.url().includes('/api/Message/GetDueMessages'));
    await loginByApi(page, 'secretary', { path: '/Messages', messagePopups: true });
    await closePopups(page, due);
    await expect(page.getByRole('heading', { name: 'قوالب الرسائل' })).toBeVisible();
    const reminder = page.getByRole('row').filter({ hasText: 'تذكير بالموعد' });
    await expect(reminder).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reminder.getByRole('button', { name: 'تعديل' }).click();
    await expect(page).toHaveURL(/\/AddEditMessageType\/MT2$/);

    const sms = page.getByTestId('text-sms-ar');
    await sms.fill('تذكير لـ  بموعدك غدًا الساعة {time}');
    // the patient's name goes where the cursor is: after "لـ "
    await sms.evaluate((el: HTMLTextAreaElement) => {
      const at = el.value.indexOf('لـ ') + 3;
      el.setSelectionRange(at, at);
    });
    await page.getByRole('button', { name: 'اسم المريض' }).click();
    await expect(sms).toHaveValue('تذكير لـ {patientName} بموعدك غدًا الساعة {time}');
    const preview = page.getByTestId('preview-sms');
    await expect(preview).toContainText('تذكير لـ سارة أحمد بموعدك غدًا الساعة 10:30');
    // Arabic is UCS-2: 70 characters a message
    await expect(page.getByTestId('preview-sms-count')).toContainText('UCS-2');
    await expect(page.getByTestId('preview-sms-count')).toContainText('70');

    // an unknown placeholder is flagged before saving
    await sms.fill('تذكير {amountDue}');
    await expect(page.getByText('متغيرات غير معروفة لهذا النوع: {amountDue}')).toBeVisible();
    await sms.fill('تذكير لـ {patientName} بموعدك غدًا الساعة {time}');
    await expect(page.getByText('متغيرات غير معروفة لهذا النوع: {amountDue}')).toHaveCount(0);
    await expect(page.locator('.ant-form-show-help-item-leave')).toHaveCount(0); // the message has faded out
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page).toHaveURL(/\/Messages$/);

    await page.goto('/AddEditMessageType/MT2');
    await expect(page.getByTestId('text-sms-ar')).toHaveValue('تذكير لـ {patientName} بموعدك غدًا الساعة {time}');
  });

  test("the popup offers tomorrow's appointments and WhatsApp opens the filled reminder (Arabic)", async ({ page, context }) => {
    const session = await apiLogin(page.request, 'secretary');
    const secretary = apiAs(page.request, session.token);
    const branchId = session.objectData.branchId!;
    // reminders due from midnight and not sent on their own, so the popup (not the job) has this one
    const reminder = await secretary.ok.get<Record<string, unknown>>('/api/MessageType/GetMessageType', { type: 'MT2' });
    const { type, texts, defaultLang, autoSend, sendHour, hourBefore } = reminder;
    await secretary.ok.post('/api/MessageType/SaveMessageType', { type, texts, defaultLang, autoSend: false, sendHour: 0, hourBefore });
    try {
      const appointment = await appointmentTomorrow(secretary, branchId, session.objectData.timeZone, 'هالة مصطفى عبد الغني');
      const due = await secretary.ok.get<{ items: DueItem[] }>('/api/Message/GetDueMessages', { branchId });
      const item = due.items.find((i) => i.groupName === 'appointment' && i.id === appointment.id);
      expect(item, "tomorrow's new appointment is due").toBeDefined();
      // what the patient is sent: the reminder filled for that appointment, in the patient's language
      const content = await secretary.ok.get<{ mobile: string; message: string }>('/api/MessageType/GetMessageContent', {
        type: 'MT2',
        channel: 'whatsapp',
        appointmentId: appointment.id,
      });

      await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wa</title>' }));
      await loginByApi(page, 'secretary', { path: '/', messagePopups: true });
      const popup = page.locator(`[data-testid="message-popup"][data-group="appointment"][data-id="${appointment.id}"]`);
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await expect(popup).toContainText('موعد الغد');
      await expect(popup).toContainText('هالة مصطفى عبد الغني');
      await expect(popup.getByTestId('message-popup-countdown')).toContainText('يُغلق خلال');
      // touching it stops the countdown: it stays while the secretary decides
      await popup.getByText('موعد الغد').click();
      await expect(popup.getByTestId('message-popup-countdown')).toHaveCount(0);
      // the popups themselves (the calendar behind them is checked in accessibility.spec.ts)
      expect(await seriousViolations(page, '[data-testid="message-popup"]')).toEqual([]);

      const [chat] = await Promise.all([context.waitForEvent('page'), popup.getByRole('button', { name: 'واتساب' }).click()]);
      await chat.waitForURL(/^https:\/\/wa\.me\//);
      const url = new URL(chat.url());
      expect(url.pathname).toBe(`/${appointment.mobile.replace(/\D/g, '')}`);
      expect(content.mobile.replace(/\D/g, '')).toBe(appointment.mobile.replace(/\D/g, ''));
      const text = url.searchParams.get('text')!;
      expect(text).toBe(content.message);
      expect(text).toContain('هالة مصطفى عبد الغني');
      await expect(popup).toHaveCount(0);
      // sent: no longer due
      const after = await secretary.ok.get<{ items: DueItem[] }>('/api/Message/GetDueMessages', { branchId });
      expect(after.items.some((i) => i.groupName === 'appointment' && i.id === appointment.id)).toBe(false);
    } finally {
      await secretary.ok.post('/api/MessageType/SaveMessageType', { type, texts, defaultLang, autoSend, sendHour, hourBefore });
    }
  });
});
