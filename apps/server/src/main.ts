import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { createEventBus } from './platform/events.ts';
import { openCountryLookup } from './platform/geoip.ts';
import { createRateCounter } from './platform/rate-limit.ts';
import { seedDemoBalances } from './seed/demo-balances.ts';
import { seedDemoContent } from './seed/demo-content.ts';
import { seedDemoMembers } from './seed/demo-members.ts';
import { seedDemoOperators } from './seed/demo-operators.ts';
import { seedDepositChannels } from './seed/deposit-channels.ts';
import { seedGames } from './seed/games.ts';
import { seedDemoData } from './seed/seed.ts';
import { seedVendors } from './seed/vendors.ts';
import { seedDemoLine, seedWalletSettings } from './seed/wallet-settings.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: config.PGLITE_DIR,
  maxConnections: config.DATABASE_POOL_SIZE,
});
await database.migrate();
await seedDemoData(database.db);
await seedDemoMembers(database.db);
await seedDemoBalances(database.db);
await seedDemoOperators(database.db);
await seedDepositChannels(database.db);
await seedWalletSettings(database.db);
await seedDemoLine(database.db);
await seedDemoContent(database.db);
await seedVendors(database.db);
await seedGames(database.db);
const events = await createEventBus(config.REDIS_URL);
const counter = await createRateCounter(config.REDIS_URL);
const app = await buildApp({
  config,
  database,
  events,
  counter,
  countryOf: await openCountryLookup(config.GEOIP_DATABASE),
});

if (database.driver === 'pglite') {
  app.log.warn(
    { dataDir: config.PGLITE_DIR },
    'PGlite is for trying Fortuna and development: it never fsyncs; run real money on PostgreSQL (set DATABASE_URL)',
  );
}

let stopping = false;
/** Stops taking connections, lets in-flight requests finish, then closes the database. */
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await app.close();
    await events.close();
    await counter.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
