import type { FastifyInstance } from 'fastify';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSessions } from '../play/game-sessions.ts';
import { boardRoutes } from './board.routes.ts';
import { type CorrectionSender, createCorrectionSender } from './draw-corrections.ts';
import { createDrawRunner, type DrawRunner } from './draw-runner.ts';
import { createDrawSettler, type DrawSettler } from './draw-settler.ts';
import type { Queryable } from './draw-store.ts';
import { createVoidRefunder, type VoidRefunder } from './draw-voids.ts';
import { lobbyRoutes } from './lobby.routes.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { operatorRoutes } from './operator.routes.ts';
import type { PrizeMode } from './prize-modes.ts';
import { regionalClockRoutes } from './regional-clock.routes.ts';
import { createRegionalClock } from './regional-clock.ts';
import type { ResultOperator } from './result-operators.ts';
import { roundTicketsRoutes } from './round-tickets.routes.ts';
import { slipRoutes } from './slip.routes.ts';
import { createSlipDesk } from './slip-desk.ts';
import { vnDrawRoutes } from './vn-draws.routes.ts';
import { vnOperatorRoutes } from './vn-operator.routes.ts';

export interface LotteryOptions {
  db: Queryable;
  now?: () => number;
  /** Off in tests that tick the calendar by hand. */
  ticks?: boolean;
  /** The brand's prize mode (ADR 040): the odds every ticket snapshots. */
  prizeMode?: PrizeMode;
  /** The most the house may have to pay on one outcome of one draw, in minor units. */
  exposureCapMinor?: number;
  /** The bearer token of the lottery's operator calls (ADR 051); without it there are none. */
  operatorSecret?: string;
  /** Who enters and confirms regional results, each with their own token (ADR 054); without them, nobody. */
  resultOperators?: readonly ResultOperator[];
  /**
   * LOTTERY_MOVABLE_CLOCK=on, never in production (ADR 071): the result operators may move the
   * regional draws' clock ahead, so a result can be entered and paid without waiting for the day's draw.
   */
  movableRegionalClock?: boolean;
}

/**
 * The calendar (opening and drawing), the settlement of drawn draws, the sending of owed
 * corrections and the refunds of void draws, one pass of each.
 */
export type LotteryRunner = DrawRunner &
  Pick<DrawSettler, 'settle'> & {
    sendCorrections: CorrectionSender['send'];
    refundVoided: VoidRefunder['refund'];
  };

/** 50,000.00 on one outcome of one draw unless the brand configures otherwise. */
export const DEFAULT_EXPOSURE_CAP_MINOR = 5_000_000;

/** What the lottery shares with the other house games: the launch sessions and the protocol. */
export interface LotteryShared {
  sessions: GameSessions;
  client: PlatformClient;
  outbox: SettlementOutbox;
  /** The vendor secret: it signs the platform's calls for a round's tickets (ADR 072) as the launches. */
  secret: string;
}

/** How often the calendar looks for draws to open and to draw: well inside the shortest window. */
const TICK_MS = 1000;

/** The house lottery inside the house games' process (ADR 040): its public calls and its calendar. */
export async function registerLottery(
  app: FastifyInstance,
  options: LotteryOptions,
  shared: LotteryShared,
): Promise<LotteryRunner> {
  const wallClock = options.now ?? Date.now;
  const exposureCapMinor = options.exposureCapMinor ?? DEFAULT_EXPOSURE_CAP_MINOR;
  const regionalClock = createRegionalClock(wallClock);
  const regionalNow = regionalClock.now;
  const draws = createDrawRunner({ db: options.db, now: options.now, regionalNow });
  const settler = createDrawSettler({
    db: options.db,
    client: shared.client,
    now: options.now,
    log: app.log,
  });
  const corrections = createCorrectionSender({
    db: options.db,
    client: shared.client,
    now: options.now,
    log: app.log,
  });
  const voids = createVoidRefunder({
    db: options.db,
    client: shared.client,
    now: options.now,
    log: app.log,
  });
  const runner: LotteryRunner = {
    tick: draws.tick,
    settle: settler.settle,
    sendCorrections: corrections.send,
    refundVoided: voids.refund,
  };
  await app.register(lotteryRoutes, { db: options.db, now: wallClock, regionalNow });
  await app.register(vnDrawRoutes, { db: options.db });
  const desk = createSlipDesk({
    db: options.db,
    ...shared,
    now: wallClock,
    regionalNow,
    prizeMode: options.prizeMode ?? 'LOTT',
    exposureCapMinor,
  });
  await app.register(slipRoutes, { sessions: shared.sessions, desk, db: options.db });
  await app.register(lobbyRoutes, { sessions: shared.sessions });
  // Signatures are checked on the real clock, as launches are, never the calendar's.
  await app.register(roundTicketsRoutes, { db: options.db, secret: shared.secret });
  await app.register(boardRoutes, {
    sessions: shared.sessions,
    prizeMode: options.prizeMode ?? 'LOTT',
    exposureCapMinor,
  });
  if (options.operatorSecret)
    await app.register(operatorRoutes, {
      db: options.db,
      operatorSecret: options.operatorSecret,
      now: options.now ?? Date.now,
      regionalNow,
      exposureCapMinor,
    });
  if (options.resultOperators && options.resultOperators.length >= 2)
    await app.register(vnOperatorRoutes, {
      db: options.db,
      operators: options.resultOperators,
      now: regionalNow,
    });
  if (options.movableRegionalClock && options.resultOperators && options.resultOperators.length >= 2)
    await app.register(regionalClockRoutes, {
      clock: regionalClock,
      operators: options.resultOperators,
      wallClock,
    });
  if (options.ticks !== false) {
    let running = false;
    const timer = setInterval(async () => {
      // One pass at a time: a slow database must not stack passes up.
      if (running) return;
      running = true;
      try {
        await runner.tick();
        await runner.settle();
        await runner.sendCorrections();
        await runner.refundVoided();
      } catch (error) {
        app.log.error({ err: error }, 'lottery calendar pass failed; the next pass retries');
      } finally {
        running = false;
      }
    }, TICK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return runner;
}
