import { randomBytes } from 'node:crypto';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';

export type PaidRoundOutcome<T> =
  | { kind: 'settled'; roundId: string; result: T; balanceMinor: string | null; currency: string | null }
  | { kind: 'refused'; roundId: string; code: string; message: string }
  | { kind: 'voided'; roundId: string; code: 'ROUND_VOIDED'; message: string };

/** A round id unique across every call we make: `r` and 24 hex characters. */
export const newRoundId = () => `r${randomBytes(12).toString('hex')}`;

/**
 * One real-money round, in the protocol's order: the bet is debited first; only once the
 * platform has taken it is the outcome drawn (so a refused bet uses no nonce); then the win is
 * credited, "0" for a loss, which settles the round. Transaction ids derive from the round id,
 * so every retry of a call carries the same id. A debit whose outcome stays unknown after the
 * retries is rolled back (the money comes back if it was taken, and a late copy is refused).
 */
export async function playPaidRound<T extends { winMinor: number }>(
  deps: { client: PlatformClient; outbox: SettlementOutbox },
  round: { playerId: string; gameCode: string; betMinor: number; roundId?: string },
  play: () => T,
): Promise<PaidRoundOutcome<T>> {
  const roundId = round.roundId ?? newRoundId();
  const movement = { playerId: round.playerId, roundId, gameCode: round.gameCode };
  const debitId = `${roundId}:d`;
  const debit = await deps.client.call('debit', {
    ...movement,
    transactionId: debitId,
    amountMinor: String(round.betMinor),
  });
  if (debit.kind === 'unknown') {
    await deps.outbox.deliver('rollback', {
      ...movement,
      transactionId: `${roundId}:r`,
      refTransactionId: debitId,
    });
    return {
      kind: 'voided',
      roundId,
      code: 'ROUND_VOIDED',
      message: 'The wallet did not answer: the bet was cancelled and any amount taken is refunded',
    };
  }
  if (debit.code !== 'OK') return { kind: 'refused', roundId, code: debit.code, message: debit.message };

  const result = play();
  const credit = await deps.outbox.deliver('credit', {
    ...movement,
    transactionId: `${roundId}:c`,
    amountMinor: String(result.winMinor),
  });
  const answer = credit.kind === 'answered' && credit.code === 'OK' ? credit.value : debit.value;
  const settledBalance = credit.kind === 'answered' && credit.code === 'OK';
  return {
    kind: 'settled',
    roundId,
    result,
    // Until the credit is answered the balance shown is the one after the bet.
    balanceMinor: settledBalance || result.winMinor === 0 ? String(answer.balanceMinor) : null,
    currency: typeof answer.currency === 'string' ? answer.currency : null,
  };
}
