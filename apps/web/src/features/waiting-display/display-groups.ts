import type { AppointmentStatus, TodayAppointments } from '@dental/contract';

export type DisplayItem = TodayAppointments['items'][number];
export type DisplayGroupKey = 'arrived' | 'waitingForDoctor' | 'inChair' | 'upcoming';

/** The waiting display's columns, in reading order, with the statuses each shows (spec §4 names). */
export const DISPLAY_GROUPS: ReadonlyArray<{ key: DisplayGroupKey; statuses: readonly AppointmentStatus[] }> = [
  { key: 'arrived', statuses: ['AS3'] },
  { key: 'waitingForDoctor', statuses: ['AS5'] },
  { key: 'inChair', statuses: ['AS4'] },
  { key: 'upcoming', statuses: ['AS1', 'AS2'] },
];

const byTime = (a: DisplayItem, b: DisplayItem) =>
  Date.parse(a.start) - Date.parse(b.start) || (a.turnNumber ?? 0) - (b.turnNumber ?? 0) || a.id - b.id;
/** Who arrived first is called first. */
const byArrival = (a: DisplayItem, b: DisplayItem) =>
  Date.parse(a.checkInAt ?? a.start) - Date.parse(b.checkInAt ?? b.start) || byTime(a, b);

/**
 * Today's appointments by column. Arrived and waiting for the doctor are in order of arrival, the rest by time;
 * pending, finished, canceled and missed appointments are not shown.
 */
export function groupForDisplay(items: readonly DisplayItem[]): Record<DisplayGroupKey, DisplayItem[]> {
  const groups = { arrived: [], waitingForDoctor: [], inChair: [], upcoming: [] } as Record<DisplayGroupKey, DisplayItem[]>;
  for (const item of items) {
    const group = DISPLAY_GROUPS.find((g) => g.statuses.includes(item.status));
    if (group) groups[group.key].push(item);
  }
  groups.arrived.sort(byArrival);
  groups.waitingForDoctor.sort(byArrival);
  groups.inChair.sort(byTime);
  groups.upcoming.sort(byTime);
  return groups;
}
