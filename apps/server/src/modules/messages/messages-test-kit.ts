import { callPath, messagesCalls } from '@dental/contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { TestApp, TestClinic } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { appointments } from '../scheduler/index.js';
import { messageOutbox } from './messages.table.js';

export const PATH = Object.fromEntries(Object.entries(messagesCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof messagesCalls,
  string
>;

/** An appointment written straight to the database (30 minutes from `startsAt`). */
export async function appointmentAt(
  t: TestApp,
  c: TestClinic,
  patientId: number,
  startsAt: Date | string,
  values: Partial<typeof appointments.$inferInsert> = {},
) {
  const start = new Date(startsAt);
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx
      .insert(appointments)
      .values({ clinicId: c.clinicId, branchId: c.branchId, patientId, startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), status: 'AS1', ...values })
      .returning({ id: appointments.id });
    return row!.id;
  });
}

export async function outboxRows(t: TestApp, c: TestClinic) {
  return withTenant(t.database.db, c.clinicId, (tx) =>
    tx.select().from(messageOutbox).where(eq(messageOutbox.clinicId, c.clinicId)).orderBy(messageOutbox.id),
  );
}

export async function outboxRow(t: TestApp, c: TestClinic, id: number) {
  const [row] = await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.select().from(messageOutbox).where(and(eq(messageOutbox.clinicId, c.clinicId), eq(messageOutbox.id, id))),
  );
  return row!;
}

/**
 * A fake SMS provider on 127.0.0.1: records every request; `answer` decides the reply (default 201 with an id).
 * No other network is used by the tests. Each answer closes its connection: a kept-alive one that sat idle while the
 * worker was busy (5 s, Node's keepAliveTimeout) was closed by this server just as fetch sent the next message on it
 * ("fetch failed", the message queued for a retry: 28 of 30 sent by the two workers' test on a loaded machine).
 */
export async function fakeProvider(answer: (n: number, body: string) => { status: number; body: string } = (n) => ({ status: 201, body: `{"sid":"SM${n}"}` })) {
  const requests: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const a = answer(requests.length, body);
      res.writeHead(a.status, { 'content-type': 'application/json', connection: 'close' }).end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
