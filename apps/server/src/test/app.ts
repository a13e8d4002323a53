import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { createInProcessBus } from '../platform/events.ts';
import type { CountryLookup } from '../platform/geoip.ts';

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef';

/**
 * The real app on a test database, quiet, with the ops API on and no web build unless given. It
 * asks for the development endpoints (the SMS and mail outboxes, the captcha peek) that tests read
 * codes and links from; `DEV_ENDPOINTS: 'off'` in `env` proves a call without them.
 * `jobs` starts its job queue too (off by default: it costs each app a second).
 */
export function buildTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  countryOf?: CountryLookup,
  extra: Pick<AppDependencies, 'afterAnswer' | 'jobs'> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    OPS_TOKEN: TEST_OPS_TOKEN,
    WEB_DIST_DIR: '/nonexistent',
    DEV_ENDPOINTS: 'on',
    ...env,
  });
  return buildApp({
    config,
    database,
    events: createInProcessBus(),
    logger: false,
    countryOf,
    // A posting whose balance events would be lost fails the call that made it (ADR 010).
    lostBalanceEvent: (message) => {
      throw new Error(message);
    },
    ...extra,
  });
}

export const opsHeaders = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
