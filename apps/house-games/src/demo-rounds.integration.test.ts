import { createServer } from 'node:net';
import { GamePaths } from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseGamesApp, type HouseGamesApp } from './app.ts';

// A demo start as `npm start` runs it: the real platform with demo data and the house games
// listening side by side. The server is another workspace, loaded by URL (see platform-integration).
const server = (path: string) => import(new URL(`../../server/src/${path}`, import.meta.url).href);
const SECRET = 'integration-house-secret-0123456789';

// biome-ignore lint/suspicious/noExplicitAny: modules of another workspace, loaded by URL
type Any = any;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the demo regulars at a demo start', () => {
  let platform: FastifyInstance;
  let house: HouseGamesApp;
  let handle: Any;
  let drizzle: Any;
  let betRecords: Any;
  let members: Any;

  beforeAll(async () => {
    const { openPglite } = await server('platform/db/database.ts');
    const { buildTestApp } = await server('test/app.ts');
    ({ betRecords } = await server('modules/vendors/vendors.schema.ts'));
    ({ members } = await server('modules/identity/identity.schema.ts'));
    drizzle = await import('drizzle-orm');
    handle = await openPglite(undefined);
    await handle.migrate();
    // What a demo start seeds, but the generated catalogue of other vendors (seconds, not needed).
    const seeds = await Promise.all(
      [
        'seed.ts',
        'wallet-settings.ts',
        'house-games.ts',
        'vendors.ts',
        'demo-members.ts',
        'demo-balances.ts',
      ].map((file) => server(`seed/${file}`)),
    );
    const [site, wallet, houseGames, vendors, demoMembers, demoBalances] = seeds;
    await site.seedDemoData(handle.db);
    await wallet.seedWalletSettings(handle.db);
    await vendors.seedVendors(handle.db);
    await houseGames.seedHouseGames(handle.db);
    await demoMembers.seedDemoMembers(handle.db);
    await demoBalances.seedDemoBalances(handle.db);
    // The platform's port is known before it listens: the house games call it, it launches them.
    const platformPort = await freePort();
    house = await buildHouseGamesApp({
      secret: SECRET,
      platformUrl: `http://127.0.0.1:${platformPort}`,
      logger: false,
    });
    await house.app.listen({ port: 0, host: '127.0.0.1' });
    const housePort = (house.app.server.address() as { port: number }).port;
    platform = await buildTestApp(handle, {
      DEMO_DATA: 'on',
      HOUSE_VENDOR_SECRET: SECRET,
      HOUSE_GAMES_URL: `http://127.0.0.1:${housePort}`,
    });
    await platform.listen({ port: platformPort, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await house?.app.close();
    await handle?.close();
  });

  const roundsOf = async (username: string) =>
    handle.db
      .select({
        stakeMinor: betRecords.stakeMinor,
        payoutMinor: betRecords.payoutMinor,
        status: betRecords.status,
      })
      .from(betRecords)
      .innerJoin(members, drizzle.eq(members.id, betRecords.memberId))
      .where(drizzle.eq(members.username, username));

  it('when the platform starts with demo data and the week has no win, then the regulars play real house-slot rounds and home’s winner board shows them', async () => {
    const { demoRegulars } = await server('seed/demo-rounds.ts');
    // Each regular plays until two wins above the stake: the last one's wins mean the run is over.
    await expect
      .poll(
        async () =>
          (await roundsOf('mayumi07')).filter((round: Any) => round.payoutMinor > round.stakeMinor).length,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(2);
    const { testLedger } = await server('modules/ledger/ledger.test-helpers.ts');
    const ledger = testLedger(handle.db);
    for (const regular of demoRegulars) {
      const rounds = await roundsOf(regular.username);
      expect(rounds.length).toBeGreaterThan(0);
      for (const round of rounds) {
        expect(round).toMatchObject({ status: 'SETTLED', stakeMinor: BigInt(regular.betMinor) });
      }
      // Their money moved through the ledger by exactly the rounds: opening − stakes + payouts.
      const [member] = await handle.db
        .select({ id: members.id })
        .from(members)
        .where(drizzle.eq(members.username, regular.username));
      const wallet = await ledger.mainAccountOf(member.id);
      const net = rounds.reduce((sum: bigint, round: Any) => sum - round.stakeMinor + round.payoutMinor, 0n);
      expect(await ledger.balanceOf(wallet.id)).toBe(200_000n + net);
    }
    const board = await platform.inject({ method: 'GET', url: `${GamePaths.winners}?language=EN` });
    const names = board.json().value.map((winner: { customerName: string }) => winner.customerName);
    expect(new Set(names)).toEqual(new Set(['ko***1', 'ri***8', 'ma***7']));
  });

  it('when the week already has a win, then a start plays nothing', async () => {
    const { playDemoRounds } = await server('seed/demo-rounds.ts');
    const before = (await roundsOf('koifan21')).length;
    const played = await playDemoRounds({
      db: handle.db,
      launch: () => Promise.reject(new Error('nothing should be launched')),
      log: platform.log,
    });
    expect(played).toEqual({ spins: 0, wins: 0 });
    expect((await roundsOf('koifan21')).length).toBe(before);
  });

  it('when the house games never answer, then the regulars give up with the cause and no round is written', async () => {
    const { playDemoRounds } = await server('seed/demo-rounds.ts');
    const closedPort = await freePort();
    const before = (await roundsOf('koifan21')).length;
    await expect(
      playDemoRounds({
        db: handle.db,
        launch: async () => ({ url: `http://127.0.0.1:${closedPort}/play` }),
        log: platform.log,
        waitForHouseMs: 0,
        // A month later: the week's board is empty again, so the regulars would play.
        now: () => Date.now() + 30 * 86_400_000,
      }),
    ).rejects.toThrow(/fetch failed/);
    expect((await roundsOf('koifan21')).length).toBe(before);
  });
});
