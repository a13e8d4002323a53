import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createLogMailer } from './log-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends the platform's e-mails (password reset links). `send` rejects when the mail was not accepted. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The mailer MAIL_TRANSPORT chooses: `log` keeps mails on this machine, `smtp` sends them through SMTP_URL. */
export function createMailer(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  if (config.MAIL_TRANSPORT === 'log') return createLogMailer(log);
  // loadConfig refuses MAIL_TRANSPORT=smtp without SMTP_URL; this guards callers that build a Config by hand.
  if (!config.SMTP_URL) throw new Error('SMTP_URL is required when MAIL_TRANSPORT=smtp');
  return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
}
