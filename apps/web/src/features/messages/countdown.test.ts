import { LIMITS } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { hasExpired, isRunning, startCountdown, stop, tick } from './countdown';

const after = (seconds: number, c = startCountdown(undefined)) => {
  let s = c;
  for (let i = 0; i < seconds; i++) s = tick(s);
  return s;
};

describe('the message popup countdown (spec §4)', () => {
  it('starts at 25 seconds by default and closes at 0', () => {
    expect(LIMITS.popupTimeoutS).toBe(25);
    expect(startCountdown(undefined).left).toBe(25);
    expect(after(24).left).toBe(1);
    expect(hasExpired(after(24))).toBe(false);
    expect(hasExpired(after(25))).toBe(true);
    expect(after(40).left).toBe(0);
  });

  it('uses the item timeout when it has one', () => {
    expect(after(3, startCountdown(5)).left).toBe(2);
    expect(hasExpired(after(5, startCountdown(5)))).toBe(true);
  });

  it('stops for good when clicked', () => {
    const stopped = stop(after(10));
    expect(isRunning(stopped)).toBe(false);
    expect(after(30, stopped).left).toBe(15);
    expect(hasExpired(after(30, stopped))).toBe(false);
  });

  it('never closes with a null timeout', () => {
    const c = startCountdown(null);
    expect(isRunning(c)).toBe(false);
    expect(after(100, c).left).toBeNull();
    expect(hasExpired(after(100, c))).toBe(false);
  });
});
