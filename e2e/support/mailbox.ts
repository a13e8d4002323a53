import { expect } from '@playwright/test';
import { mailboxURL } from '../playwright.config.ts';

/** A mail as the SMTP sink (smtp-sink.ts) received it from Fortuna. */
export interface SinkMail {
  /** The envelope recipients, lower-case. */
  to: string[];
  subject: string;
  /** The text/plain body, transfer encoding undone. */
  text: string;
  receivedAt: string;
}

async function mailsTo(address: string): Promise<SinkMail[]> {
  const answer = await fetch(`${mailboxURL}/messages?to=${encodeURIComponent(address)}`);
  if (!answer.ok) throw new Error(`the SMTP sink answered ${answer.status}`);
  return (await answer.json()) as SinkMail[];
}

/**
 * The newest mail to `address` (received after `since` when given: an earlier one is stale),
 * waiting for it: Fortuna answers the request first and sends the mail after, so it arrives a
 * moment later.
 */
export async function waitForMail(address: string, since?: Date): Promise<SinkMail> {
  let newest: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        newest = (await mailsTo(address))[0];
        return newest !== undefined && (!since || new Date(newest.receivedAt) >= since);
      },
      { message: `a mail to ${address} reaches the SMTP sink`, timeout: 10_000 },
    )
    .toBe(true);
  return newest as SinkMail;
}
