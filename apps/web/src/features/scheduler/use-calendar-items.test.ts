import type { AppointmentItem } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { type CachedRange, mergeCalendarItems } from './use-calendar-items';

const item = (id: number, start: string, patch: Partial<AppointmentItem> = {}) =>
  ({
    id,
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    patientName: `P${id}`,
    ...patch,
  }) as AppointmentItem;

const week1 = { from: '2026-11-20T22:00:00.000Z', to: '2026-11-27T22:00:00.000Z' };
const week2 = { from: '2026-11-27T22:00:00.000Z', to: '2026-12-04T22:00:00.000Z' };
const month = { from: '2026-10-31T22:00:00.000Z', to: '2026-12-12T22:00:00.000Z' };
const cached = (range: { from: string; to: string }, items: AppointmentItem[], updatedAt: number): CachedRange => ({
  input: { ...range, branchId: 1 },
  items,
  updatedAt,
});

describe("the calendar keeps every cached range's appointments", () => {
  it("holds the other weeks' appointments too, each once", () => {
    const a = item(1, '2026-11-22T08:00:00.000Z');
    const b = item(2, '2026-11-29T08:00:00.000Z');
    const merged = mergeCalendarItems([cached(week1, [a], 1), cached(week2, [b], 2)], week1);
    expect(merged.map((x) => x.id).sort()).toEqual([1, 2]);
    expect(
      mergeCalendarItems([cached(week1, [a], 1), cached(week2, [b], 2)], week2)
        .map((x) => x.id)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('inside the shown range only its own answer counts: an older copy cannot bring back a deleted appointment', () => {
    const deleted = item(3, '2026-11-23T08:00:00.000Z');
    const kept = item(4, '2026-11-24T08:00:00.000Z');
    // the month was read before the deletion; the week after it, without the deleted appointment
    const merged = mergeCalendarItems([cached(month, [deleted, kept], 1), cached(week1, [kept], 2)], week1);
    expect(merged.map((x) => x.id)).toEqual([4]);
  });

  it('outside the shown range the newest copy wins (an appointment moved to another week shows there once)', () => {
    const before = item(5, '2026-11-23T08:00:00.000Z');
    const moved = item(5, '2026-11-30T08:00:00.000Z');
    const merged = mergeCalendarItems([cached(week1, [before], 1), cached(week2, [moved], 2)], week2);
    expect(merged).toEqual([moved]);
    // shown range week 1, whose own answer (older) still has it: its own answer counts there
    expect(mergeCalendarItems([cached(week1, [before], 1), cached(week2, [moved], 2)], week1)).toEqual([moved]);
  });
});
