import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs } from './support';

/**
 * The calendar journeys of the secretary, in Arabic, with the browser in another time zone than the clinic's
 * (Tokyo against Cairo): what the calendar shows and what it saves must be the clinic's wall clock.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const CLINIC_ZONE = 'Africa/Cairo';
const AT = '09:00';

interface Appointment {
  id: number;
  patientId: number;
  doctorId: number | null;
  roomId: number | null;
  seriesId: number | null;
  start: string;
  end: string;
  status: string;
  checkInAt: string | null;
  checkOutAt: string | null;
}
interface Settings {
  doctors: Array<{ id: number; name: string; workingDays: Array<{ dayOfWeek: number; shifts: Array<{ start: string; end: string }> }> }>;
  rooms: Array<{ id: number; name: string }>;
}

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const dmy = (date: string) => date.split('-').reverse().join('/');
/** The clinic's wall date and time of an instant. */
function cairo(instant: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: CLINIC_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The owner sees every branch: the API side of the journey (finding free days, checking what was saved). */
async function ownerApi(request: APIRequestContext) {
  const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
  const branches = (await owner.ok.get<{ items: Array<{ branchId: number }> }>('/api/Auth/GetClinicBranches')).items;
  const settings = await owner.ok.get<Settings>('/api/Cleander/GetCalendarSettings');
  /** Every appointment of the clinic touching the clinic days [from, to]. */
  const appointmentsOn = async (from: string, to: string) => {
    const all: Appointment[] = [];
    for (const b of branches) {
      const r = await owner.ok.get<{ items: Appointment[] }>('/api/Cleander/GetAppointments', {
        from: `${addDays(from, -1)}T12:00:00Z`,
        to: `${addDays(to, 1)}T12:00:00Z`,
        branchId: b.branchId,
      });
      all.push(...r.items.filter((a) => cairo(a.start).date >= from && cairo(a.start).date <= to));
    }
    return all;
  };
  return { owner, settings, appointmentsOn };
}

/**
 * A day far from the demo bookings (and from other journeys) where the doctor works at 09:00 and neither the
 * doctor nor the room has anything from 09:00 to 09:30, on the day and on each `alsoFree` offset, with no vacation.
 */
async function freeDay(request: APIRequestContext, alsoFree: number[], skipWeekdays: number[], after = 21) {
  const { owner, settings, appointmentsOn } = await ownerApi(request);
  const doctor = settings.doctors.find((d) => d.workingDays.length > 0) ?? settings.doctors[0]!;
  const room = settings.rooms[0]!;
  const works = (date: string) =>
    doctor.workingDays.some((w) => w.dayOfWeek === weekday(date) && w.shifts.some((s) => s.start <= AT && s.end >= '09:30'));
  const today = cairo(new Date().toISOString()).date;
  for (let n = after; n < after + 120; n++) {
    const day = addDays(today, n);
    const days = [day, ...alsoFree.map((k) => addDays(day, k))];
    if (skipWeekdays.includes(weekday(day)) || !days.every(works)) continue;
    const last = days[days.length - 1]!;
    const vacations = await owner.ok.get<{ total: number }>('/api/Cleander/GetVacations', { from: day, to: last });
    if (vacations.total > 0) continue;
    const taken = (await appointmentsOn(day, last)).filter(
      (a) => days.includes(cairo(a.start).date) && cairo(a.start).time < '09:30' && cairo(a.end).time > AT && (a.doctorId === doctor.id || a.roomId === room.id),
    );
    if (taken.length === 0) return { day, doctor, room, appointmentsOn };
  }
  throw new Error('no free day found');
}

async function openWeek(page: Page, doctor: string, room: string, date: string) {
  await loginAs(page, 'secretary');
  await expect(page.locator('.calendar-toolbar')).toBeVisible();
  await page.locator('.ant-segmented-item').filter({ hasText: /^أسبوع$/ }).click();
  // the doctor's and the room's calendar only: the demo's other bookings stay out of the way
  await page.getByLabel('الطبيب', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: doctor }).click();
  await page.getByLabel('الغرفة', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: room }).click();
  await goTo(page, date);
}

async function goTo(page: Page, date: string) {
  // until first used the date picker is a button showing the date: it brings the picker, open and focused
  const button = page.getByRole('button', { name: 'الانتقال إلى تاريخ' });
  const picker = page.getByRole('textbox', { name: 'الانتقال إلى تاريخ' });
  if (await button.count()) await button.press('Enter');
  else await picker.click();
  await expect(picker).toBeFocused();
  await picker.fill(dmy(date));
  await picker.press('Enter');
  await expect(page.locator(`.scheduler-calendar [role=columnheader][data-date="${date}"]`)).toBeVisible();
}

/**
 * The middle of a day's column at a time of the week view: the slot scrolled into view first, and measured again
 * until it stays put (the calendar may still apply its first scroll position after a week is shown).
 */
async function slotPoint(page: Page, date: string, time: string) {
  return page.evaluate(
    async ([d, t]) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const measure = () => {
        const lanes = [...document.querySelectorAll(`.scheduler-calendar [data-time="${t}:00"]`)];
        const lane = lanes.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0]!;
        const col = document.querySelector(`.scheduler-calendar [role=columnheader][data-date="${d}"]`)!.getBoundingClientRect();
        const row = lane.getBoundingClientRect();
        return { lane, x: col.left + col.width / 2, y: row.top + row.height / 2 };
      };
      let last = { x: NaN, y: NaN };
      for (let i = 0; i < 20; i++) {
        const now = measure();
        if (now.x === last.x && now.y === last.y) return { x: now.x, y: now.y };
        now.lane.scrollIntoView({ block: 'center' });
        await frame();
        last = measure();
        await frame();
      }
      throw new Error(`the ${t} slot of ${d} does not stay put`);
    },
    [date, time] as const,
  );
}

async function pickPatient(page: Page, name: string) {
  const drawer = page.locator('.appointment-form-drawer');
  await drawer.locator('#appointment_patientId').click();
  await page.keyboard.type(name.split(' ').slice(0, 2).join(' '));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
}

const PATIENT = 'أحمد محمود عبد الله';

test.describe('scheduler', () => {
  test('the secretary books in week view, drags to the next day, checks in, seats and checks out the patient', async ({ page, request }) => {
    // a Saturday to Wednesday, so the next day is in the same week (Saturday first) and is a working day
    const { day, doctor, room, appointmentsOn } = await freeDay(request, [1], [4, 5]);
    const next = addDays(day, 1);
    await openWeek(page, doctor.name, room.name, day);

    // a click on 09:00 of the day opens the form for 09:00-09:30 with the filtered doctor and room
    const slot = await slotPoint(page, day, AT);
    await page.mouse.click(slot.x, slot.y);
    const drawer = page.locator('.appointment-form-drawer');
    await expect(drawer.getByText('موعد جديد')).toBeVisible();
    await expect(drawer.locator('#appointment_date')).toHaveValue(dmy(day));
    await expect(drawer.locator('#appointment_startTime')).toHaveValue('9:00 ص');
    await expect(drawer.locator('#appointment_endTime')).toHaveValue('9:30 ص');
    await expect(drawer.locator('.ant-form-item').filter({ has: page.locator('#appointment_doctorId') })).toContainText(doctor.name);
    await pickPatient(page, PATIENT);
    await drawer.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم الحفظ').first()).toBeVisible();
    await expect(drawer).toBeHidden();

    const [created] = (await appointmentsOn(day, day)).filter((a) => a.doctorId === doctor.id && cairo(a.start).time === AT);
    expect(created, 'the appointment is saved at 09:00 in the clinic, whatever the browser zone').toBeTruthy();
    expect(cairo(created!.end)).toEqual({ date: day, time: '09:30' });
    expect(created!.status).toBe('AS1');
    const event = page.locator(`.scheduler-calendar .appointment-patient[data-appointment-id="${created!.id}"]`);
    await expect(event).toContainText(PATIENT);

    // drag it to the same time the next day (the 09:00 row is scrolled into view first, then the event measured)
    const to = await slotPoint(page, next, AT);
    await expect(page.locator('.calendar-toolbar .ant-spin')).toHaveCount(0);
    const from = (await event.boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + Math.min(8, from.height / 2) };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + (to.x - start.x) / 3, start.y, { steps: 5 });
    await page.mouse.move(to.x, start.y, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByText('تم نقل الموعد')).toBeVisible();
    await expect
      .poll(async () => (await appointmentsOn(day, next)).find((a) => a.id === created!.id)?.start, { timeout: 10_000 })
      .toBeTruthy();
    const moved = (await appointmentsOn(next, next)).find((a) => a.id === created!.id);
    expect(moved && cairo(moved.start)).toEqual({ date: next, time: AT });

    // details: check in, in chair, check out — each step shows only the allowed next ones
    await event.click();
    const details = page.locator('.appointment-details-drawer');
    await expect(details.getByRole('link', { name: new RegExp(PATIENT) })).toBeVisible();
    await expect(details.getByRole('button', { name: 'تسجيل المغادرة' })).toHaveCount(0);
    await details.getByRole('button', { name: 'تسجيل الوصول' }).click();
    await expect(details.locator('.ant-drawer-extra .status-tag')).toHaveText('وصل');
    await details.getByRole('button', { name: 'على الكرسي' }).click();
    await expect(details.locator('.ant-drawer-extra .status-tag')).toHaveText('على الكرسي');
    await expect(details.getByRole('button', { name: 'تسجيل الوصول' })).toHaveCount(0);
    await details.getByRole('button', { name: 'تسجيل المغادرة' }).click();
    await expect(details.locator('.ant-drawer-extra .status-tag')).toHaveText('غادر');
    await expect(details.getByText('وقت الوصول')).toBeVisible();
    await expect(details.getByText('وقت المغادرة')).toBeVisible();
    // a finished visit is history: neither edited nor deleted
    await expect(details.getByRole('button', { name: 'تعديل' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'حذف' })).toHaveCount(0);

    const done = (await appointmentsOn(next, next)).find((a) => a.id === created!.id)!;
    expect(done.status).toBe('AS7');
    expect(done.checkInAt).toBeTruthy();
    expect(done.checkOutAt).toBeTruthy();
  });

  test('a weekly recurrence books every week; deleting one occurrence leaves the others', async ({ page, request }) => {
    const { day, doctor, room, appointmentsOn } = await freeDay(request, [7, 14], [5], 35);
    await openWeek(page, doctor.name, room.name, day);

    // the "new appointment" button on a day that is not today starts at 09:00 of the shown day
    await page.getByRole('button', { name: 'موعد جديد' }).click();
    const drawer = page.locator('.appointment-form-drawer');
    await expect(drawer.locator('#appointment_date')).toHaveValue(dmy(day));
    await expect(drawer.locator('#appointment_startTime')).toHaveValue('9:00 ص');
    await pickPatient(page, PATIENT);
    await drawer.locator('#appointment_repeat').click();
    // weekly on the day's weekday (already ticked), three times
    await expect(drawer.locator('#appointment_frequency input[value="weekly"]')).toBeChecked();
    await drawer.locator('#appointment_count').fill('3');
    await drawer.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('تم حفظ 3 مواعيد')).toBeVisible();

    const weeks = [day, addDays(day, 7), addDays(day, 14)];
    const series = (await appointmentsOn(day, weeks[2]!)).filter((a) => a.doctorId === doctor.id && cairo(a.start).time === AT && weeks.includes(cairo(a.start).date));
    expect(series.map((a) => cairo(a.start).date).sort()).toEqual(weeks);
    expect(new Set(series.map((a) => a.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).not.toBeNull();
    const middle = series.find((a) => cairo(a.start).date === weeks[1])!;

    // the second week: open the occurrence and delete it alone
    await goTo(page, weeks[1]!);
    const event = page.locator(`.scheduler-calendar .appointment-patient[data-appointment-id="${middle.id}"]`);
    await event.scrollIntoViewIfNeeded();
    await event.click();
    const details = page.locator('.appointment-details-drawer');
    await expect(details.getByText('جزء من سلسلة مواعيد متكررة')).toBeVisible();
    await details.getByRole('button', { name: 'حذف' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.getByText('احذف أيضًا المواعيد التالية في هذه السلسلة')).toBeVisible();
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByText('تم الحذف')).toBeVisible();
    await expect(event).toHaveCount(0);

    const left = (await appointmentsOn(day, weeks[2]!)).filter((a) => a.seriesId === middle.seriesId);
    expect(left.map((a) => cairo(a.start).date).sort()).toEqual([weeks[0], weeks[2]]);
  });
});
