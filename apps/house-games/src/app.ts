import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { baccaratRoutes } from './baccarat/baccarat.routes.ts';
import { type BaccaratTable, createBaccaratTable } from './baccarat/baccarat-table.ts';
import { crashRoutes } from './crash/crash.routes.ts';
import { type CrashTable, createCrashTable } from './crash/crash-table.ts';
import { fishRoutes } from './fish/fish.routes.ts';
import { type LotteryOptions, type LotteryRunner, registerLottery } from './lottery/lottery-plugin.ts';
import { createPlatformClient } from './platform/platform-client.ts';
import { createSettlementOutbox, type SettlementOutbox } from './platform/settlement-outbox.ts';
import { createGameSessions, type GameSessions } from './play/game-sessions.ts';
import { playRoutes } from './play/play.routes.ts';
import { refuseUnknownSessionsFirst } from './play/session-first.ts';
import { verifyRoutes } from './play/verify.routes.ts';
import { lobbyOriginsOf, registerSecurityHeaders } from './security-headers.ts';

export interface HouseGamesOptions {
  secret: string;
  platformUrl: string;
  /** The origins that may frame the games (the lobby's); by default from platformUrl. */
  lobbyOrigins?: readonly string[];
  vendorCode?: string;
  launchWindowSeconds?: number;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  outboxFirstDelayMs?: number;
  timeoutMs?: number;
  now?: () => number;
  logger?: boolean | { level: string };
  /** Off in tests that move the crash table by hand. */
  crashTicks?: boolean;
  /** The house lottery (ADR 040), when it has its database. */
  lottery?: LotteryOptions;
}

export interface HouseGamesApp {
  app: FastifyInstance;
  sessions: GameSessions;
  outbox: SettlementOutbox;
  table: CrashTable;
  baccarat: BaccaratTable;
  lottery?: LotteryRunner;
}

const ASSETS: Record<string, string> = {
  'money.js': 'text/javascript',
  'slot.js': 'text/javascript',
  'slot.css': 'text/css',
  'slot-dialogs.css': 'text/css',
  'crash.js': 'text/javascript',
  'crash.css': 'text/css',
  'fish.js': 'text/javascript',
  'fish.css': 'text/css',
  'baccarat.js': 'text/javascript',
  'baccarat.css': 'text/css',
  'lottery.js': 'text/javascript',
  'lottery.css': 'text/css',
};

/** The house games: serves the game pages and speaks only the vendor protocol to the platform. */
export async function buildHouseGamesApp(options: HouseGamesOptions): Promise<HouseGamesApp> {
  const app = Fastify({ logger: options.logger ?? { level: 'info' }, bodyLimit: 4096 });
  const client = createPlatformClient({
    baseUrl: options.platformUrl,
    vendorCode: options.vendorCode ?? 'FORTUNA',
    secret: options.secret,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const outbox = createSettlementOutbox({ client, log: app.log, firstDelayMs: options.outboxFirstDelayMs });
  const sessions = createGameSessions({ now: options.now });
  await registerSecurityHeaders(app, options.lobbyOrigins ?? lobbyOriginsOf(options.platformUrl));
  refuseUnknownSessionsFirst(app, sessions);
  app.addHook('onClose', async () => outbox.stop());

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const type = ASSETS[name];
    if (!type) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'No such asset' });
    const body = await readFile(new URL(`../public/${name}`, import.meta.url), 'utf8');
    return reply.type(`${type}; charset=utf-8`).header('cache-control', 'public, max-age=300').send(body);
  });
  await app.register(playRoutes, {
    sessions,
    client,
    outbox,
    secret: options.secret,
    launchWindowSeconds: options.launchWindowSeconds ?? 300,
    now: options.now,
  });
  await app.register(verifyRoutes);
  await app.register(fishRoutes, { sessions, client, outbox, now: options.now });
  const table = createCrashTable({ now: options.now });
  const baccarat = createBaccaratTable({ now: options.now });
  await app.register(baccaratRoutes, { sessions, table: baccarat, client, outbox });
  await app.register(crashRoutes, { sessions, table, client, outbox });
  if (options.crashTicks !== false) {
    // The shared crash rounds move on by themselves, watched or not.
    const ticker = setInterval(() => {
      table.tick();
      baccarat.tick();
    }, 100);
    ticker.unref();
    app.addHook('onClose', async () => clearInterval(ticker));
  }
  const lottery = options.lottery
    ? await registerLottery(app, options.lottery, { sessions, client, outbox, secret: options.secret })
    : undefined;
  return { app, sessions, outbox, table, baccarat, lottery };
}
