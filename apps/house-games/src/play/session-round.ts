import { createRoundRng, type RoundRng } from '@fortuna/signing/provably-fair-rng';
import { takeNonce } from '../fairness/seeds.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSession, GameSessions } from './game-sessions.ts';
import { newRoundId, playPaidRound } from './paid-round.ts';

export type SessionRoundAnswer<T> =
  | {
      ok: true;
      value: {
        roundId: string;
        round: T & { nonce: number };
        balanceMinor: string | null;
        currency: string | null;
      };
    }
  | { ok: false; status: 409 | 503; code: string; message: string };

/**
 * One round of a session's own provably fair game (a slot spin, a fish shot): one at a time per
 * session; the outcome is drawn from the session's seeds with the next nonce, only once the bet
 * is taken (play money in demo, a debit at the platform otherwise), then settled and remembered.
 */
export async function playSessionRound<T extends { winMinor: number }>(
  deps: { sessions: GameSessions; client: PlatformClient; outbox: SettlementOutbox; now: () => number },
  session: GameSession,
  betMinor: number,
  decide: (rng: RoundRng) => T,
): Promise<SessionRoundAnswer<T>> {
  if (session.busy)
    return {
      ok: false,
      status: 409,
      code: 'ROUND_IN_PLAY',
      message: 'The previous round is still being settled',
    };
  session.busy = true;
  try {
    const draw = () => {
      const nonce = takeNonce(session.seeds);
      return { nonce, ...decide(createRoundRng(session.seeds.serverSeed, session.seeds.clientSeed, nonce)) };
    };
    const remember = (roundId: string, round: ReturnType<typeof draw>) =>
      deps.sessions.remember(session, {
        roundId,
        nonce: round.nonce,
        serverSeedHash: session.seeds.serverSeedHash,
        clientSeed: session.seeds.clientSeed,
        betMinor,
        winMinor: round.winMinor,
        at: new Date(deps.now()).toISOString(),
      });
    if (session.demo) {
      if (session.demoBalanceMinor < betMinor) {
        return {
          ok: false,
          status: 409,
          code: 'INSUFFICIENT_FUNDS',
          message: 'Not enough play money for this bet',
        };
      }
      const roundId = newRoundId();
      const round = draw();
      session.demoBalanceMinor += round.winMinor - betMinor;
      remember(roundId, round);
      return {
        ok: true,
        value: { roundId, round, balanceMinor: String(session.demoBalanceMinor), currency: 'FUN' },
      };
    }
    const outcome = await playPaidRound(
      deps,
      { playerId: session.playerId as string, gameCode: session.gameCode, betMinor },
      draw,
    );
    if (outcome.kind === 'refused') {
      const funds = outcome.code === 'INSUFFICIENT_FUNDS';
      return {
        ok: false,
        status: funds ? 409 : 503,
        code: outcome.code,
        message: funds ? 'Your balance does not cover this bet' : `The bet was not taken (${outcome.code})`,
      };
    }
    if (outcome.kind === 'voided')
      return { ok: false, status: 503, code: outcome.code, message: outcome.message };
    remember(outcome.roundId, outcome.result);
    return {
      ok: true,
      value: {
        roundId: outcome.roundId,
        round: outcome.result,
        balanceMinor: outcome.balanceMinor,
        currency: outcome.currency,
      },
    };
  } finally {
    session.busy = false;
  }
}
