import { createHash } from 'node:crypto';
import { serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { crashPointOf, millisecondsTo } from './crash-point.ts';
import {
  CRASH_BETTING_MS,
  CRASH_PAUSE_MS,
  type CrashBet,
  type CrashWallet,
  createCrashTable,
} from './crash-table.ts';

/** A seed whose round 1 crashes within [low, high] hundredths. */
function seedCrashingBetween(low: number, high: number): string {
  for (let i = 0; ; i += 1) {
    const seed = createHash('sha256').update(`crash-test-${i}`).digest('hex');
    const point = crashPointOf(seed, 1);
    if (point >= low && point <= high) return seed;
  }
}

function fakeWallet(balance = 10_000) {
  const moves: { kind: string; roundId: string; amount: number }[] = [];
  let funds = balance;
  let hold: Promise<void> | null = null;
  const wallet: CrashWallet = {
    async take(bet: CrashBet, roundId: string) {
      if (hold) await hold;
      if (funds < bet.betMinor) return { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'no' };
      funds -= bet.betMinor;
      moves.push({ kind: 'take', roundId, amount: bet.betMinor });
      return { ok: true, balanceMinor: String(funds) };
    },
    pay(_bet, roundId, amount) {
      funds += amount;
      moves.push({ kind: 'pay', roundId, amount });
    },
    refund(bet, roundId) {
      funds += bet.betMinor;
      moves.push({ kind: 'refund', roundId, amount: bet.betMinor });
    },
  };
  return {
    wallet,
    moves,
    funds: () => funds,
    holdTakes() {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return release;
    },
  };
}

function table(seed: string) {
  let clock = 1_000_000;
  const crash = createCrashTable({ now: () => clock, newSeed: () => seed, roundIdPrefix: 'crash' });
  return {
    crash,
    at: (ms: number) => {
      clock = 1_000_000 + ms;
      crash.tick();
    },
  };
}

describe('crash table', () => {
  it('when the multiplier reaches a bet’s target below the crash point, then it is paid bet × target, once', async () => {
    const seed = seedCrashingBetween(300, 500);
    const { crash, at } = table(seed);
    const me = fakeWallet();
    const placed = await crash.bet('s1', 'pl***1', me.wallet, 1000, 250);
    expect(placed.ok).toBe(true);
    at(CRASH_BETTING_MS + millisecondsTo(250));
    at(CRASH_BETTING_MS + millisecondsTo(300) + 10_000);
    expect(me.moves).toEqual([
      { kind: 'take', roundId: 'crash-1', amount: 1000 },
      { kind: 'pay', roundId: 'crash-1', amount: 2500 },
    ]);
    expect(me.funds()).toBe(10_000 + 1500);
  });

  it('when the round crashes below a bet’s target, then the bet is settled with 0 and the seed is revealed', async () => {
    const seed = seedCrashingBetween(150, 160);
    const { crash, at } = table(seed);
    const me = fakeWallet();
    await crash.bet('s1', 'pl***1', me.wallet, 1000, 200);
    expect(crash.view('s1').crashPoint).toBeNull();
    expect(JSON.stringify(crash.view('s1'))).not.toContain(seed);
    at(CRASH_BETTING_MS + millisecondsTo(161));
    expect(me.moves.at(-1)).toEqual({ kind: 'pay', roundId: 'crash-1', amount: 0 });
    const view = crash.view('s1');
    expect(view.phase).toBe('CRASHED');
    expect(view.crashPoint).toBe(crashPointOf(seed, 1));
    expect(view.history[0]).toEqual({
      number: 1,
      crashPoint: crashPointOf(seed, 1),
      serverSeed: seed,
      serverSeedHash: serverSeedHash(seed),
    });
    at(CRASH_BETTING_MS + millisecondsTo(161) + CRASH_PAUSE_MS);
    expect(crash.view('s1')).toMatchObject({ round: 2, phase: 'BETTING', myBet: null });
  });

  it('when a player cashes out while running, then the current multiplier pays, and a second cash-out is refused', async () => {
    const seed = seedCrashingBetween(300, 100_000);
    const { crash, at } = table(seed);
    const me = fakeWallet();
    await crash.bet('s1', 'pl***1', me.wallet, 1000, null);
    at(CRASH_BETTING_MS + 50);
    expect(crash.cashOut('s1')).toMatchObject({ ok: false, code: 'TOO_EARLY' });
    at(CRASH_BETTING_MS + millisecondsTo(200));
    const cashed = crash.cashOut('s1');
    expect(cashed).toMatchObject({ ok: true, bet: { status: 'CASHED', cashedAt: 200, winMinor: 2000 } });
    expect(crash.cashOut('s1')).toMatchObject({ ok: false, code: 'NOTHING_TO_CASH_OUT' });
    at(CRASH_BETTING_MS + millisecondsTo(1000) + 200_000);
    expect(me.moves.filter((move) => move.kind === 'pay')).toEqual([
      { kind: 'pay', roundId: 'crash-1', amount: 2000 },
    ]);
  });

  it('when a bet comes after betting closed, or twice in a round, or is not covered, then it is refused and nothing is kept', async () => {
    const seed = seedCrashingBetween(300, 100_000);
    const { crash, at } = table(seed);
    const me = fakeWallet(1500);
    expect((await crash.bet('s1', 'a', me.wallet, 1000, null)).ok).toBe(true);
    expect(await crash.bet('s1', 'a', me.wallet, 100, null)).toMatchObject({
      ok: false,
      code: 'ALREADY_BET',
    });
    expect(await crash.bet('s2', 'b', me.wallet, 1000, null)).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
    });
    at(CRASH_BETTING_MS + 1);
    expect(await crash.bet('s3', 'c', me.wallet, 100, null)).toMatchObject({
      ok: false,
      code: 'BETTING_CLOSED',
    });
    expect(me.moves).toEqual([{ kind: 'take', roundId: 'crash-1', amount: 1000 }]);
  });

  it('when the money for a bet is taken only after the round started, then it is refunded', async () => {
    const { crash, at } = table(seedCrashingBetween(300, 100_000));
    const me = fakeWallet();
    const release = me.holdTakes();
    const pending = crash.bet('s1', 'a', me.wallet, 1000, null);
    at(CRASH_BETTING_MS + 1);
    release();
    expect(await pending).toMatchObject({ ok: false, code: 'BETTING_CLOSED' });
    expect(me.moves).toEqual([
      { kind: 'take', roundId: 'crash-1', amount: 1000 },
      { kind: 'refund', roundId: 'crash-1', amount: 1000 },
    ]);
    expect(me.funds()).toBe(10_000);
  });

  it('when a round crashes at 1.00, then nobody can cash out and every bet loses', async () => {
    const { crash, at } = table(seedCrashingBetween(100, 100));
    const me = fakeWallet();
    await crash.bet('s1', 'a', me.wallet, 1000, 101);
    at(CRASH_BETTING_MS + 1);
    expect(crash.view('s1').phase).toBe('CRASHED');
    expect(me.moves.at(-1)).toEqual({ kind: 'pay', roundId: 'crash-1', amount: 0 });
  });
});
