import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';

describe('LISTEN connection', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on a PostgreSQL server, listening comes back after the server drops the connection, and says so',
    async () => {
      const database = await freshDatabase();
      const received: string[] = [];
      let resumed = 0;
      await database.listen(
        'dentix_reconnect_test',
        (payload) => received.push(payload),
        () => resumed++,
      );
      await database.notify('dentix_reconnect_test', 'before');
      await expect.poll(() => received, { timeout: 5000 }).toContain('before');
      expect(resumed).toBe(0); // the first connection is not a resumption

      // what a restart, a failover or an administrator does to the listening session
      const terminated = await database.query(
        `select pg_terminate_backend(pid) as done from pg_stat_activity
         where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(terminated).toEqual([{ done: true }]);

      // notifications sent while it is gone are lost; once it is back (about a second) they arrive again
      await expect
        .poll(
          async () => {
            await database.notify('dentix_reconnect_test', 'after');
            return received;
          },
          { timeout: 10_000, interval: 250 },
        )
        .toContain('after');
      // and the listener is told that it may have missed notifications (the hub then tells every socket to refresh)
      expect(resumed).toBe(1);
      await database.close();
    },
    20_000,
  );
});
