import { describe, expect, it } from 'vitest';
import { type DisplayItem, groupForDisplay } from './display-groups';

const item = (id: number, status: DisplayItem['status'], start: string, checkInAt: string | null = null): DisplayItem => ({
  id,
  patientName: `P${id}`,
  doctorName: 'د. كريم نبيل',
  roomName: 'غرفة 1',
  roomColor: '#079ee4',
  start,
  end: start,
  status,
  checkInAt,
  turnNumber: null,
});

describe('groupForDisplay', () => {
  it('puts each status in its column and leaves out pending, finished, canceled and missed', () => {
    const g = groupForDisplay([
      item(1, 'AS3', '2026-11-22T08:00:00Z', '2026-11-22T07:50:00Z'),
      item(2, 'AS5', '2026-11-22T08:30:00Z', '2026-11-22T08:20:00Z'),
      item(3, 'AS4', '2026-11-22T09:00:00Z'),
      item(4, 'AS1', '2026-11-22T10:00:00Z'),
      item(5, 'AS2', '2026-11-22T09:30:00Z'),
      ...(['AS0', 'AS6', 'AS7', 'AS8', 'AS9', 'AS10'] as const).map((s, i) => item(10 + i, s, '2026-11-22T11:00:00Z')),
    ]);
    expect(g.arrived.map((i) => i.id)).toEqual([1]);
    expect(g.waitingForDoctor.map((i) => i.id)).toEqual([2]);
    expect(g.inChair.map((i) => i.id)).toEqual([3]);
    expect(g.upcoming.map((i) => i.id)).toEqual([5, 4]);
  });
  it('orders the arrived by arrival, not by appointment time', () => {
    const g = groupForDisplay([
      item(1, 'AS3', '2026-11-22T08:00:00Z', '2026-11-22T08:40:00Z'),
      item(2, 'AS3', '2026-11-22T09:00:00Z', '2026-11-22T08:10:00Z'),
    ]);
    expect(g.arrived.map((i) => i.id)).toEqual([2, 1]);
  });
});
