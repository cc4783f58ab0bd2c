import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';

describe('start-up lock', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)('on a PostgreSQL server, two holders never overlap', async () => {
    const database = await freshDatabase();
    const events: string[] = [];
    const work = (name: string) =>
      database.exclusive(async () => {
        events.push(`${name} start`);
        await new Promise((r) => setTimeout(r, 150));
        events.push(`${name} end`);
      });
    await Promise.all([work('a'), work('b')]);
    expect([events[0]!.split(' ')[1], events[1]!.split(' ')[1], events[2]!.split(' ')[1], events[3]!.split(' ')[1]]).toEqual(['start', 'end', 'start', 'end']);
    await database.close();
  });

  it('runs the work and returns its result', async () => {
    const database = await freshDatabase();
    expect(await database.exclusive(async () => 42)).toBe(42);
    await database.close();
  });
});
