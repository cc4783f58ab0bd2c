import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import { mailOutbox } from '../auth/identity.table.js';

export interface Mailer {
  /** Records the mail in the outbox; sends it when a mail server is configured, else logs it. */
  send(mail: { to: string; subject: string; body: string }): Promise<void>;
}

export function createMailer(config: Config, db: Db, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send({ to, subject, body }) {
      const [row] = await db.insert(mailOutbox).values({ toAddress: to, subject, body }).returning({ id: mailOutbox.id });
      if (!transport) {
        log.info({ to, subject, body }, 'mail kept in the outbox (no SMTP_URL configured)');
        return;
      }
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text: body });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (err) {
        log.error({ err, to }, 'mail could not be sent');
        await db.update(mailOutbox).set({ error: String(err) }).where(eq(mailOutbox.id, row!.id));
      }
    },
  };
}
