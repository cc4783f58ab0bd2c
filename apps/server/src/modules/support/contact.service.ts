import type { SaveContactInput } from '@dental/contract';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Queryable } from '../../platform/db/types.js';
import { contactMessages } from './support.table.js';

/** Keeps a /ContactUs message; the caller mails `mail` to the provider once the transaction is done. */
export async function saveContact(q: Queryable, session: ClinicSession, input: SaveContactInput) {
  const [row] = await q
    .insert(contactMessages)
    .values({
      authorClinicId: session.clinicId,
      authorUserId: session.userId,
      name: input.name,
      email: input.email,
      mobile: input.mobile ?? null,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  return { id: row!.id, mail: contactMail(session, input) };
}

/** The provider's copy of the message: who wrote it, from which clinic, and how to answer. */
export function contactMail(session: Pick<ClinicSession, 'clinic' | 'userId'>, input: SaveContactInput) {
  const clinic = `${session.clinic.displayName} (${session.clinic.clinicName}, #${session.clinic.id})`;
  return {
    subject: `[Contact] ${session.clinic.displayName}: ${input.subject}`,
    body: [
      `Clinic: ${clinic}, tier ${session.clinic.subscriptionType}`,
      `From: ${input.name} (user #${session.userId})`,
      `E-mail: ${input.email}`,
      `Mobile: ${input.mobile ?? '-'}`,
      `Subject: ${input.subject}`,
      '',
      input.message,
    ].join('\n'),
  };
}
