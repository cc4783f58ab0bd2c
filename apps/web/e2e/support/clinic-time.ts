/** The wall-clock offset of a time zone at an instant, in minutes (Cairo: +120 or +180). */
export function offsetMinutes(at: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000) / 60_000;
}

/** Today in the clinic's calendar at `minutes` after midnight, as an ISO instant. */
export function clinicTodayAt(timeZone: string, minutes: number): string {
  const now = Date.now();
  const wall = new Date(now + offsetMinutes(now, timeZone) * 60_000); // its UTC fields are the clinic's wall clock
  const guess = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) + minutes * 60_000;
  return new Date(guess - offsetMinutes(guess, timeZone) * 60_000).toISOString();
}
