import type { FastifyInstance } from 'fastify';
import { createDrawRunner, type DrawRunner } from './draw-runner.ts';
import type { Queryable } from './draw-store.ts';
import { lotteryRoutes } from './lottery.routes.ts';

export interface LotteryOptions {
  db: Queryable;
  now?: () => number;
  /** Off in tests that tick the calendar by hand. */
  ticks?: boolean;
}

/** How often the calendar looks for draws to open and to draw: well inside the shortest window. */
const TICK_MS = 1000;

/** The house lottery inside the house games' process (ADR 040): its public calls and its calendar. */
export async function registerLottery(app: FastifyInstance, options: LotteryOptions): Promise<DrawRunner> {
  const runner = createDrawRunner({ db: options.db, now: options.now });
  await app.register(lotteryRoutes, { db: options.db });
  if (options.ticks !== false) {
    let running = false;
    const timer = setInterval(async () => {
      // One pass at a time: a slow database must not stack passes up.
      if (running) return;
      running = true;
      try {
        await runner.tick();
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
