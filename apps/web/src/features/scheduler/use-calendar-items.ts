import { type AppointmentItem, type CallInput, type CallOutput, schedulerCalls } from '@dental/contract';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { callKey } from '../../lib/query';
import { useStableValue } from '../../lib/stable-identity';
import { useAppointments } from './api';

type AppointmentsInput = CallInput<typeof schedulerCalls.getAppointments>;
type AppointmentsOutput = CallOutput<typeof schedulerCalls.getAppointments>;
export interface CalendarFilterKey {
  branchId?: number;
  doctorId?: number;
  roomId?: number;
}

const APPOINTMENTS_KEY = callKey(schedulerCalls.getAppointments, { from: '', to: '' }).slice(0, 2);
const NONE: readonly AppointmentItem[] = [];

const sameFilters = (input: AppointmentsInput, f: CalendarFilterKey) =>
  (input.branchId ?? null) === (f.branchId ?? null) &&
  (input.doctorId ?? null) === (f.doctorId ?? null) &&
  (input.roomId ?? null) === (f.roomId ?? null);

/** A set of the same appointment objects, in any order, is the same list. */
function sameItems(a: readonly AppointmentItem[], b: readonly AppointmentItem[]) {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((item) => set.has(item));
}

/** One cached answer of GetAppointments: its range and filters, its appointments, when it was fetched. */
export interface CachedRange {
  input: AppointmentsInput;
  items: readonly AppointmentItem[];
  updatedAt: number;
}

/**
 * The appointments of every cached range, each once: inside `range` only those of the range's own answer (another
 * range's copy may be older: a deleted or moved appointment must not show there), outside it the newest copy.
 */
export function mergeCalendarItems(
  cached: readonly CachedRange[],
  range: { from: string; to: string },
): AppointmentItem[] {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const visible = (a: AppointmentItem) => Date.parse(a.start) < to && Date.parse(a.end) > from;
  const byId = new Map<number, AppointmentItem>();
  for (const c of [...cached].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const own = c.input.from === range.from && c.input.to === range.to;
    for (const a of c.items) if (!byId.has(a.id) && (own || !visible(a))) byId.set(a.id, a);
  }
  return [...byId.values()];
}

/**
 * The calendar's appointments: the visible range's query (fetched, refetched and live as before), and with it every
 * appointment of other ranges already in the query cache for the same filters. FullCalendar then holds a week's
 * appointments before the week is shown, so going back to a week draws it in one pass, and the list it is given
 * stays the same object when only the visible range changes (bench/calendar-render.ts: FullCalendar parses and
 * draws every event again whenever its events change). Inside the visible range only the range's own query counts
 * (another range's copy may be older: a deleted appointment must not come back); outside it, the newest copy.
 */
export function useCalendarItems(range: { from: string; to: string } | null, filters: CalendarFilterKey) {
  const queryClient = useQueryClient();
  const current = useAppointments(range ? { ...range, ...filters } : null);
  const cache = queryClient.getQueryCache();

  // the cached queries of these filters that hold data, as a stable snapshot (a new one only when one of them changes)
  const snapshot = useRef<{ signature: string; queries: Array<Query<AppointmentsOutput>> }>({
    signature: '',
    queries: [],
  });
  const read = useCallback(() => {
    const queries = cache
      .findAll({ queryKey: APPOINTMENTS_KEY })
      .filter((q) => q.state.data && sameFilters(q.queryKey[2] as AppointmentsInput, filters)) as Array<
      Query<AppointmentsOutput>
    >;
    const signature = queries.map((q) => `${q.queryHash}@${q.state.dataUpdatedAt}`).join('|');
    if (signature !== snapshot.current.signature) snapshot.current = { signature, queries };
    return snapshot.current;
  }, [cache, filters.branchId, filters.doctorId, filters.roomId]);
  const cached = useSyncExternalStore(
    useCallback((notify) => cache.subscribe(notify), [cache]),
    read,
  );

  const merged = useMemo(
    () =>
      range
        ? mergeCalendarItems(
            cached.queries.map((q) => ({
              input: q.queryKey[2] as AppointmentsInput,
              items: q.state.data!.items,
              updatedAt: q.state.dataUpdatedAt,
            })),
            range,
          )
        : NONE,
    [cached, range],
  );

  return { items: useStableValue(merged, sameItems), current };
}
