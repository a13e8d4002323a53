import { randomBytes } from 'node:crypto';
import { createRoundRng, serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import type { CrashWallet as RoundWallet } from '../crash/crash-table.ts';
import { newServerSeed } from '../fairness/seeds.ts';
import { dealHand, type Hand, payoutOf, type Spot } from './baccarat-rules.ts';

export const BACCARAT_BETTING_MS = 12_000;
export const BACCARAT_RESULT_MS = 6000;
export const BACCARAT_BETS_MINOR = [100, 200, 500, 1000, 2000, 5000, 10_000] as const;

export interface BaccaratBet {
  betId: string;
  sessionId: string;
  player: string;
  spot: Spot;
  betMinor: number;
  /** What the bet returned, stake included; null until dealt. */
  payoutMinor: number | null;
}

interface Round {
  number: number;
  serverSeed: string;
  serverSeedHash: string;
  phase: 'BETTING' | 'DEALT';
  phaseStartedAt: number;
  hand: Hand | null;
  bets: BaccaratBet[];
}

/** The hand a round's seed deals: HMAC stream keyed by the seed over `baccarat:<round>:<cursor>`. */
export const handOf = (serverSeed: string, roundNumber: number) =>
  dealHand(createRoundRng(serverSeed, 'baccarat', roundNumber));

/**
 * The live baccarat table: timed rounds shared by every session. Bets are taken (debited) for 12 s
 * while the round's seed hash is shown; then the coup is dealt from a fresh 8-deck shoe shuffled by
 * the seed, every bet is settled by one credit (its whole return, "0" for a loss), the seed is
 * revealed, and the result shows for 6 s before the next round.
 */
export function createBaccaratTable(
  deps: { now?: () => number; newSeed?: () => string; roundIdPrefix?: string } = {},
) {
  const now = deps.now ?? Date.now;
  const seedForRound = deps.newSeed ?? newServerSeed;
  const prefix = deps.roundIdPrefix ?? `bac-${Date.now().toString(36)}`;
  const history: {
    number: number;
    outcome: Spot;
    playerTotal: number;
    bankerTotal: number;
    serverSeed: string;
  }[] = [];
  const wallets = new Map<string, RoundWallet>();
  const newRound = (number: number, startedAt: number): Round => {
    const serverSeed = seedForRound();
    return {
      number,
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      phase: 'BETTING',
      phaseStartedAt: startedAt,
      hand: null,
      bets: [],
    };
  };
  let round = newRound(1, now());
  const roundId = (r: Round) => `${prefix}-${r.number}`;

  function tick() {
    const elapsed = now() - round.phaseStartedAt;
    if (round.phase === 'BETTING' && elapsed >= BACCARAT_BETTING_MS) {
      const hand = handOf(round.serverSeed, round.number);
      round.hand = hand;
      round.phase = 'DEALT';
      round.phaseStartedAt += BACCARAT_BETTING_MS;
      for (const bet of round.bets) {
        bet.payoutMinor = payoutOf(bet.spot, hand.outcome, bet.betMinor);
        const wallet = wallets.get(bet.betId) as RoundWallet;
        wallet.pay(bet, roundId(round), bet.payoutMinor);
        wallets.delete(bet.betId);
      }
      history.unshift({
        number: round.number,
        outcome: hand.outcome,
        playerTotal: hand.playerTotal,
        bankerTotal: hand.bankerTotal,
        serverSeed: round.serverSeed,
      });
      history.length = Math.min(history.length, 40);
      return tick();
    }
    if (round.phase === 'DEALT' && elapsed >= BACCARAT_RESULT_MS) {
      round = newRound(round.number + 1, round.phaseStartedAt + BACCARAT_RESULT_MS);
      tick();
    }
  }

  return {
    tick,
    async bet(sessionId: string, player: string, wallet: RoundWallet, spot: Spot, betMinor: number) {
      tick();
      if (round.phase !== 'BETTING')
        return {
          ok: false as const,
          status: 409,
          code: 'BETTING_CLOSED',
          message: 'Wait for the next round',
        };
      if (round.bets.some((bet) => bet.sessionId === sessionId)) {
        return { ok: false as const, status: 409, code: 'ALREADY_BET', message: 'One bet per round' };
      }
      const placedIn = round;
      const bet: BaccaratBet = {
        betId: randomBytes(6).toString('hex'),
        sessionId,
        player,
        spot,
        betMinor,
        payoutMinor: null,
      };
      const taken = await wallet.take(bet, roundId(placedIn));
      if (!taken.ok) return { ok: false as const, status: 409, code: taken.code, message: taken.message };
      tick();
      if (round !== placedIn || round.phase !== 'BETTING') {
        wallet.refund(bet, roundId(placedIn));
        return {
          ok: false as const,
          status: 409,
          code: 'BETTING_CLOSED',
          message: 'The cards were dealt before the bet was taken: it was refunded',
        };
      }
      wallets.set(bet.betId, wallet);
      round.bets.push(bet);
      return { ok: true as const, bet, balanceMinor: taken.balanceMinor };
    },
    view(sessionId: string) {
      tick();
      const elapsedMs = now() - round.phaseStartedAt;
      return {
        round: round.number,
        phase: round.phase,
        serverSeedHash: round.serverSeedHash,
        bettingEndsInMs: round.phase === 'BETTING' ? BACCARAT_BETTING_MS - elapsedMs : 0,
        hand: round.hand,
        myBet: round.bets.find((bet) => bet.sessionId === sessionId) ?? null,
        totals: Object.fromEntries(
          (['PLAYER', 'BANKER', 'TIE'] as const).map((spot) => [
            spot,
            round.bets.filter((bet) => bet.spot === spot).reduce((sum, bet) => sum + bet.betMinor, 0),
          ]),
        ),
        history,
      };
    },
  };
}
export type BaccaratTable = ReturnType<typeof createBaccaratTable>;
