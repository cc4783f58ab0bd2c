import FullCalendar from '@fullcalendar/react';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { calendarLocale } from './calendar-locale';

afterEach(cleanup);

// FullCalendar's own English texts, visible or only for screen readers
const ENGLISH = /\b(Timed|All-day|Close|Events|Go to|Show \d+ more|Previous|Next|Today|This week|view)\b/;

describe('calendarLocale', () => {
  it.each(['ar', 'fr'] as const)('gives FullCalendar its hidden and hint texts in %s, not English', (lang) => {
    const locale = calendarLocale(lang, i18n.getFixedT(lang, 'scheduler')) as unknown as Record<string, unknown>;
    const texts = [
      locale.allDayText,
      locale.timedText,
      locale.closeHint,
      locale.eventsHint,
      locale.viewChangeHint,
      (locale.navLinkHint as (d: string) => string)('12/03/2026'),
      (locale.moreLinkHint as (n: number) => string)(3),
      (locale.todayHint as (t: string, u: string) => string)('', 'week'),
      (locale.prevHint as (t: string, u: string) => string)('', 'month'),
      (locale.nextHint as (t: string, u: string) => string)('', 'day'),
      (locale.viewHint as (n: string) => string)('x'),
    ] as string[];
    for (const text of texts) {
      expect(typeof text).toBe('string');
      expect(text).not.toMatch(ENGLISH);
      expect(text).not.toMatch(/fullCalendar\./); // a missing key
    }
    if (lang === 'ar') expect(texts.every((x) => /[\u0600-\u06FF]/.test(x))).toBe(true);
    expect((locale.moreLinkHint as (n: number) => string)(3)).toContain('3');
  });

  it('reaches the calendar: the time grid’s screen-reader row header and the list’s events label are Arabic', () => {
    const t = i18n.getFixedT('ar', 'scheduler');
    const view = (initialView: string) =>
      render(
        <FullCalendar
          plugins={[timeGridPlugin, listPlugin]}
          initialView={initialView}
          initialDate="2026-03-12"
          locale={calendarLocale('ar', t)}
          events={[{ title: 'x', start: '2026-03-12T10:00:00' }]}
        />,
      ).container;
    const grid = view('timeGridWeek');
    expect(grid.textContent).toContain(t('fullCalendar.timed'));
    expect(grid.textContent).not.toContain('Timed');
    cleanup();
    const list = view('listWeek');
    expect(list.querySelector(`[aria-label="${t('fullCalendar.events')}"]`)).not.toBeNull();
    expect(list.innerHTML).not.toContain('aria-label="Events"');
  });
});
