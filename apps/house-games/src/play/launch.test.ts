import { afterEach, describe, expect, it } from 'vitest';
import { signedLaunchQuery } from '../platform/fake-platform.test-helpers.ts';
import { houseOnFakePlatform, PLAYER } from './play.test-helpers.ts';

describe('launch', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function open(url: string) {
    const setup = await houseOnFakePlatform();
    close = () => setup.house.app.close();
    const response = await setup.house.app.inject({ method: 'GET', url });
    return { ...setup, response };
  }

  it('when the platform signed the link, then a session opens and the page shows the game', async () => {
    const { response, house, platform } = await open(
      `/play?${signedLaunchQuery({ game: 'pharaohs-gold', demo: '0', player: PLAYER })}`,
    );
    expect(response.statusCode).toBe(303);
    const page = await house.app.inject({ method: 'GET', url: String(response.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Pharaoh's Gold");
    expect(page.body).toContain('RTP 96.01%');
    expect(page.body).not.toContain('DEMO');
    expect(house.sessions.size).toBe(1);
    expect(platform.received).toEqual([]);
  });

  it('when the page is served, then it carries no server seed', async () => {
    const { response, house } = await open(`/play?${signedLaunchQuery({ game: 'lucky-koi', demo: '1' })}`);
    const sessionId = String(response.headers.location).split('/').pop() as string;
    const page = await house.app.inject({ method: 'GET', url: `/game/${sessionId}` });
    const state = (await house.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}` })).json();
    expect(page.body).toContain('DEMO');
    expect(JSON.stringify(state)).not.toMatch(/"serverSeed"/);
    expect(state.value.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when the page is served, then Spin starts disabled: slot.js (deferred) enables it once it can spin, so a click before the script ran is never swallowed', async () => {
    const { response, house } = await open(`/play?${signedLaunchQuery({ game: 'neon-fruits', demo: '1' })}`);
    const sessionId = String(response.headers.location).split('/').pop() as string;
    const page = await house.app.inject({ method: 'GET', url: `/game/${sessionId}` });
    expect(page.body).toMatch(/<button[^>]*id="spin"[^>]*\bdisabled\b[^>]*>/);
  });

  const refusals: [string, () => string, number, string][] = [
    [
      'the signature is forged',
      () => `${signedLaunchQuery({ game: 'lucky-koi', demo: '1' }, { secret: 'someone-else-secret-000' })}`,
      401,
      'LAUNCH_SIGNATURE_INVALID',
    ],
    [
      'a signed parameter was changed',
      () =>
        signedLaunchQuery({ game: 'lucky-koi', demo: '0', player: PLAYER }).replace(
          PLAYER,
          'Zk3v9QpLr2mZ8tWc5yHa1b',
        ),
      401,
      'LAUNCH_SIGNATURE_INVALID',
    ],
    [
      'the link has no signature',
      () => 'vendor=FORTUNA&game=lucky-koi&lang=EN&demo=1&ts=1',
      401,
      'LAUNCH_SIGNATURE_INVALID',
    ],
    [
      'the link is stale',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: '1' }, { now: Date.now() - 301_000 }),
      401,
      'LAUNCH_EXPIRED',
    ],
    [
      'the link is from the future',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: '1' }, { now: Date.now() + 600_000 }),
      401,
      'LAUNCH_EXPIRED',
    ],
    [
      'the game is unknown',
      () => signedLaunchQuery({ game: 'no-such-game', demo: '1' }),
      404,
      'GAME_NOT_FOUND',
    ],
    [
      'a demo carries a player',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: '1', player: PLAYER }),
      400,
      'LAUNCH_INVALID',
    ],
    [
      'a real launch has no player',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: '0' }),
      400,
      'LAUNCH_INVALID',
    ],
    [
      'demo is neither 0 nor 1',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: 'yes' }),
      400,
      'LAUNCH_INVALID',
    ],
    [
      'the vendor is another',
      () => signedLaunchQuery({ game: 'lucky-koi', demo: '1', vendor: 'JDB' }),
      400,
      'LAUNCH_INVALID',
    ],
  ];
  it.each(refusals)(
    'when %s, then the launch is refused and no session opens',
    async (_what, query, status, code) => {
      const { response, house } = await open(`/play?${query()}`);
      expect(response.statusCode).toBe(status);
      expect(response.body).toContain(code);
      expect(house.sessions.size).toBe(0);
    },
  );

  it('when a session id is unknown or malformed, then its calls answer 404', async () => {
    const { house } = await open('/healthz');
    for (const url of [
      '/game/AAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/sessions/nope',
      '/api/sessions/AAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const response = await house.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
