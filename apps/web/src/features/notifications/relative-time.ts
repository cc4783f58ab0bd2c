import type { Language } from '@dental/contract';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago" / "منذ 5 دقائق" / "il y a 5 minutes": the time since `iso`, in the language's own words. */
export function relativeTime(iso: string, lang: Language, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
