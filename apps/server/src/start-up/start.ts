import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { sealTotpSecretsAtStart, TotpSecretsUnreadable } from '../modules/operators/totp-secrets.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db/database.ts';
import { createEventBus, type EventBus } from '../platform/events.ts';
import { openCountryLookup } from '../platform/geoip.ts';
import { createRateCounter, type RateCounter } from '../platform/rate-limit.ts';
import { redisSpaceOf } from '../platform/redis.ts';
import { demoAccountsIn } from '../seed/demo-accounts.ts';
import { seedOnStart } from '../seed/seed-on-start.ts';
import { operatorSecretsKeyring } from './operator-secrets-keyring.ts';
import { isProduction, StartRefused, unsafeProductionSettings } from './production-refusals.ts';
import { runModeLine } from './run-mode.ts';
import { askWhetherSandbox } from './sandbox-gateway.ts';

export interface StartedFortuna {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  events: EventBus;
  counter: RateCounter;
}

/**
 * Everything main.ts does before listening: configuration, the production refusals, database,
 * migrations, seeding for the mode, the app. Throws ConfigError or StartRefused (nothing left
 * open) with a message naming the cause.
 */
export async function startFortuna(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: boolean } = {},
): Promise<StartedFortuna> {
  const config = loadConfig(env);
  const unsafe = unsafeProductionSettings(config);
  if (unsafe.length > 0) throw new StartRefused(unsafe);
  const gatewayIsSandbox =
    isProduction(config) && config.PAYMENT_GATEWAY_URL
      ? await askWhetherSandbox(config.PAYMENT_GATEWAY_URL)
      : false;
  if (gatewayIsSandbox === true)
    throw new StartRefused([
      `PAYMENT_GATEWAY_URL (${config.PAYMENT_GATEWAY_URL}) is the sandbox payment gateway, whose Pay button credits deposits nobody paid`,
    ]);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    maxConnections: config.DATABASE_POOL_SIZE,
  });
  const opened: { close(): Promise<void> }[] = [database];
  try {
    await database.migrate();
    if (isProduction(config)) {
      const leftovers = await demoAccountsIn(database.db);
      if (leftovers.length > 0)
        throw new StartRefused([
          `demo accounts with published passwords are in the database (${leftovers.join(', ')}): production starts on a database that never held the demo data`,
        ]);
    }
    const operatorSecrets = operatorSecretsKeyring(config);
    await seedOnStart(database.db, { demoData: config.DEMO_DATA === 'on', operatorSecrets });
    // Seals what is still in the clear and re-seals under the current key; a key that does not
    // open the stored secrets stops the start here, not at an operator's login (ADR 027).
    const secrets = await sealTotpSecretsAtStart(database.db, operatorSecrets).catch((error: unknown) => {
      throw error instanceof TotpSecretsUnreadable ? new ConfigError(error.message) : error;
    });
    const redis = redisSpaceOf(config);
    const events = await createEventBus(redis);
    opened.push(events);
    const counter = await createRateCounter(redis);
    opened.push(counter);
    const app = await buildApp({
      config,
      database,
      events,
      counter,
      countryOf: await openCountryLookup(config.GEOIP_DATABASE),
      logger: options.logger,
      // The job queue starts with the server (JOB_WORKERS says whether this node runs jobs).
      jobs: true,
    });
    app.log.info(runModeLine(config));
    if (secrets.sealed + secrets.resealed > 0)
      app.log.info(secrets, "operators' authenticator secrets sealed with the current OPERATOR_SECRETS_KEY");
    if (gatewayIsSandbox === 'unknown')
      app.log.warn(
        { gatewayUrl: config.PAYMENT_GATEWAY_URL },
        'the payment gateway did not say whether it is a sandbox (no answer at /healthz)',
      );
    if (database.driver === 'pglite')
      app.log.warn(
        { dataDir: config.PGLITE_DIR },
        'PGlite is for trying Fortuna and development: it never fsyncs; run real money on PostgreSQL (set DATABASE_URL)',
      );
    return { app, config, database, events, counter };
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
    throw error;
  }
}
