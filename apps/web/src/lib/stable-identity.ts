import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and that always calls the latest `fn` (of the last committed render).
 * For handlers passed to components that compare their props, e.g. FullCalendar, which re-renders every event
 * whenever any option, handlers included, is a new function.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * `value`, or the value returned before while `equal` says they are the same: for values rebuilt on every render
 * (a list filtered or merged again) passed to components that compare their props by identity.
 */
export function useStableValue<T>(value: T, equal: (previous: T, next: T) => boolean): T {
  const kept = useRef(value);
  if (kept.current !== value && !equal(kept.current, value)) kept.current = value;
  return kept.current;
}
