import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Lang, apiAs, apiLogin, loginByApi } from './support';

/**
 * The patient file's appointments tab (issue 18), with the browser in another time zone than the clinic's (Tokyo
 * against Cairo): dates and times are the clinic's wall clock.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

interface Item {
  id: number;
  start: string;
  status: string;
  doctorName: string | null;
  roomId: number | null;
}
interface Page {
  items: Item[];
  total: number;
}

/** A demo patient of the secretary's branch with upcoming appointments (the demo seeds the coming days), and them. */
async function patientWithAppointments(request: APIRequestContext) {
  const session = await apiLogin(request, 'secretary');
  const secretary = apiAs(request, session.token);
  const now = Date.now();
  const day = 86_400_000;
  const calendar = await secretary.ok.get<{ items: Array<{ patientId: number; patientName: string; roomId: number | null }> }>(
    '/api/Cleander/GetAppointments',
    { from: new Date(now + day).toISOString(), to: new Date(now + 14 * day).toISOString() },
  );
  // a demo patient whose next appointment has a room (other journeys add room-less appointments for tomorrow)
  for (const candidate of calendar.items.filter((i) => i.roomId != null)) {
    const upcoming = await secretary.ok.get<Page>('/api/Cleander/GetPatientAppointments', { patientId: candidate.patientId, when: 'upcoming' });
    if (upcoming.items[0]?.roomId != null) return { id: candidate.patientId, name: candidate.patientName, upcoming };
  }
  throw new Error('the demo has no appointment with a room in the coming days');
}

/** The clinic's wall date of an instant as the app shows it (day/month/year). */
function cairoDate(instant: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year}`;
}

test.describe('patient appointments', () => {
  test('the secretary sees the patient’s upcoming appointments and books a new one from the file (Arabic)', async ({ page }) => {
    const patient = await patientWithAppointments(page.request);
    await loginByApi(page, 'secretary', { path: `/Patient/${patient.id}/1` });

    await page.getByRole('tab', { name: 'المواعيد' }).click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/7$`));
    const tab = page.getByTestId('patient-appointments-tab');
    const rows = tab.getByTestId('patient-appointment');
    await expect(rows).toHaveCount(Math.min(patient.upcoming.total, 10));
    // soonest first, on the clinic's date, with its status
    const first = patient.upcoming.items[0]!;
    await expect(rows.first()).toContainText(cairoDate(first.start));
    await expect(rows.first()).toHaveAttribute('data-status', first.status);
    if (first.doctorName) await expect(rows.first()).toContainText(first.doctorName);

    // the past ones are a click away
    await tab.getByText('السابقة', { exact: true }).click();
    await expect(tab.getByTestId('patient-appointment').or(tab.getByText('لا توجد مواعيد سابقة لهذا المريض')).first()).toBeVisible();

    // a new appointment: the calendar's form opens with the patient filled in
    await tab.getByRole('button', { name: 'موعد جديد' }).click();
    await expect(page).toHaveURL(/\/$/);
    const form = page.locator('.appointment-form-drawer');
    await expect(form).toBeVisible();
    await expect(form).toContainText(patient.name);
  });

  for (const lang of ['ar', 'en', 'fr'] as Lang[])
    for (const width of [1366, 390])
      test(`the tab in ${lang} at ${width} px`, async ({ page }, info) => {
        const patient = await patientWithAppointments(page.request);
        await page.setViewportSize({ width, height: 900 });
        await loginByApi(page, 'secretary', { lang, path: `/Patient/${patient.id}/7` });
        const rows = page.getByTestId('patient-appointments-tab').getByTestId('patient-appointment');
        await expect(rows.first()).toBeVisible();
        // the room's colour swatch shows here too, where the calendar's stylesheet is not loaded
        await expect(rows.first().locator('.room-dot')).toBeVisible();
        // nothing spills sideways out of the page
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: info.outputPath(`patient-appointments-${lang}-${width}.png`), fullPage: true });
      });
});
