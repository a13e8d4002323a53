import { afterEach, describe, expect, it } from 'vitest';
import { buildHouseGamesApp, type HouseGamesApp } from '../app.ts';
import { CRASH_GAME_CODE } from '../house-games.ts';
import {
  createFakePlatform,
  FAKE_SECRET,
  signedLaunchQuery,
} from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { millisecondsTo } from './crash-point.ts';
import { CRASH_BETTING_MS } from './crash-table.ts';

describe('crash over the vendor protocol', () => {
  let house: HouseGamesApp;
  afterEach(async () => house?.app.close());

  async function setup(balance = 10_000n) {
    let clock = Date.now();
    const platform = createFakePlatform({ balances: { [PLAYER]: balance } });
    house = await buildHouseGamesApp({
      secret: FAKE_SECRET,
      platformUrl: 'http://platform.test',
      fetch: platform.fetch,
      retryDelaysMs: [0, 0],
      outboxFirstDelayMs: 5,
      logger: false,
      crashTicks: false,
      now: () => clock,
    });
    const start = clock;
    const launch = async (params: Record<string, string>) => {
      const response = await house.app.inject({
        method: 'GET',
        url: `/play?${signedLaunchQuery({ game: CRASH_GAME_CODE, ...params })}`,
      });
      expect(response.statusCode).toBe(303);
      return String(response.headers.location).split('/').pop() as string;
    };
    const post = async (sessionId: string, call: string, payload: object = {}) => {
      const response = await house.app.inject({
        method: 'POST',
        url: `/api/crash/${sessionId}/${call}`,
        payload,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const state = async (sessionId: string) =>
      (await house.app.inject({ method: 'GET', url: `/api/crash/${sessionId}` })).json().value;
    const at = (ms: number) => {
      clock = start + ms;
      house.table.tick();
    };
    return { platform, launch, post, state, at };
  }

  it('when a player bets and cashes out, then one debit and one credit carry the shared round id and the balance is exact', async () => {
    const { platform, launch, post, state, at } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    const placed = await post(session, 'bet', { betMinor: 1000, autoCashOut: null });
    expect(placed.status).toBe(200);
    expect(placed.body.value.balanceMinor).toBe('9000');
    at(CRASH_BETTING_MS + millisecondsTo(101) + 5);
    const view = await state(session);
    const cashed = await post(session, 'cashout');
    if (view.phase === 'CRASHED') {
      // The round crashed before 1.01: the bet is settled with 0.
      expect(cashed.status).toBe(409);
      await expect.poll(() => platform.applied.map((call) => call.call)).toEqual(['debit', 'credit']);
      expect(platform.applied[1]?.body.amountMinor).toBe('0');
      return;
    }
    expect(cashed.status).toBe(200);
    const win = cashed.body.value.bet.winMinor;
    await expect.poll(() => platform.applied.length).toBe(2);
    const [debit, credit] = platform.applied;
    expect(debit?.body.roundId).toBe(credit?.body.roundId);
    expect(debit?.body.transactionId).toMatch(/:d$/);
    expect(credit?.body).toMatchObject({ amountMinor: String(win), gameCode: CRASH_GAME_CODE });
    expect(platform.balanceOf(PLAYER)).toBe(10_000n - 1000n + BigInt(win));
  });

  it('when the round crashes under the target, then the bet is settled with a zero credit', async () => {
    const { platform, launch, post, at } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    await post(session, 'bet', { betMinor: 1000, autoCashOut: 100_000 });
    at(CRASH_BETTING_MS + millisecondsTo(100_000) + 10);
    await expect.poll(() => platform.applied.length).toBe(2);
    expect(platform.applied[1]).toMatchObject({ call: 'credit' });
    const paid = BigInt(platform.applied[1]?.body.amountMinor as string);
    expect(paid === 0n || paid === 1_000_000n).toBe(true);
    expect(platform.balanceOf(PLAYER)).toBe(9000n + paid);
  });

  it('when the platform refuses the bet for funds, then the player is told and the round holds no bet', async () => {
    const { platform, launch, post, state } = await setup(500n);
    const session = await launch({ demo: '0', player: PLAYER });
    const placed = await post(session, 'bet', { betMinor: 1000 });
    expect(placed.status).toBe(409);
    expect(placed.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await state(session)).myBet).toBeNull();
    expect(platform.applied).toEqual([]);
  });

  it('when the debit goes unanswered, then it is rolled back and the bet refused', async () => {
    const { platform, launch, post, state } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    platform.inject('debit', 'lose-answer', 1);
    platform.inject('debit', 'down', 2);
    const placed = await post(session, 'bet', { betMinor: 1000 });
    expect(placed.body.code).toBe('ROUND_VOIDED');
    expect(platform.balanceOf(PLAYER)).toBe(10_000n);
    expect(platform.applied.map((call) => call.call)).toEqual(['debit', 'rollback']);
    expect((await state(session)).myBet).toBeNull();
  });

  it('when a bet or target is malformed, then 400 names the field and nothing moves', async () => {
    const { platform, launch, post } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    const cases: [object, string][] = [
      [{ betMinor: 150 }, 'body.betMinor'],
      [{ betMinor: '1000' }, 'body.betMinor'],
      [{}, 'body.betMinor'],
      [{ betMinor: 1000, autoCashOut: 100 }, 'body.autoCashOut'],
      [{ betMinor: 1000, autoCashOut: 1.5 }, 'body.autoCashOut'],
      [{ betMinor: 1000, autoCashOut: 100_001 }, 'body.autoCashOut'],
    ];
    for (const [payload, field] of cases) {
      const answer = await post(session, 'bet', payload);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect(platform.received).toEqual([]);
  });

  it('when a demo player bets, then play money moves in the house games only, and other players see a masked name', async () => {
    const { platform, launch, post, state } = await setup();
    const demo = await launch({ demo: '1' });
    const real = await launch({ demo: '0', player: PLAYER });
    await post(demo, 'bet', { betMinor: 10_000 });
    await post(real, 'bet', { betMinor: 100 });
    const seen = await state(demo);
    expect(seen.demoBalanceMinor).toBe('90000');
    expect(seen.bets.map((bet: { player: string }) => bet.player)).toEqual([
      expect.stringMatching(/^guest-/),
      'Xk***1b',
    ]);
    expect(JSON.stringify(seen)).not.toContain(PLAYER);
    expect(platform.applied.map((call) => call.body.amountMinor)).toEqual(['100']);
  });

  it('when a crash round is verified, then /verify shows the crash point the seed decides', async () => {
    const { launch, post, state, at } = await setup();
    const session = await launch({ demo: '1' });
    await post(session, 'bet', { betMinor: 100 });
    at(CRASH_BETTING_MS + millisecondsTo(100_000) + 10);
    const [last] = (await state(session)).history;
    const page = await house.app.inject({
      method: 'GET',
      url: `/verify?game=${CRASH_GAME_CODE}&serverSeed=${last.serverSeed}&nonce=${last.number}`,
    });
    expect(page.body).toContain(`<strong id="crash-point">${(last.crashPoint / 100).toFixed(2)}×</strong>`);
    expect(page.body).toContain(last.serverSeedHash);
  });
});
