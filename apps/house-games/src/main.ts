// The house games' process: see README.md in this folder.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildHouseGamesApp } from './app.ts';
import { loadHouseGamesConfig } from './config.ts';
import { ensureDrawTables } from './lottery/draw-store.ts';
import { lobbyOriginsOf } from './security-headers.ts';

let config: ReturnType<typeof loadHouseGamesConfig>;
try {
  config = loadHouseGamesConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const lotteryPool = config.LOTTERY_DATABASE_URL
  ? new pg.Pool({ connectionString: config.LOTTERY_DATABASE_URL, max: config.LOTTERY_DATABASE_POOL_SIZE })
  : undefined;
// Trying Fortuna: embedded PGlite, one node (scripts/start.mjs sets the directory).
const lotteryPglite =
  !lotteryPool && config.LOTTERY_PGLITE_DIR ? await PGlite.create(config.LOTTERY_PGLITE_DIR) : undefined;
const lotteryDb = lotteryPool ?? lotteryPglite;
if (lotteryDb) await ensureDrawTables(lotteryDb);

const { app } = await buildHouseGamesApp({
  secret: config.HOUSE_VENDOR_SECRET,
  platformUrl: config.PLATFORM_URL,
  lobbyOrigins: lobbyOriginsOf(config.PLATFORM_URL, config.PUBLIC_URL),
  vendorCode: config.HOUSE_VENDOR_CODE,
  launchWindowSeconds: config.HOUSE_LAUNCH_WINDOW_SECONDS,
  logger: { level: config.LOG_LEVEL },
  ...(lotteryDb
    ? {
        lottery: {
          db: lotteryDb,
          ...(config.LOTTERY_OPERATOR_SECRET ? { operatorSecret: config.LOTTERY_OPERATOR_SECRET } : {}),
          ...(config.LOTTERY_RESULT_OPERATORS ? { resultOperators: config.LOTTERY_RESULT_OPERATORS } : {}),
          movableRegionalClock: config.LOTTERY_MOVABLE_CLOCK === 'on',
        },
      }
    : {}),
});
if (lotteryPool) app.addHook('onClose', async () => lotteryPool.end());
if (lotteryPglite) app.addHook('onClose', async () => lotteryPglite.close());

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.HOUSE_PORT, host: config.HOUSE_HOST });
app.log.info({ platform: config.PLATFORM_URL }, 'house games ready');
