import { createTransport } from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

/**
 * A reset link sent seconds later still works, but a request must not hang on a dead mail server
 * for nodemailer's default two minutes.
 */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Sends through an SMTP server (MAIL_TRANSPORT=smtp, SMTP_URL such as smtps://user:pass@host:465). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport({
    url: options.url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail: Mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
      });
    },
    async close() {
      transport.close();
    },
  };
}
