import { smsDestination } from '@fortuna/contracts/verification';
import { AppError } from '../../platform/errors.ts';

/** Where a text message goes: the dialling code and the national number, kept apart as entered. */
export interface SmsRecipient {
  dialingCode: string;
  mobileNum: string;
}

export interface SmsProvider {
  send(to: SmsRecipient, text: string): Promise<void>;
}

export interface OutboxSms {
  to: string;
  text: string;
  sentAt: string;
}

/** Enough for a developer's session; older messages fall off so a long-running server stays small. */
const OUTBOX_CAPACITY = 200;

/**
 * The embedded provider (SMS_PROVIDER=log): nothing leaves the machine. Messages are logged and
 * kept in memory so that a developer, or a browser test, can read the code they would have received.
 */
export function createLogSmsProvider(log: {
  info(obj: object, msg: string): void;
}): SmsProvider & { outbox(to?: string): OutboxSms[] } {
  const sent: OutboxSms[] = [];
  return {
    async send(recipient, text) {
      const to = smsDestination(recipient.dialingCode, recipient.mobileNum);
      sent.push({ to, text, sentAt: new Date().toISOString() });
      if (sent.length > OUTBOX_CAPACITY) sent.splice(0, sent.length - OUTBOX_CAPACITY);
      log.info({ to, text }, 'SMS kept in the development outbox');
    },
    outbox(to) {
      return sent.filter((message) => to === undefined || message.to === to).reverse();
    },
  };
}

const GATEWAY_TIMEOUT_MS = 5_000;

/**
 * A gateway reached over HTTP (SMS_PROVIDER=http): POST {to, text} as JSON with a bearer token.
 * Any failure becomes SMS_UNAVAILABLE, so people are told to contact customer service instead of
 * seeing the gateway's own error.
 */
export function createHttpSmsProvider(options: {
  url: string;
  token?: string;
  fetch?: typeof fetch;
}): SmsProvider {
  const send = options.fetch ?? fetch;
  return {
    async send(recipient, text) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let answer: Response;
      try {
        answer = await send(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: smsDestination(recipient.dialingCode, recipient.mobileNum), text }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        // The body is not needed; reading it frees the connection for the next message.
        await answer.arrayBuffer();
      } catch {
        throw new AppError('SMS_UNAVAILABLE');
      }
      if (!answer.ok) throw new AppError('SMS_UNAVAILABLE');
    },
  };
}
