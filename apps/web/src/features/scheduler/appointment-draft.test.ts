import type { AppointmentItem } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import {
  type DraftValues,
  addMinutes,
  draftInstants,
  draftRule,
  editDraft,
  newDraft,
  slotDraft,
} from './appointment-draft';

const CAIRO = 'Africa/Cairo';

describe('the form’s starting values', () => {
  it('"new appointment" on today starts at the next half hour, another day at 09:00', () => {
    expect(newDraft('2026-11-22', { date: '2026-11-22', time: '10:05' }, { doctorId: 3, roomId: null })).toEqual({
      date: '2026-11-22',
      startTime: '10:30',
      endTime: '11:00',
      allDay: false,
      doctorId: 3,
      roomId: null,
    });
    expect(newDraft('2026-11-22', { date: '2026-11-22', time: '10:30' }, {}).startTime).toBe('11:00');
    expect(newDraft('2026-11-25', { date: '2026-11-22', time: '10:05' }, {}).startTime).toBe('09:00');
    // too late for a slot today: 09:00 rather than a slot past midnight
    expect(newDraft('2026-11-22', { date: '2026-11-22', time: '23:50' }, {}).startTime).toBe('09:00');
  });

  it('a selected slot becomes the clinic’s wall times, whatever the browser zone', () => {
    const d = slotDraft(new Date('2026-11-22T07:00:00Z'), new Date('2026-11-22T07:30:00Z'), false, CAIRO, {
      doctorId: 1,
    });
    expect(d).toMatchObject({ date: '2026-11-22', startTime: '09:00', endTime: '09:30', allDay: false, doctorId: 1 });
    // up to midnight: the end of the day
    expect(
      slotDraft(new Date('2026-11-22T21:30:00Z'), new Date('2026-11-22T22:00:00Z'), false, CAIRO, {}).endTime,
    ).toBe('24:00');
    // a day of the month view: that day at 09:00
    expect(
      slotDraft(new Date('2026-11-24T22:00:00Z'), new Date('2026-11-25T22:00:00Z'), true, CAIRO, {}),
    ).toMatchObject({
      date: '2026-11-25',
      startTime: '09:00',
      endTime: '09:30',
    });
  });

  it('an appointment to edit keeps its clinic times', () => {
    const a = {
      id: 1,
      start: '2026-07-15T06:30:00.000Z',
      end: '2026-07-15T07:15:00.000Z',
      allDay: false,
      doctorId: 2,
      roomId: 4,
    } as AppointmentItem;
    expect(editDraft(a, CAIRO)).toMatchObject({
      appointment: a,
      date: '2026-07-15',
      startTime: '09:30',
      endTime: '10:15',
      doctorId: 2,
      roomId: 4,
    });
  });
});

describe('what the form sends', () => {
  it('times become instants in the clinic zone; all day is the whole clinic day', () => {
    expect(draftInstants({ date: '2026-11-22', startTime: '09:00', endTime: '09:30', allDay: false }, CAIRO)).toEqual({
      start: '2026-11-22T07:00:00.000Z',
      end: '2026-11-22T07:30:00.000Z',
    });
    expect(draftInstants({ date: '2026-11-22', startTime: '23:30', endTime: '24:00', allDay: false }, CAIRO).end).toBe(
      '2026-11-22T22:00:00.000Z',
    );
    expect(draftInstants({ date: '2026-11-22', startTime: null, endTime: null, allDay: true }, CAIRO)).toEqual({
      start: '2026-11-21T22:00:00.000Z',
      end: '2026-11-22T22:00:00.000Z',
    });
  });

  it('the repeat rule: weekdays only when weekly, an end date or a count', () => {
    const v = {
      frequency: 'weekly',
      interval: 2,
      weekdays: [3, 0],
      endKind: 'count',
      count: 5,
      untilDate: '2027-01-01',
    } as DraftValues;
    expect(draftRule(v)).toEqual({ frequency: 'weekly', interval: 2, weekdays: [0, 3], count: 5 });
    expect(draftRule({ ...v, frequency: 'monthly', endKind: 'until' })).toEqual({
      frequency: 'monthly',
      interval: 2,
      untilDate: '2027-01-01',
    });
  });

  it('adds minutes up to the end of the day', () => {
    expect(addMinutes('09:45', 30)).toBe('10:15');
    expect(addMinutes('23:45', 30)).toBe('24:00');
  });
});
