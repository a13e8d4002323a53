import type { ChildProcess } from 'node:child_process';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { timestampedHmacOf } from '@fortuna/signing/timestamped-hmac';
import pg from 'pg';
import { drawWindowAt, type FastGame } from '../../apps/house-games/src/lottery/draw-calendar.ts';
import { ensureDrawTables } from '../../apps/house-games/src/lottery/draw-store.ts';
import { createPlatformClient } from '../../apps/house-games/src/platform/platform-client.ts';
import { members } from '../../apps/server/src/modules/identity/identity.schema.ts';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { siteSettings } from '../../apps/server/src/modules/system/system.schema.ts';
import { newPlayerId } from '../../apps/server/src/modules/vendors/vendor-registry.ts';
import { vendorPlayers } from '../../apps/server/src/modules/vendors/vendors.schema.ts';
import { type DatabaseHandle, openPostgres } from '../../apps/server/src/platform/db/database.ts';
import { createScratchDatabase, type ScratchDatabase } from './postgres.ts';
import { startFortuna, startProcess, stopAllAndWait, waitForOk } from './processes.ts';

export const LOTTERY_BENCH_SECRET = 'bench-house-vendor-secret-0123456789';
/** A loaded machine (load 30 on 2 cores) starts the platform in more than a minute. */
const STARTUP_TIMEOUT_MS = 180_000;

/**
 * The platform and the house games (with the lottery) as two processes on 127.0.0.1, each on a
 * scratch PostgreSQL database of its own, talking the vendor protocol to each other as deployed.
 * The house games start only when `startHouse` is called, so a bench can seed the lottery's
 * tables first.
 */
export async function startLotteryPlatform(
  ports: { platform: number; house: number },
  options: { platformEnv?: Record<string, string>; platformCheckout?: string } = {},
) {
  const platformDatabase = await createScratchDatabase();
  const lotteryDatabase = await createScratchDatabase();
  const children: ChildProcess[] = [];
  const platformUrl = `http://127.0.0.1:${ports.platform}`;
  const houseUrl = `http://127.0.0.1:${ports.house}`;
  children.push(
    startFortuna(
      ports.platform,
      {
        DATABASE_URL: platformDatabase.url,
        HOUSE_VENDOR_SECRET: LOTTERY_BENCH_SECRET,
        HOUSE_GAMES_URL: houseUrl,
        ...options.platformEnv,
      },
      options.platformCheckout,
    ),
  );
  // A server that never became ready is stopped here: left running, it kept the port and answered
  // the next run's readiness check with a dropped database.
  await waitForOk(`${platformUrl}/readyz`, STARTUP_TIMEOUT_MS).catch(async (error: unknown) => {
    await stopAllAndWait(children);
    await dropQuietly(platformDatabase);
    await dropQuietly(lotteryDatabase);
    throw error;
  });
  const platform: DatabaseHandle = await openPostgres(platformDatabase.url, { maxConnections: 4 });
  const lottery = new pg.Pool({ connectionString: lotteryDatabase.url, max: 4 });
  /** Plain SQL on the platform's database, for the checks after a run. */
  const platformPool = new pg.Pool({ connectionString: platformDatabase.url, max: 2 });
  await ensureDrawTables(lottery);
  const [site] = await platform.db.select({ currencyCode: siteSettings.currencyCode }).from(siteSettings);
  if (!site) throw new Error('the server did not seed the site settings');
  const ledger = createLedgerService({ db: platform.db, currency: () => site.currencyCode });
  /** Signs like the house games: the bench's own debits are the vendor's. */
  const client = createPlatformClient({
    baseUrl: platformUrl,
    vendorCode: HOUSE_VENDOR_CODE,
    secret: LOTTERY_BENCH_SECRET,
  });

  return {
    platformUrl,
    houseUrl,
    platform,
    platformPool,
    platformDatabase,
    ledger,
    lottery,
    lotteryDatabase,
    client,
    children,

    async startHouse(env: Record<string, string> = {}): Promise<void> {
      children.push(
        startProcess('apps/house-games/src/main.ts', {
          HOUSE_PORT: String(ports.house),
          HOUSE_HOST: '127.0.0.1',
          HOUSE_VENDOR_SECRET: LOTTERY_BENCH_SECRET,
          PLATFORM_URL: platformUrl,
          LOTTERY_DATABASE_URL: lotteryDatabase.url,
          ...env,
        }),
      );
      await waitForOk(`${houseUrl}/healthz`, STARTUP_TIMEOUT_MS);
    },

    /**
     * `count` members named `<prefix>00000`…, each with a main wallet of `openingMinor` (deposits
     * from the house through the ledger service) and a player id at the house vendor.
     */
    async fundedPlayers(count: number, openingMinor: bigint, prefix = 'lotto') {
      const rows = await platform.db
        .insert(members)
        .values(
          Array.from({ length: count }, (_, n) => ({
            username: `${prefix}${String(n).padStart(5, '0')}`,
            nickname: 'bench',
          })),
        )
        .returning({ id: members.id });
      // One deposit posting per 500 members (the house's one entry against theirs): 10,000 postings
      // one by one take minutes on a loaded machine and are not what is measured.
      const house = await ledger.systemAccount('HOUSE');
      const opened = await ledger.mainAccountIdsOf(rows.map((member) => member.id));
      const accounts = rows.map((member) => opened.get(member.id) as bigint);
      for (let from = 0; from < accounts.length; from += 500) {
        const chunk = accounts.slice(from, from + 500);
        await ledger.post({
          type: 'DEPOSIT',
          reference: 'bench opening',
          actor: 'system',
          idempotencyKey: `bench-opening:${prefix}:${from}`,
          entries: [
            { accountId: house.id, amountMinor: -openingMinor * BigInt(chunk.length) },
            ...chunk.map((accountId) => ({ accountId, amountMinor: openingMinor })),
          ],
        });
      }
      const playerIds = rows.map(() => newPlayerId());
      for (let from = 0; from < rows.length; from += 1000)
        await platform.db.insert(vendorPlayers).values(
          rows.slice(from, from + 1000).map((member, n) => ({
            vendorCode: HOUSE_VENDOR_CODE,
            memberId: member.id,
            playerId: playerIds[from + n] as string,
          })),
        );
      return { playerIds, memberIds: rows.map((member) => member.id), accountIds: accounts };
    },

    /**
     * Launches `gameCode` for each player as the platform's launch adapter signs it, and answers
     * each player's house session (the last part of the launch's redirect).
     */
    async launchedSessions(playerIds: string[], gameCode: string): Promise<string[]> {
      const sessions: string[] = [];
      for (const player of playerIds) {
        const search = new URLSearchParams({
          vendor: HOUSE_VENDOR_CODE,
          lang: 'EN',
          game: gameCode,
          demo: '0',
          player,
        });
        const ts = Math.floor(Date.now() / 1000).toString();
        search.set('ts', ts);
        const unsigned = search.toString();
        const launched = await fetch(
          `${houseUrl}/play?${unsigned}&sig=${timestampedHmacOf(LOTTERY_BENCH_SECRET, ts, unsigned)}`,
          { redirect: 'manual' },
        );
        const location = launched.headers.get('location');
        if (launched.status !== 303 || !location) throw new Error(`launch refused: ${launched.status}`);
        sessions.push(location.split('/').pop() as string);
      }
      return sessions;
    },

    /**
     * The code of the game's current draw once it has at least `seconds` of betting left and no
     * earlier draw is still being settled (slips of another draw still PLACED): a phase measured
     * while the house settles thousands of slips measures the settlement's load, which has a
     * budget and a bench of its own (bench/lottery-settlement.ts).
     */
    async quietDrawWithRoom(game: FastGame, seconds: number): Promise<string> {
      for (;;) {
        const window = drawWindowAt(game, Date.now());
        const left = window.closesAt.getTime() - Date.now();
        if (left <= seconds * 1000) {
          await sleep(left + 1500);
          continue;
        }
        const { rows } = await lottery.query<{ settling: boolean }>(
          `select exists (select 1 from lottery_slips where status = 'PLACED' and draw_code <> $1) as settling`,
          [window.drawCode],
        );
        if (!rows[0]?.settling) return window.drawCode;
        await sleep(1000);
      }
    },

    async stop(): Promise<void> {
      await lottery.end();
      await platformPool.end();
      await platform.close();
      await stopAllAndWait(children);
      await dropQuietly(platformDatabase);
      await dropQuietly(lotteryDatabase);
    },
  };
}
export type LotteryPlatform = Awaited<ReturnType<typeof startLotteryPlatform>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function dropQuietly(database: ScratchDatabase): Promise<void> {
  await database.drop().catch((error: unknown) => console.error(`could not drop ${database.name}:`, error));
}
