import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_START_MINOR } from '../play/game-sessions.ts';
import { houseOnFakePlatform, PLAYER } from '../play/play.test-helpers.ts';
import { FISH_GAME_CODE } from './fish-species.ts';

describe('fishing shooter over the vendor protocol', () => {
  let setup: Awaited<ReturnType<typeof houseOnFakePlatform>>;
  afterEach(async () => setup?.house.app.close());

  const shot = async (sessionId: string, payload: object) => {
    const response = await setup.house.app.inject({
      method: 'POST',
      url: `/api/fish/${sessionId}/shot`,
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('when a player shoots, then each shot is a round: a debit of the bet and a credit of the catch, balance exact', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch({ game: FISH_GAME_CODE });
    let expected = 10_000n;
    for (let i = 0; i < 20; i += 1) {
      const { status, body } = await shot(session, { betMinor: 100, species: 'clownfish' });
      expect(status).toBe(200);
      const { round, roundId } = body.value;
      expect(round.winMinor).toBe(round.caught ? 200 : 0);
      expect(round.nonce).toBe(i);
      expect(
        setup.platform.applied.slice(-2).map((call) => [call.call, call.body.roundId, call.body.amountMinor]),
      ).toEqual([
        ['debit', roundId, '100'],
        ['credit', roundId, String(round.winMinor)],
      ]);
      expected += BigInt(round.winMinor) - 100n;
    }
    expect(setup.platform.balanceOf(PLAYER)).toBe(expected);
  });

  it('when a shot is verified with the revealed seed, then /verify shows the same catch', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch({ game: FISH_GAME_CODE });
    const { body } = await shot(session, { betMinor: 100, species: 'shark' });
    const rotated = await setup.house.app.inject({
      method: 'POST',
      url: `/api/sessions/${session}/seeds`,
      payload: {},
    });
    const { revealed } = rotated.json().value;
    const page = await setup.house.app.inject({
      method: 'GET',
      url: `/verify?game=${FISH_GAME_CODE}&serverSeed=${revealed.serverSeed}&clientSeed=${revealed.clientSeed}&nonce=0&species=shark`,
    });
    expect(page.body).toContain(`Roll ${body.value.round.roll} of 2000`);
    expect(page.body).toContain(
      `<strong id="shot">${body.value.round.caught ? 'caught' : 'escaped'}</strong>`,
    );
  });

  it('when a demo player shoots, then play money changes and the platform hears nothing', async () => {
    setup = await houseOnFakePlatform();
    const session = await setup.launchDemo(FISH_GAME_CODE);
    const { body } = await shot(session, { betMinor: 1000, species: 'dragon' });
    expect(body.value.balanceMinor).toBe(String(DEMO_START_MINOR - 1000 + body.value.round.winMinor));
    expect(setup.platform.received).toEqual([]);
  });

  it('when the species or bet is wrong, or the session is a slot, then the shot is refused and nothing moves', async () => {
    setup = await houseOnFakePlatform(10_000n);
    const session = await setup.launch({ game: FISH_GAME_CODE });
    for (const [payload, field] of [
      [{ betMinor: 100, species: 'kraken' }, 'body.species'],
      [{ betMinor: 15, species: 'shark' }, 'body.betMinor'],
      [{ betMinor: 100 }, 'body.species'],
      [{ betMinor: 100, species: 'shark', extra: 1 }, 'body.extra'],
    ] as const) {
      const answer = await shot(session, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
    const slot = await setup.launch({ game: 'lucky-koi' });
    expect((await shot(slot, { betMinor: 100, species: 'shark' })).status).toBe(404);
    expect(setup.platform.received).toEqual([]);
  });

  it('when the balance does not cover the shot, then the player is told and no nonce is spent', async () => {
    setup = await houseOnFakePlatform(50n);
    const session = await setup.launch({ game: FISH_GAME_CODE });
    const { status, body } = await shot(session, { betMinor: 100, species: 'shark' });
    expect(status).toBe(409);
    expect(body.code).toBe('INSUFFICIENT_FUNDS');
    expect(setup.house.sessions.get(session)?.seeds.nonce).toBe(0);
  });
});
