import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import { describe, expect, it } from 'vitest';
import { addDays, clinicDateOf, clinicDayStart, clinicToday, formatClinicDateTime, formatWallTime, fromClinicWall, toClinicWall, weekdayOf } from './clinic-time';
import { timeFormatOf } from './format';

describe('clinic wall time', () => {
  it('reads an instant in the clinic zone, not the browser zone', () => {
    // 07:30 UTC on 22 Nov 2026 is 09:30 in Cairo (UTC+2 in winter) and 10:30 in Riyadh (UTC+3)
    expect(toClinicWall('2026-11-22T07:30:00Z', 'Africa/Cairo')).toEqual({ date: '2026-11-22', time: '09:30' });
    expect(toClinicWall('2026-11-22T07:30:00.000Z', 'Asia/Riyadh')).toEqual({ date: '2026-11-22', time: '10:30' });
    expect(toClinicWall(new Date('2026-11-22T23:15:00Z'), 'Asia/Riyadh')).toEqual({ date: '2026-11-23', time: '02:15' });
    expect(toClinicWall(Date.parse('2026-11-22T03:00:00Z'), 'America/New_York')).toEqual({ date: '2026-11-21', time: '22:00' });
  });

  it('turns a clinic wall time into the instant, with the summer offset where there is one', () => {
    expect(fromClinicWall('2026-11-22', '09:30', 'Africa/Cairo')).toBe('2026-11-22T07:30:00.000Z');
    // Egypt keeps summer time (UTC+3) in July
    expect(fromClinicWall('2026-07-15', '09:30', 'Africa/Cairo')).toBe('2026-07-15T06:30:00.000Z');
    expect(fromClinicWall('2026-07-15', '09:30', 'Asia/Riyadh')).toBe('2026-07-15T06:30:00.000Z');
  });

  it('round-trips every half hour of a day with a daylight-saving change', () => {
    // New York springs forward on 8 March 2026 at 02:00 (02:00-02:59 does not exist)
    for (let h = 0; h < 24; h++) {
      for (const m of ['00', '30']) {
        const time = `${String(h).padStart(2, '0')}:${m}`;
        const back = toClinicWall(fromClinicWall('2026-03-08', time, 'America/New_York'), 'America/New_York');
        if (h === 2) expect(back).toEqual({ date: '2026-03-08', time: `03:${m}` }); // the skipped hour moves forward
        else expect(back).toEqual({ date: '2026-03-08', time });
      }
    }
  });

  it('takes the earlier instant of a wall time that happens twice', () => {
    // New York falls back on 1 November 2026: 01:30 happens at 05:30Z and again at 06:30Z
    expect(fromClinicWall('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads 24:00 as the next midnight, and gives the start of a clinic day', () => {
    expect(fromClinicWall('2026-11-22', '24:00', 'Africa/Cairo')).toBe('2026-11-22T22:00:00.000Z');
    expect(clinicDayStart('2026-11-23', 'Africa/Cairo')).toBe('2026-11-22T22:00:00.000Z');
    expect(clinicDayStart('2026-11-23', 'UTC')).toBe('2026-11-23T00:00:00.000Z');
  });

  it('computes the clinic day and today', () => {
    expect(clinicDateOf('2026-11-22T22:30:00Z', 'Africa/Cairo')).toBe('2026-11-23');
    expect(clinicDateOf('2026-11-22T22:30:00Z', 'UTC')).toBe('2026-11-22');
    expect(clinicToday('Asia/Riyadh', Date.parse('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it('adds days across months and years and knows the weekday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('refuses what is not a date, a time or an instant', () => {
    expect(() => fromClinicWall('22/11/2026', '09:00', 'Africa/Cairo')).toThrow(RangeError);
    expect(() => fromClinicWall('2026-11-22', '9am', 'Africa/Cairo')).toThrow(RangeError);
    expect(() => toClinicWall('yesterday', 'Africa/Cairo')).toThrow(RangeError);
  });

  it('writes times one way per language, as Intl does (12-hour ar/en, 24-hour fr)', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 11, 5));
    for (const [lang, expected] of [['en', '1:05 PM'], ['ar', '1:05 م'], ['fr', '13:05']] as const) {
      const before = dayjs.locale();
      try {
        dayjs.locale(lang);
        const intl = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { timeZone: 'Africa/Cairo', hour: 'numeric', minute: '2-digit' });
        expect(dayjs('2026-11-22T13:05').format(timeFormatOf(lang))).toBe(expected);
        expect(intl.format(at).replace(/\u202f|\u00a0/g, ' ')).toBe(expected);
      } finally {
        dayjs.locale(before);
      }
    }
  });

  it('shows the clinic’s date and time day/month/year, whatever the browser zone', () => {
    const before = dayjs.locale();
    try {
      dayjs.locale('en');
      expect(formatClinicDateTime('2026-11-22T07:30:00Z', 'Africa/Cairo')).toBe('22/11/2026 9:30 AM');
      expect(formatClinicDateTime('2026-11-22T22:05:00Z', 'Africa/Cairo')).toBe('23/11/2026 12:05 AM');
      expect(formatWallTime('13:00')).toBe('1:00 PM');
      dayjs.locale('ar');
      expect(formatWallTime('13:00')).toBe('1:00 م');
    } finally {
      dayjs.locale(before);
    }
  });
});
