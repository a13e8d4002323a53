import type { Payment, PaymentBook } from './payments.ts';
import { signedHeaders } from './signing.ts';

export interface RetryPolicy {
  /** The wait before the second try; it doubles after each failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this many tries the callback is given up on (logged, kept in the book). */
  maxAttempts: number;
  /** How long one try may take. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  maxAttempts: 10,
  timeoutMs: 10_000,
};

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the merchant receives; the status of a cancelled payment is FAILED to the merchant. */
export function callbackBodyOf(payment: Payment): string {
  return JSON.stringify({
    paymentId: payment.paymentId,
    merchantOrderNo: payment.merchantOrderNo,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status === 'PAID' ? 'PAID' : 'FAILED',
    paidAt: payment.paidAt,
  });
}

/**
 * Tells merchants about finished payments: a signed POST to the payment's callback URL, tried
 * again with a doubling wait until the merchant answers 2xx or the tries run out. Every try is
 * recorded in the book first, so a restart resumes where it stopped instead of forgetting.
 */
export function createCallbackSender(deps: {
  book: PaymentBook;
  secret: string;
  retry: RetryPolicy;
  log: Log;
}) {
  const { book, secret, retry, log } = deps;
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  function schedule(payment: Payment, delayMs: number): void {
    if (stopped) return;
    clearTimeout(timers.get(payment.paymentId));
    const timer = setTimeout(() => {
      timers.delete(payment.paymentId);
      const attempt = deliver(payment).finally(() => inFlight.delete(attempt));
      inFlight.add(attempt);
    }, delayMs);
    timers.set(payment.paymentId, timer);
  }

  async function deliver(payment: Payment): Promise<void> {
    const attempts = payment.callback.attempts + 1;
    const body = callbackBodyOf(payment);
    let failure: string | null = null;
    try {
      const answer = await fetch(payment.callbackUrl, {
        method: 'POST',
        headers: signedHeaders(secret, body),
        body,
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      await answer.arrayBuffer().catch(() => undefined);
      if (answer.status < 200 || answer.status > 299) failure = `HTTP ${answer.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (!failure) {
      book.update(payment, {
        callback: { state: 'DELIVERED', attempts, nextAttemptAt: null, lastError: null },
      });
      log.info({ paymentId: payment.paymentId, attempts }, 'callback acknowledged');
      return;
    }
    if (attempts >= retry.maxAttempts) {
      book.update(payment, {
        callback: { state: 'GAVE_UP', attempts, nextAttemptAt: null, lastError: failure },
      });
      log.error({ paymentId: payment.paymentId, attempts, failure }, 'callback given up: reconcile by hand');
      return;
    }
    const delayMs = Math.min(retry.firstDelayMs * 2 ** (attempts - 1), retry.maxDelayMs);
    const nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    book.update(payment, { callback: { state: 'PENDING', attempts, nextAttemptAt, lastError: failure } });
    log.warn({ paymentId: payment.paymentId, attempts, failure, delayMs }, 'callback failed: will retry');
    schedule(payment, delayMs);
  }

  return {
    /** Starts telling the merchant about a payment that just finished. */
    start(payment: Payment): void {
      book.update(payment, {
        callback: { state: 'PENDING', attempts: 0, nextAttemptAt: new Date().toISOString(), lastError: null },
      });
      schedule(payment, 0);
    },
    /** Picks up the callbacks a previous run left unacknowledged, each at its planned time. */
    resume(): void {
      for (const payment of book.awaitingCallback()) {
        const due = payment.callback.nextAttemptAt ? Date.parse(payment.callback.nextAttemptAt) : Date.now();
        schedule(payment, Math.max(0, due - Date.now()));
      }
    },
    /** Stops retrying (state stays in the book) and waits for tries already under way. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type CallbackSender = ReturnType<typeof createCallbackSender>;
