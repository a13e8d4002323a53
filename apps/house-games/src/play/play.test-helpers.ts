import { buildHouseGamesApp } from '../app.ts';
import {
  createFakePlatform,
  FAKE_SECRET,
  type FakePlatform,
  signedLaunchQuery,
} from '../platform/fake-platform.test-helpers.ts';

export const PLAYER = 'Xk3v9QpLr2mZ8tWc5yHa1b';

/** The house games' options on a fake platform: its secret and fetch, retries without waiting. */
export const onFakePlatform = (platform: FakePlatform) => ({
  secret: FAKE_SECRET,
  platformUrl: 'http://platform.test',
  fetch: platform.fetch,
  retryDelaysMs: [0, 0, 0],
  outboxFirstDelayMs: 5,
  logger: false,
});

/** The house games on a fake platform, retries without waiting. */
export async function houseOnFakePlatform(balance = 100_000n) {
  const platform = createFakePlatform({ balances: { [PLAYER]: balance } });
  const house = await buildHouseGamesApp(onFakePlatform(platform));
  /** Launches a game as the platform would and returns the session id. */
  const launch = async (params: Record<string, string> = {}) => {
    const query = signedLaunchQuery({ game: 'lucky-koi', demo: '0', player: PLAYER, ...params });
    const response = await house.app.inject({ method: 'GET', url: `/play?${query}` });
    if (response.statusCode !== 303)
      throw new Error(`launch refused: ${response.statusCode} ${response.body}`);
    return String(response.headers.location).split('/').pop() as string;
  };
  /** Launches the demo (no player) and returns the session id. */
  const launchDemo = async (game = 'lucky-koi') => {
    const response = await house.app.inject({
      method: 'GET',
      url: `/play?${signedLaunchQuery({ game, demo: '1' })}`,
    });
    return String(response.headers.location).split('/').pop() as string;
  };
  const spin = async (sessionId: string, betMinor: unknown = 20) => {
    const response = await house.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/spin`,
      payload: { betMinor },
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { platform, house, launch, launchDemo, spin };
}
