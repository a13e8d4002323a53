import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_START_MINOR } from './game-sessions.ts';
import { houseOnFakePlatform, PLAYER } from './play.test-helpers.ts';
import { verifyRound } from './verify.routes.ts';

describe('spins', () => {
  let setup: Awaited<ReturnType<typeof houseOnFakePlatform>>;
  afterEach(async () => setup?.house.app.close());

  it('when a player spins, then the bet is debited and the win credited under one round, and the balance is exact', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    const { status, body } = await setup.spin(session, 200);
    expect(status).toBe(200);
    const { roundId, round, balanceMinor } = body.value;
    expect(setup.platform.applied).toEqual([
      {
        call: 'debit',
        body: {
          playerId: PLAYER,
          roundId,
          gameCode: 'lucky-koi',
          transactionId: `${roundId}:d`,
          amountMinor: '200',
        },
      },
      {
        call: 'credit',
        body: {
          playerId: PLAYER,
          roundId,
          gameCode: 'lucky-koi',
          transactionId: `${roundId}:c`,
          amountMinor: String(round.winMinor),
        },
      },
    ]);
    expect(BigInt(balanceMinor)).toBe(10_000n - 200n + BigInt(round.winMinor));
    expect(setup.platform.balanceOf(PLAYER)).toBe(BigInt(balanceMinor));
    expect(setup.platform.roundStatus(roundId)).toBe('SETTLED');
  });

  it('when many rounds are played, then each has its own ids and nonce and the balance follows every win and bet', async () => {
    setup = await houseOnFakePlatform(100_000n);
    const session = await setup.launch();
    let expected = 100_000n;
    const rounds = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const { body } = await setup.spin(session, 20);
      expect(body.value.round.nonce).toBe(i);
      rounds.add(body.value.roundId);
      expected += BigInt(body.value.round.winMinor) - 20n;
    }
    expect(rounds.size).toBe(25);
    expect(setup.platform.balanceOf(PLAYER)).toBe(expected);
    const ids = setup.platform.applied.map((call) => call.body.transactionId);
    expect(new Set(ids).size).toBe(50);
  });

  it('when the debit answer is lost once, then the retry carries the same transaction id and the bet is taken once', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    setup.platform.inject('debit', 'lose-answer');
    const { status, body } = await setup.spin(session, 200);
    expect(status).toBe(200);
    const debits = setup.platform.received.filter((call) => call.call === 'debit');
    expect(debits).toHaveLength(2);
    expect(debits[0]?.body).toEqual(debits[1]?.body);
    expect(setup.platform.balanceOf(PLAYER)).toBe(10_000n - 200n + BigInt(body.value.round.winMinor));
  });

  it('when the platform answers 500 then recovers, then the call is retried and succeeds', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    setup.platform.inject('credit', 'http-500', 2);
    const { status } = await setup.spin(session, 200);
    expect(status).toBe(200);
    const credits = setup.platform.received.filter((call) => call.call === 'credit');
    expect(credits).toHaveLength(3);
    expect(new Set(credits.map((call) => call.body.transactionId)).size).toBe(1);
  });

  it('when the debit outcome stays unknown, then the round is rolled back, the player keeps the money and no nonce is spent', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    setup.platform.inject('debit', 'lose-answer', 1);
    setup.platform.inject('debit', 'down', 3);
    const { status, body } = await setup.spin(session, 200);
    expect(status).toBe(503);
    expect(body.code).toBe('ROUND_VOIDED');
    const debit = setup.platform.received.find((call) => call.call === 'debit');
    const rollback = setup.platform.applied.find((call) => call.call === 'rollback');
    expect(rollback?.body.refTransactionId).toBe(debit?.body.transactionId);
    expect(rollback?.body.roundId).toBe(debit?.body.roundId);
    expect(setup.platform.balanceOf(PLAYER)).toBe(10_000n);
    expect(setup.platform.roundStatus(debit?.body.roundId as string)).toBe('CANCELLED');
    const state = (await setup.house.app.inject({ method: 'GET', url: `/api/sessions/${session}` })).json();
    expect(state.value.seeds.nonce).toBe(0);
    expect(state.value.history).toEqual([]);
  });

  it('when the credit cannot be delivered now, then it is kept and delivered later with the same id, once', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    setup.platform.inject('credit', 'down', 6);
    const { status, body } = await setup.spin(session, 200);
    expect(status).toBe(200);
    const creditId = `${body.value.roundId}:c`;
    await expect
      .poll(() => setup.platform.applied.filter((call) => call.call === 'credit').length, { timeout: 5000 })
      .toBe(1);
    expect(
      setup.platform.received
        .filter((call) => call.call === 'credit')
        .every((call) => call.body.transactionId === creditId),
    ).toBe(true);
    expect(setup.house.outbox.pendingTransactionIds()).toEqual([]);
    expect(setup.platform.balanceOf(PLAYER)).toBe(10_000n - 200n + BigInt(body.value.round.winMinor));
  });

  it('when the balance does not cover the bet, then the player is told, nothing is credited and no nonce is spent', async () => {
    setup = await houseOnFakePlatform(100n);
    const session = await setup.launch();
    const { status, body } = await setup.spin(session, 200);
    expect(status).toBe(409);
    expect(body.code).toBe('INSUFFICIENT_FUNDS');
    expect(setup.platform.applied).toEqual([]);
    expect(setup.platform.received.map((call) => call.call)).toEqual(['debit']);
    const state = (await setup.house.app.inject({ method: 'GET', url: `/api/sessions/${session}` })).json();
    expect(state.value.seeds.nonce).toBe(0);
    expect(state.value.balanceMinor).toBe('100');
  });

  it('when a spin is still settling, then another spin of the session is refused', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    const release = setup.platform.hold();
    const first = setup.spin(session, 20);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await setup.spin(session, 20);
    release();
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ROUND_IN_PLAY');
    expect((await first).status).toBe(200);
  });

  it('when the bet is not one of the game’s bets or not a whole number, then 400 names betMinor and nothing moves', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch();
    for (const bad of [30, -20, 20.5, '20', null, 0]) {
      const { status, body } = await setup.spin(session, bad);
      expect(status).toBe(400);
      expect(body.field).toBe('body.betMinor');
    }
    const extra = await setup.house.app.inject({
      method: 'POST',
      url: `/api/sessions/${session}/spin`,
      payload: { betMinor: 20, free: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(setup.platform.received).toEqual([]);
  });

  it('when the seeds rotate, then the old server seed is revealed and /verify recomputes each of its rounds exactly', async () => {
    setup = await houseOnFakePlatform(100_000n);
    const session = await setup.launch({ game: 'neon-fruits' });
    const state = (await setup.house.app.inject({ method: 'GET', url: `/api/sessions/${session}` })).json();
    const played = [];
    for (let i = 0; i < 5; i += 1) played.push((await setup.spin(session, 100)).body.value.round);
    const rotated = await setup.house.app.inject({
      method: 'POST',
      url: `/api/sessions/${session}/seeds`,
      payload: { clientSeed: 'my-lucky-seed' },
    });
    const { revealed, seeds } = rotated.json().value;
    expect(revealed.serverSeedHash).toBe(state.value.seeds.serverSeedHash);
    expect(revealed.roundsPlayed).toBe(5);
    expect(seeds).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(seeds.serverSeedHash).not.toBe(revealed.serverSeedHash);
    for (const round of played) {
      const { hash, round: again } = verifyRound({
        game: 'neon-fruits',
        serverSeed: revealed.serverSeed,
        clientSeed: revealed.clientSeed,
        nonce: round.nonce,
        bet: 100,
      });
      expect(hash).toBe(revealed.serverSeedHash);
      expect(again.winMinor).toBe(round.winMinor);
      expect(again.base.stops).toEqual(round.base.stops);
    }
    const page = await setup.house.app.inject({
      method: 'GET',
      url: `/verify?game=neon-fruits&serverSeed=${revealed.serverSeed}&clientSeed=${revealed.clientSeed}&nonce=${played[0].nonce}&bet=100`,
    });
    expect(page.body).toContain(`<code id="hash">${revealed.serverSeedHash}</code>`);
    expect(page.body).toContain(`<strong id="total-win">${(played[0].winMinor / 100).toFixed(2)}</strong>`);
  });

  it('when a client seed or verify query is malformed, then 400 names the field and the seeds stay', async () => {
    setup = await houseOnFakePlatform();
    const session = await setup.launch();
    for (const clientSeed of ['', 'a:b', 'x'.repeat(65), 5]) {
      const response = await setup.house.app.inject({
        method: 'POST',
        url: `/api/sessions/${session}/seeds`,
        payload: { clientSeed },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('body.clientSeed');
    }
    const verify = await setup.house.app.inject({
      method: 'GET',
      url: '/verify?game=lucky-koi&serverSeed=zz&clientSeed=a&nonce=-1',
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.body).toContain('serverSeed:');
    expect(verify.body).toContain('nonce:');
  });
});

describe('demo play', () => {
  it('when a demo is spun, then play money changes by win − bet and the platform hears nothing', async () => {
    const setup = await houseOnFakePlatform();
    const session = await setup.launchDemo();
    let expected = DEMO_START_MINOR;
    for (let i = 0; i < 10; i += 1) {
      const { body } = await setup.spin(session, 1000);
      expected += body.value.round.winMinor - 1000;
      expect(body.value.balanceMinor).toBe(String(expected));
    }
    expect(setup.platform.received).toEqual([]);
    await setup.house.app.close();
  });

  it('when the play money does not cover the bet, then the spin is refused and nothing changes', async () => {
    const setup = await houseOnFakePlatform();
    const session = await setup.launchDemo();
    const state = setup.house.sessions.get(session);
    if (!state) throw new Error('no session');
    state.demoBalanceMinor = 10;
    const { status, body } = await setup.spin(session, 20);
    expect(status).toBe(409);
    expect(body.code).toBe('INSUFFICIENT_FUNDS');
    expect(state.demoBalanceMinor).toBe(10);
    expect(state.seeds.nonce).toBe(0);
    await setup.house.app.close();
  });
});
