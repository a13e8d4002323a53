import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { readMailText } from './mail-text.ts';
import type { SinkMail } from './mailbox.ts';

/**
 * A real SMTP server for the browser tests, started by Playwright beside Fortuna (which sends
 * with MAIL_TRANSPORT=smtp): it accepts every mail without TLS or authentication and keeps it in
 * memory, and serves what it received as JSON over HTTP, `GET /messages?to=<address>`, newest
 * first, so a test can open the link in a mail as a person would.
 *
 * Run: `npx tsx e2e/support/smtp-sink.ts` with SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT set
 * (playwright.config.ts does). Tests read it through mailbox.ts.
 */
const smtpPort = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('SMTP_SINK_PORT and SMTP_SINK_HTTP_PORT must be set');

const received: SinkMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const mail = readMailText(Buffer.concat(chunks).toString('utf8'));
      received.unshift({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        subject: mail.subject,
        text: mail.text,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? received.filter((mail) => mail.to.includes(to)) : received;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  smtp.close(() => undefined);
  http.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
