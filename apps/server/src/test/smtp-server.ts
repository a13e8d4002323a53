import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMimeMessage } from './mime-message.ts';

export interface ReceivedMail {
  /** The envelope recipients. */
  to: string[];
  subject: string;
  /** The text/plain body, transfer encoding undone. */
  text: string;
  html?: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every accepted mail, oldest first. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process, on a free port, without TLS or authentication. With
 * `refuse`, every message is answered 554 after its data, as a mail server that rejects it would.
 */
export async function startTestSmtpServer(options: { refuse?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse) {
          callback(Object.assign(new Error('Message refused by the test server'), { responseCode: 554 }));
          return;
        }
        const message = readMimeMessage(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
