import type { Language } from '@dental/contract';
import type { LocaleInput } from '@fullcalendar/react';
import arLocale from '@fullcalendar/react/locales/ar';
import frLocale from '@fullcalendar/react/locales/fr';
import type { TFunction } from 'i18next';

const BASE: Record<Language, LocaleInput> = { ar: arLocale, en: { code: 'en' }, fr: frLocale };
const UNITS = ['day', 'week', 'month', 'year'] as const;
const unitOf = (unit: unknown) => ((UNITS as readonly unknown[]).includes(unit) ? (unit as string) : 'day');

/**
 * FullCalendar's locale for the UI language with every text it writes itself, also the hidden ones screen readers
 * read ("Timed", "Close", "Go to …", "Show 3 more events", the navigation hints), in that language: its own ar and fr
 * locales give only the visible button texts and leave those in English (issue 18). `t` is the scheduler namespace's.
 */
export function calendarLocale(lang: Language, t: TFunction): LocaleInput {
  const k = (key: string, options?: Record<string, unknown>) => t(`fullCalendar.${key}`, options) as string;
  return {
    ...(BASE[lang] ?? arLocale),
    allDayText: t('allDay'),
    noEventsText: t('empty'),
    timedText: k('timed'),
    closeHint: k('close'),
    eventsHint: k('events'),
    navLinkHint: (date: string) => k('goTo', { date }),
    moreLinkHint: (count: number) => k('moreHint', { count }),
    todayHint: (_text: string, unit: string) => k(`today.${unitOf(unit)}`),
    prevHint: (_text: string, unit: string) => k(`prev.${unitOf(unit)}`),
    nextHint: (_text: string, unit: string) => k(`next.${unitOf(unit)}`),
    viewHint: (name: string) => k('view', { name }),
    viewChangeHint: k('changeView'),
  } as LocaleInput;
}
