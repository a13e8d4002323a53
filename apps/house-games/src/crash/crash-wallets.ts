import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSession } from '../play/game-sessions.ts';
import type { CrashWallet } from './crash-table.ts';

/** Play money of a demo session: the platform hears nothing. */
export function demoCrashWallet(session: GameSession): CrashWallet {
  return {
    async take(bet) {
      if (session.demoBalanceMinor < bet.betMinor) {
        return { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'Not enough play money for this bet' };
      }
      session.demoBalanceMinor -= bet.betMinor;
      return { ok: true, balanceMinor: String(session.demoBalanceMinor) };
    },
    pay(_bet, _roundId, amountMinor) {
      session.demoBalanceMinor += amountMinor;
    },
    refund(bet) {
      session.demoBalanceMinor += bet.betMinor;
    },
  };
}

/**
 * A real player's bets through the vendor protocol: each bet is one debit in the shared round
 * (`<round>:<bet>:d`), settled by one credit (`:c`, "0" for a loss) or refunded by a rollback
 * (`:r`); a debit left unknown after the retries is rolled back and the bet refused.
 */
export function platformCrashWallet(
  deps: { client: PlatformClient; outbox: SettlementOutbox; gameCode: string },
  playerId: string,
): CrashWallet {
  const base = (roundId: string) => ({ playerId, roundId, gameCode: deps.gameCode });
  const debitIdOf = (betId: string, roundId: string) => `${roundId}:${betId}:d`;
  return {
    async take(bet, roundId) {
      const rest = base(roundId);
      const debitId = debitIdOf(bet.betId, roundId);
      const debit = await deps.client.call('debit', {
        ...rest,
        transactionId: debitId,
        amountMinor: String(bet.betMinor),
      });
      if (debit.kind === 'unknown') {
        await deps.outbox.deliver('rollback', {
          ...rest,
          transactionId: `${roundId}:${bet.betId}:r`,
          refTransactionId: debitId,
        });
        return {
          ok: false,
          code: 'ROUND_VOIDED',
          message: 'The wallet did not answer: the bet was cancelled',
        };
      }
      if (debit.code !== 'OK') {
        const message =
          debit.code === 'INSUFFICIENT_FUNDS'
            ? 'Your balance does not cover this bet'
            : `The bet was not taken (${debit.code})`;
        return { ok: false, code: debit.code, message };
      }
      return { ok: true, balanceMinor: String(debit.value.balanceMinor) };
    },
    pay(bet, roundId, amountMinor) {
      void deps.outbox.deliver('credit', {
        ...base(roundId),
        transactionId: `${roundId}:${bet.betId}:c`,
        amountMinor: String(amountMinor),
      });
    },
    refund(bet, roundId) {
      void deps.outbox.deliver('rollback', {
        ...base(roundId),
        transactionId: `${roundId}:${bet.betId}:r`,
        refTransactionId: debitIdOf(bet.betId, roundId),
      });
    },
  };
}
