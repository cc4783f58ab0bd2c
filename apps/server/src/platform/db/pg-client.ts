import pg from 'pg';

/**
 * node-postgres's Client with its promise form (`query` without a callback, as drizzle and the platform call it)
 * answered through the driver's callback form. Why: pg's own promise form keeps each answer alive into the next
 * young-generation collection often enough that V8 promotes them (a loop of one 9-12 KB read per call kept 3-5 MB a
 * collection, scavenges of 30-170 ms and a growing old generation until a full collection; the same loop through the
 * callback form keeps nothing and collects in under 1 ms: bench/README.md "Session 16"). Same results, same errors.
 */
export class Client extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, unchanged: only the promise form is
  override query(...args: any[]): any {
    const query = super.query.bind(this) as (...a: unknown[]) => unknown;
    const [config, values, callback] = args as unknown[];
    if (typeof values === 'function' || typeof callback === 'function' || typeof (config as { submit?: unknown } | null)?.submit === 'function')
      return query(...args);
    return new Promise((resolve, reject) => {
      query(config, values, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res)));
    }).catch((err: Error) => {
      // as pg does: a stack that leads back to the caller rather than to the socket's read
      Error.captureStackTrace(err);
      throw err;
    });
  }
}
