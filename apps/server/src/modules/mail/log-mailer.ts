import type { OutboxMailSchema } from '@fortuna/contracts/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Mail, Mailer } from './mailer.ts';

export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** Enough for a developer's session; older mails fall off so a long-running server stays small. */
const OUTBOX_CAPACITY = 200;

/**
 * The embedded transport (MAIL_TRANSPORT=log): nothing leaves the machine. Mails are logged and
 * kept in memory, so that a developer, or a browser test, can follow the link they carry.
 */
export function createLogMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer & {
  outbox(to?: string): OutboxMail[];
} {
  // Newest first, as the outbox call answers.
  const sent: OutboxMail[] = [];
  return {
    async send(mail: Mail) {
      sent.unshift({ to: mail.to, subject: mail.subject, text: mail.text, sentAt: new Date().toISOString() });
      if (sent.length > OUTBOX_CAPACITY) sent.length = OUTBOX_CAPACITY;
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the development outbox',
      );
    },
    async close() {},
    outbox(to) {
      // Mailbox names are compared as people type them: case does not matter.
      const wanted = to?.trim().toLowerCase();
      return sent.filter((mail) => wanted === undefined || mail.to.toLowerCase() === wanted);
    },
  };
}

/** Whether a mailer keeps an outbox (the log transport), for the development outbox call. */
export function hasOutbox(mailer: Mailer): mailer is Mailer & { outbox(to?: string): OutboxMail[] } {
  return typeof (mailer as { outbox?: unknown }).outbox === 'function';
}
