import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { biggestWins } from '../modules/games/games.store.ts';
import { members } from '../modules/identity/identity.schema.ts';
import type { Database } from '../platform/db/database.ts';

/** The regulars who play, the slot each plays and a stake that slot takes (its smallest but one). */
export const demoRegulars = [
  { username: 'koifan21', gameCode: 'lucky-koi', betMinor: 40 },
  { username: 'rizal88', gameCode: 'pharaohs-gold', betMinor: 50 },
  { username: 'mayumi07', gameCode: 'neon-fruits', betMinor: 40 },
] as const;
/**
 * Wins (more than the stake: what the board shows) each regular stops at, and the spins they give
 * up after: the slots pay about one spin in three, and fewer than that pay more than the stake.
 */
const WINS_EACH = 2;
const SPINS_EACH = 100;
/** The house games start beside the server (npm start): how long to wait for them to answer. */
const WAIT_FOR_HOUSE_MS = 120_000;
const RETRY_MS = 2_000;

export interface DemoRoundsDeps {
  db: Database;
  /** The platform's own launch of a house game for a member: the URL a lobby's frame would open. */
  launch: (memberId: bigint, gameCode: string) => Promise<{ url: string }>;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  waitForHouseMs?: number;
  now?: () => number;
}

/**
 * Trying Fortuna with demo data: a fresh start's home would show no winners (the board lists
 * settled rounds of the week, never invented ones), so when the board is empty the demo regulars
 * play a few real rounds of the house slots as a player's browser would: the platform launches the
 * game, the house games open the session and settle each spin through the vendor protocol, and
 * the rounds land in the bet records like anyone's. Nothing is played when the week has a win.
 */
export async function playDemoRounds(deps: DemoRoundsDeps): Promise<{ spins: number; wins: number }> {
  const since = new Date((deps.now ?? Date.now)() - 7 * 86_400_000);
  if ((await biggestWins(deps.db, { since, category: null, limit: 1 })).length > 0)
    return { spins: 0, wins: 0 };
  const rows = await deps.db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(
      inArray(
        members.username,
        demoRegulars.map((regular) => regular.username),
      ),
    );
  const http = deps.fetch ?? fetch;
  let spins = 0;
  let wins = 0;
  for (const regular of demoRegulars) {
    const member = rows.find((row) => row.username === regular.username);
    if (!member) continue;
    // The session's page is /game/<id>; its spins are /api/sessions/<id>/spin.
    const page = new URL(await openSession(deps, http, member.id, regular.gameCode));
    const spinUrl = new URL(`/api/sessions/${page.pathname.split('/').pop()}/spin`, page);
    let won = 0;
    for (let spin = 0; spin < SPINS_EACH && won < WINS_EACH; spin++) {
      const answer = await http(spinUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ betMinor: regular.betMinor }),
      });
      const body = (await answer.json()) as {
        success: boolean;
        message?: string;
        value?: { round: { winMinor: number } };
      };
      if (!answer.ok || !body.success)
        throw new Error(`demo round of ${regular.username}: ${body.message ?? answer.status}`);
      spins++;
      // The board shows rounds that won more than their stake (games.store.ts biggestWins).
      if ((body.value?.round.winMinor ?? 0) > regular.betMinor) won++;
    }
    wins += won;
  }
  deps.log.info({ spins, wins }, 'demo regulars played house-game rounds so home shows winners');
  return { spins, wins };
}

/** Opens the game as the lobby's frame would: the launch URL sends it on to the session's page. */
async function openSession(
  deps: DemoRoundsDeps,
  http: typeof fetch,
  memberId: bigint,
  gameCode: string,
): Promise<string> {
  const until = Date.now() + (deps.waitForHouseMs ?? WAIT_FOR_HOUSE_MS);
  for (;;) {
    try {
      // A fresh launch each try: its signature's clock window is short.
      const { url } = await deps.launch(memberId, gameCode);
      const answer = await http(url, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status === 303 && location) return new URL(location, url).href;
      throw new Error(`the launch answered ${answer.status}`);
    } catch (error) {
      if (Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/** The launch of a house game by the platform's launcher, for playDemoRounds. */
export const houseLaunchOf =
  (launcher: {
    launch(request: {
      vendorCode: string;
      memberId: bigint | null;
      gameCode: string;
      language: string;
      demo: boolean;
    }): Promise<{ url: string }>;
  }) =>
  (memberId: bigint, gameCode: string) =>
    launcher.launch({ vendorCode: HOUSE_VENDOR_CODE, memberId, gameCode, language: 'EN', demo: false });
