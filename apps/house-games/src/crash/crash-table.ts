import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import { newServerSeed } from '../fairness/seeds.ts';
import { CRASH_MAX, crashPointOf, crashWin, millisecondsTo, multiplierAt } from './crash-point.ts';

export const CRASH_BETTING_MS = 6000;
export const CRASH_PAUSE_MS = 3000;
export const CRASH_BETS_MINOR = [100, 200, 500, 1000, 2000, 5000, 10_000] as const;
/** The lowest cash-out: at 1.00 a bet would only return itself, whatever the crash point. */
export const MIN_CASH_OUT = 101;

export type CrashBetStatus = 'IN' | 'CASHED' | 'LOST';
export interface CrashBet {
  betId: string;
  sessionId: string;
  player: string;
  betMinor: number;
  autoCashOut: number | null;
  status: CrashBetStatus;
  cashedAt: number | null;
  winMinor: number;
}

/** What a wallet needs of a bet in a shared round (crash, baccarat). */
export interface WalletBet {
  betId: string;
  betMinor: number;
}

/** How a bet's money moves in a shared round: the platform for real players, play money for demo sessions. */
export interface CrashWallet {
  take(
    bet: WalletBet,
    roundId: string,
  ): Promise<{ ok: true; balanceMinor: string | null } | { ok: false; code: string; message: string }>;
  /** Settles the bet (amount 0 for a loss); delivery retried by the wallet until answered. */
  pay(bet: WalletBet, roundId: string, amountMinor: number): void;
  /** Gives back a bet taken after betting closed. */
  refund(bet: WalletBet, roundId: string): void;
}

interface Round {
  number: number;
  serverSeed: string;
  serverSeedHash: string;
  crashPoint: number;
  phase: 'BETTING' | 'RUNNING' | 'CRASHED';
  phaseStartedAt: number;
  bets: CrashBet[];
}

export type CrashRefusal = { ok: false; status: 400 | 409; code: string; message: string };

/**
 * One shared crash table: every session bets into the same rounds. Each round has its own server
 * seed, committed by its hash while bets are taken and revealed once it crashes; its crash point
 * is crashPointOf(seed, round number). A bet is debited when placed (betting phase only), then
 * settled once: by a cash-out (manual, or automatic at its target) at bet × multiplier, or by 0
 * at the crash. A cash-out needs 1.01 ≤ multiplier ≤ crash point, so a target x wins exactly
 * when the crash point is at least x.
 */
export function createCrashTable(
  deps: { now?: () => number; firstRound?: number; newSeed?: () => string; roundIdPrefix?: string } = {},
) {
  // Round numbers restart with the process: the prefix keeps round ids unique at the platform.
  const prefix = deps.roundIdPrefix ?? `crash-${Date.now().toString(36)}`;
  const now = deps.now ?? Date.now;
  const seedForRound = deps.newSeed ?? newServerSeed;
  const history: { number: number; crashPoint: number; serverSeed: string; serverSeedHash: string }[] = [];
  let round = newRound(deps.firstRound ?? 1);

  function newRound(number: number): Round {
    const serverSeed = seedForRound();
    return {
      number,
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      crashPoint: crashPointOf(serverSeed, number),
      phase: 'BETTING',
      phaseStartedAt: now(),
      bets: [],
    };
  }
  const roundId = (r: Round) => `${prefix}-${r.number}`;
  const settle = (bet: CrashBet, wallet: CrashWallet, r: Round, at: number) => {
    bet.status = 'CASHED';
    bet.cashedAt = at;
    bet.winMinor = crashWin(bet.betMinor, at);
    wallet.pay(bet, roundId(r), bet.winMinor);
  };
  const wallets = new Map<string, CrashWallet>();

  /** Moves the round on: betting → running → crashed → next round. Called every ~100 ms. */
  function tick() {
    const elapsed = now() - round.phaseStartedAt;
    if (round.phase === 'BETTING' && elapsed >= CRASH_BETTING_MS) {
      round.phase = 'RUNNING';
      round.phaseStartedAt = round.phaseStartedAt + CRASH_BETTING_MS;
      return tick();
    }
    if (round.phase === 'RUNNING') {
      const multiplier = Math.min(multiplierAt(elapsed), CRASH_MAX * 100);
      for (const bet of round.bets) {
        if (
          bet.status === 'IN' &&
          bet.autoCashOut !== null &&
          bet.autoCashOut <= Math.min(multiplier, round.crashPoint)
        ) {
          settle(bet, wallets.get(bet.betId) as CrashWallet, round, bet.autoCashOut);
        }
      }
      const crashed =
        round.crashPoint === 100 || multiplier > round.crashPoint || multiplier >= CRASH_MAX * 100;
      if (!crashed) return;
      for (const bet of round.bets) {
        if (bet.status !== 'IN') continue;
        const wallet = wallets.get(bet.betId) as CrashWallet;
        if (round.crashPoint >= CRASH_MAX * 100) settle(bet, wallet, round, CRASH_MAX * 100);
        else {
          bet.status = 'LOST';
          wallet.pay(bet, roundId(round), 0);
        }
      }
      round.phase = 'CRASHED';
      round.phaseStartedAt = round.phaseStartedAt + millisecondsTo(round.crashPoint);
      history.unshift({
        number: round.number,
        crashPoint: round.crashPoint,
        serverSeed: round.serverSeed,
        serverSeedHash: round.serverSeedHash,
      });
      history.length = Math.min(history.length, 20);
      for (const bet of round.bets) wallets.delete(bet.betId);
      return;
    }
    if (round.phase === 'CRASHED' && elapsed >= CRASH_PAUSE_MS) round = newRound(round.number + 1);
  }

  return {
    tick,
    async bet(
      sessionId: string,
      player: string,
      wallet: CrashWallet,
      betMinor: number,
      autoCashOut: number | null,
    ): Promise<{ ok: true; bet: CrashBet; balanceMinor: string | null } | CrashRefusal> {
      tick();
      if (round.phase !== 'BETTING')
        return {
          ok: false,
          status: 409,
          code: 'BETTING_CLOSED',
          message: 'Bets are taken before the round starts',
        };
      if (round.bets.some((bet) => bet.sessionId === sessionId)) {
        return { ok: false, status: 409, code: 'ALREADY_BET', message: 'One bet per round' };
      }
      const placedIn = round;
      const bet: CrashBet = {
        betId: randomBytes(6).toString('hex'),
        sessionId,
        player,
        betMinor,
        autoCashOut,
        status: 'IN',
        cashedAt: null,
        winMinor: 0,
      };
      const taken = await wallet.take(bet, roundId(placedIn));
      if (!taken.ok) return { ok: false, status: 409, code: taken.code, message: taken.message };
      tick();
      if (round !== placedIn || round.phase !== 'BETTING') {
        wallet.refund(bet, roundId(placedIn));
        return {
          ok: false,
          status: 409,
          code: 'BETTING_CLOSED',
          message: 'The round started before the bet was taken: it was refunded',
        };
      }
      wallets.set(bet.betId, wallet);
      round.bets.push(bet);
      return { ok: true, bet, balanceMinor: taken.balanceMinor };
    },
    cashOut(sessionId: string): { ok: true; bet: CrashBet } | CrashRefusal {
      tick();
      const bet = round.bets.find((item) => item.sessionId === sessionId && item.status === 'IN');
      if (round.phase !== 'RUNNING' || !bet)
        return { ok: false, status: 409, code: 'NOTHING_TO_CASH_OUT', message: 'No bet of yours is running' };
      const multiplier = multiplierAt(now() - round.phaseStartedAt);
      if (multiplier < MIN_CASH_OUT)
        return { ok: false, status: 409, code: 'TOO_EARLY', message: 'Cash out from 1.01×' };
      settle(bet, wallets.get(bet.betId) as CrashWallet, round, Math.min(multiplier, round.crashPoint));
      wallets.delete(bet.betId);
      return { ok: true, bet };
    },
    /** What every player sees; the crash point and seed only once the round has crashed. */
    view(sessionId: string) {
      tick();
      const elapsedMs = now() - round.phaseStartedAt;
      const crashed = round.phase === 'CRASHED';
      return {
        round: round.number,
        phase: round.phase,
        serverSeedHash: round.serverSeedHash,
        elapsedMs,
        bettingEndsInMs: round.phase === 'BETTING' ? CRASH_BETTING_MS - elapsedMs : 0,
        multiplier: round.phase === 'RUNNING' ? multiplierAt(elapsedMs) : crashed ? round.crashPoint : 100,
        crashPoint: crashed ? round.crashPoint : null,
        myBet: round.bets.find((bet) => bet.sessionId === sessionId) ?? null,
        bets: round.bets.slice(0, 30).map(({ player, betMinor, status, cashedAt, winMinor }) => ({
          player,
          betMinor,
          status,
          cashedAt,
          winMinor,
        })),
        history,
      };
    },
  };
}
export type CrashTable = ReturnType<typeof createCrashTable>;
