import { describe, expect, it } from 'vitest';
import { addDays, bookingWindow, dateIn, freeSlots, overlapCount, remainingOf, type Slot, timePlus } from './booking-capacity.js';

const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00Z`);
const slot = (time: string, minutes = 30): Slot => {
  const start = at(time);
  return { date: '2026-03-10', time, start, end: new Date(start.getTime() + minutes * 60_000) };
};
const span = (from: string, to: string) => ({ start: at(from), end: at(to) });
const DAY = ['09:00', '09:30', '10:00', '10:30'].map((t) => slot(t));
const EARLY = new Date('2026-03-10T00:00:00Z');

describe('booking capacity', () => {
  it('counts overlaps, not touching ends', () => {
    expect(overlapCount(slot('09:00'), [span('08:30', '09:00'), span('09:30', '10:00')])).toBe(0);
    expect(overlapCount(slot('09:00'), [span('08:45', '09:15'), span('09:29', '11:00'), span('09:00', '09:30')])).toBe(3);
  });

  it('a slot is free while fewer appointments than rooms hold it', () => {
    const busy = [span('09:00', '10:00'), span('09:30', '09:45')];
    expect(freeSlots(DAY, busy, 1, EARLY).map((s) => s.time)).toEqual(['10:00', '10:30']);
    expect(freeSlots(DAY, busy, 2, EARLY).map((s) => s.time)).toEqual(['09:00', '10:00', '10:30']);
    expect(freeSlots(DAY, busy, 3, EARLY).map((s) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('a clinic without rooms still takes one booking at a time', () => {
    expect(freeSlots(DAY, [span('10:00', '10:30')], 0, EARLY).map((s) => s.time)).toEqual(['09:00', '09:30', '10:30']);
  });

  it('leaves out slots that started already', () => {
    expect(freeSlots(DAY, [], 1, at('09:30')).map((s) => s.time)).toEqual(['10:00', '10:30']);
    expect(freeSlots(DAY, [], 1, at('09:29')).map((s) => s.time)).toEqual(['09:30', '10:00', '10:30']);
    expect(freeSlots(DAY, [], 1, at('11:00'))).toEqual([]);
  });

  it('turns left: none without a maximum, never below zero', () => {
    expect(remainingOf(0, 50)).toBeNull();
    expect(remainingOf(3, 1)).toBe(2);
    expect(remainingOf(3, 5)).toBe(0);
  });

  it('dates: days added across months and years, the date in a time zone', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // 23:30 UTC is already the next day in Cairo (UTC+2) and still the same day in New York
    const late = new Date('2026-03-10T23:30:00Z');
    expect(dateIn('Africa/Cairo', late)).toBe('2026-03-11');
    expect(dateIn('America/New_York', late)).toBe('2026-03-10');
  });

  it('the window runs from today + gap days to today + booking days, and is empty past it', () => {
    expect(bookingWindow('2026-03-10', 0, 14)).toEqual({ first: '2026-03-10', last: '2026-03-24' });
    expect(bookingWindow('2026-03-10', 2, 3)).toEqual({ first: '2026-03-12', last: '2026-03-13' });
    expect(bookingWindow('2026-03-10', 5, 3)).toBeNull();
  });

  it('adds minutes to a time of day', () => {
    expect(timePlus('09:30', 30)).toBe('10:00');
    expect(timePlus('20:45', 20)).toBe('21:05');
    expect(timePlus('23:50', 15)).toBe('00:05');
  });
});
