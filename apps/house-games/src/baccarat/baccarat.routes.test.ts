import { afterEach, describe, expect, it } from 'vitest';
import { buildHouseGamesApp, type HouseGamesApp } from '../app.ts';
import {
  createFakePlatform,
  FAKE_SECRET,
  signedLaunchQuery,
} from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { BACCARAT_GAME_CODE, payoutOf } from './baccarat-rules.ts';
import { BACCARAT_BETTING_MS, BACCARAT_RESULT_MS, handOf } from './baccarat-table.ts';

describe('live baccarat over the vendor protocol', () => {
  let house: HouseGamesApp;
  afterEach(async () => house?.app.close());

  async function setup(balance = 10_000n) {
    let clock = Date.now();
    const start = clock;
    const platform = createFakePlatform({ balances: { [PLAYER]: balance } });
    house = await buildHouseGamesApp({
      secret: FAKE_SECRET,
      platformUrl: 'http://platform.test',
      fetch: platform.fetch,
      retryDelaysMs: [0],
      outboxFirstDelayMs: 5,
      logger: false,
      crashTicks: false,
      now: () => clock,
    });
    const launch = async (params: Record<string, string>) => {
      const response = await house.app.inject({
        method: 'GET',
        url: `/play?${signedLaunchQuery({ game: BACCARAT_GAME_CODE, ...params })}`,
      });
      return String(response.headers.location).split('/').pop() as string;
    };
    const bet = async (sessionId: string, payload: object) => {
      const response = await house.app.inject({
        method: 'POST',
        url: `/api/baccarat/${sessionId}/bet`,
        payload,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const state = async (sessionId: string) =>
      (await house.app.inject({ method: 'GET', url: `/api/baccarat/${sessionId}` })).json().value;
    const at = (ms: number) => {
      clock = start + ms;
      house.baccarat.tick();
    };
    return { platform, launch, bet, state, at };
  }

  it('when a player bets and the cards are dealt, then one debit and one credit of the whole return settle the round', async () => {
    const { platform, launch, bet, state, at } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    const placed = await bet(session, { spot: 'BANKER', betMinor: 1000 });
    expect(placed.status).toBe(200);
    expect((await state(session)).hand).toBeNull();
    at(BACCARAT_BETTING_MS + 1);
    const view = await state(session);
    const [last] = view.history;
    expect(view.hand).toEqual(handOf(last.serverSeed, 1));
    const payout = payoutOf('BANKER', view.hand.outcome, 1000);
    expect(view.myBet.payoutMinor).toBe(payout);
    await expect.poll(() => platform.applied.length).toBe(2);
    expect(platform.applied.map((call) => [call.call, call.body.amountMinor])).toEqual([
      ['debit', '1000'],
      ['credit', String(payout)],
    ]);
    expect(platform.applied[0]?.body.roundId).toBe(platform.applied[1]?.body.roundId);
    expect(platform.balanceOf(PLAYER)).toBe(10_000n - 1000n + BigInt(payout));
    const verify = await house.app.inject({
      method: 'GET',
      url: `/verify?game=${BACCARAT_GAME_CODE}&serverSeed=${last.serverSeed}&nonce=1`,
    });
    expect(verify.body).toContain(`<strong id="outcome">${view.hand.outcome}</strong>`);
    at(BACCARAT_BETTING_MS + BACCARAT_RESULT_MS + 1);
    expect(await state(session)).toMatchObject({ round: 2, phase: 'BETTING', myBet: null, hand: null });
  });

  it('when a bet comes while the cards are shown, or twice, then it is refused and nothing moves again', async () => {
    const { platform, launch, bet, at } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    await bet(session, { spot: 'TIE', betMinor: 100 });
    expect((await bet(session, { spot: 'PLAYER', betMinor: 100 })).body.code).toBe('ALREADY_BET');
    at(BACCARAT_BETTING_MS + 1);
    expect((await bet(session, { spot: 'PLAYER', betMinor: 100 })).body.code).toBe('BETTING_CLOSED');
    await expect.poll(() => platform.applied.length).toBe(2);
    expect(platform.applied.filter((call) => call.call === 'debit')).toHaveLength(1);
  });

  it('when the spot or chip is wrong, then 400 names the field and nothing moves', async () => {
    const { platform, launch, bet } = await setup();
    const session = await launch({ demo: '0', player: PLAYER });
    for (const [payload, field] of [
      [{ spot: 'DRAGON', betMinor: 100 }, 'body.spot'],
      [{ spot: 'PLAYER', betMinor: 150 }, 'body.betMinor'],
      [{ betMinor: 100 }, 'body.spot'],
      [{ spot: 'PLAYER', betMinor: 100, side: 'pair' }, 'body.side'],
    ] as const) {
      const answer = await bet(session, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect(platform.received).toEqual([]);
  });

  it('when the balance does not cover the chip, then the player is told and the round holds no bet', async () => {
    const { launch, bet, state } = await setup(50n);
    const session = await launch({ demo: '0', player: PLAYER });
    expect((await bet(session, { spot: 'PLAYER', betMinor: 100 })).body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await state(session)).myBet).toBeNull();
  });

  it('when a demo player bets, then play money settles in the house games and the platform hears nothing', async () => {
    const { platform, launch, bet, state, at } = await setup();
    const session = await launch({ demo: '1' });
    await bet(session, { spot: 'PLAYER', betMinor: 10_000 });
    at(BACCARAT_BETTING_MS + 1);
    const view = await state(session);
    expect(view.demoBalanceMinor).toBe(
      String(100_000 - 10_000 + payoutOf('PLAYER', view.hand.outcome, 10_000)),
    );
    expect(platform.received).toEqual([]);
  });
});
