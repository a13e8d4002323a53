import type { CallOutcome, PlatformClient } from './platform-client.ts';

interface Pending {
  call: 'credit' | 'rollback';
  body: Record<string, string>;
  attempts: number;
}

/**
 * Credits and rollbacks the platform has not answered yet. The protocol says to keep retrying
 * them (same body, same transaction id) until answered: the player's win or refund depends on
 * it. Retried with back-off (1 s doubling to 5 minutes). Held in memory: a restart loses what is
 * pending. Those rounds stay open on the platform, where an operator lists them
 * (GET /ops/rounds/open) and refunds their stakes (POST /ops/rounds/{id}/refund, ADR 015); a
 * credit for such a round arriving after that is refused with ROUND_CANCELLED.
 */
export function createSettlementOutbox(deps: {
  client: PlatformClient;
  log?: { warn: (details: object, message: string) => void };
  firstDelayMs?: number;
}) {
  const pending = new Map<string, Pending>();
  const timers = new Set<NodeJS.Timeout>();
  const firstDelay = deps.firstDelayMs ?? 1000;

  const schedule = (item: Pending) => {
    const delay = Math.min(firstDelay * 2 ** item.attempts, 5 * 60_000);
    const timer = setTimeout(async () => {
      timers.delete(timer);
      const outcome = await deps.client.call(item.call, item.body);
      item.attempts += 1;
      if (outcome.kind === 'answered') {
        pending.delete(item.body.transactionId as string);
        if (outcome.code !== 'OK')
          deps.log?.warn({ ...item.body, code: outcome.code }, `${item.call} refused`);
        return;
      }
      schedule(item);
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  return {
    /** Sends now (with the client's own retries); if still unanswered, keeps it and retries later. */
    async deliver(call: 'credit' | 'rollback', body: Record<string, string>): Promise<CallOutcome> {
      const outcome = await deps.client.call(call, body);
      if (outcome.kind === 'unknown') {
        const item = { call, body, attempts: 0 };
        pending.set(body.transactionId as string, item);
        schedule(item);
      }
      return outcome;
    },
    pendingTransactionIds: () => [...pending.keys()],
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type SettlementOutbox = ReturnType<typeof createSettlementOutbox>;
