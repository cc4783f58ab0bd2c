import type { DueMessageItem } from '@dental/contract';
import { readStored, writeStored } from '../../lib/storage';

/**
 * The popups closed on this device today (by hand, by their countdown, or after sending), so the next poll of
 * GetDueMessages does not bring them back. Kept per clinic day; a new day starts empty.
 */
const KEY = 'dentix.messagePopups';

interface Closed {
  day: string;
  keys: string[];
}

export const popupKey = (item: Pick<DueMessageItem, 'groupName' | 'id'>) => `${item.groupName}:${item.id}`;

export function closedToday(day: string): Set<string> {
  const stored = readStored<Closed>(KEY);
  return new Set(stored && stored.day === day && Array.isArray(stored.keys) ? stored.keys : []);
}

export function rememberClosed(day: string, keys: Iterable<string>): Set<string> {
  const all = closedToday(day);
  for (const k of keys) all.add(k);
  // a day's list stays small: at most the day's due messages
  writeStored(KEY, { day, keys: [...all].slice(-2000) } satisfies Closed);
  return all;
}

/** The items still to show, in the server's order, at most `max` at once. */
export function pendingPopups(items: readonly DueMessageItem[], closed: ReadonlySet<string>, max: number) {
  const open = items.filter((i) => !closed.has(popupKey(i)));
  return { shown: open.slice(0, max), waiting: Math.max(0, open.length - max) };
}

/**
 * The popups already shown open on this device today. The stack opens by itself only for a popup not yet seen;
 * once everything due has been seen (or the user minimised it) it stays a small button until something new is due.
 */
const SEEN_KEY = 'dentix.messagePopups.seen';

export function seenToday(day: string): Set<string> {
  const stored = readStored<Closed>(SEEN_KEY);
  return new Set(stored && stored.day === day && Array.isArray(stored.keys) ? stored.keys : []);
}

export function rememberSeen(day: string, keys: Iterable<string>): void {
  const all = seenToday(day);
  const before = all.size;
  for (const k of keys) all.add(k);
  if (all.size !== before) writeStored(SEEN_KEY, { day, keys: [...all].slice(-2000) } satisfies Closed);
}
