import { LIMITS } from '@dental/contract';
import { useEffect, useState } from 'react';

/**
 * A popup's auto-close countdown (spec §4): the seconds left go down by one each second and the popup closes at 0;
 * a click stops it for good; a null timeout never closes. The default is 25 seconds (spec §9).
 */
export interface Countdown {
  /** Seconds left; null when the popup stays until it is closed. */
  left: number | null;
  stopped: boolean;
}

export const startCountdown = (timeout: number | null | undefined): Countdown => ({
  left: timeout === undefined ? LIMITS.popupTimeoutS : timeout === null ? null : Math.max(0, Math.floor(timeout)),
  stopped: false,
});

/** One second later. */
export const tick = (c: Countdown): Countdown =>
  c.stopped || c.left === null || c.left === 0 ? c : { ...c, left: c.left - 1 };

/** The user touched the popup: it stays. */
export const stop = (c: Countdown): Countdown => (c.stopped ? c : { ...c, stopped: true });

export const isRunning = (c: Countdown): boolean => !c.stopped && c.left !== null && c.left > 0;
export const hasExpired = (c: Countdown): boolean => !c.stopped && c.left === 0;

/** The countdown of one popup: ticks every second while it runs, calls onExpire once when it reaches 0. */
export function useCountdown(timeout: number | null | undefined, onExpire: () => void) {
  const [state, setState] = useState(() => startCountdown(timeout));
  const running = isRunning(state);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setState(tick), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const expired = hasExpired(state);
  useEffect(() => {
    if (expired) onExpire();
    // onExpire is called once, when the countdown first reaches 0 (not again when the caller passes a new function)
  }, [expired]);
  return { ...state, stop: () => setState(stop) };
}
