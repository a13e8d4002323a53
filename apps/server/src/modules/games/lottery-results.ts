import { text } from '@fortuna/contracts/input-guard';
import { OpenedNumbersSchema } from '@fortuna/contracts/lottery-results';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/** One page of a lottery game's settled draws and its open draw, as a vendor answers it. */
export type OpenedPage = Omit<z.infer<typeof OpenedNumbersSchema>, 'vassalage' | 'gameCode'>;

/** Where a vendor's lottery results are read (spec 7.3 opened numbers): one per vendor that has any. */
export interface LotteryResultSource {
  opened(gameCode: string, pageNo: number, pageSize: number): Promise<OpenedPage>;
}

const HouseOpenedSchema = OpenedNumbersSchema.omit({ vassalage: true, gameCode: true }).extend({
  game: text(),
});

/**
 * The house lottery's results (ADR 063): its public `GET /lottery/opened`, the same data its own
 * board and verify page read, so the platform never holds a copy that could disagree. A game
 * the lottery does not run (its 400 on `query.game`) is not found; anything else that is not a
 * well-formed answer in time is unavailable, never a guess.
 */
export function createHouseLotteryResults(deps: {
  baseUrl: string;
  timeoutMs?: number;
}): LotteryResultSource {
  const base = deps.baseUrl.replace(/\/$/, '');
  return {
    async opened(gameCode, pageNo, pageSize) {
      const query = new URLSearchParams({
        game: gameCode,
        pageNo: String(pageNo),
        pageSize: String(pageSize),
      });
      let answer: Response;
      try {
        answer = await fetch(`${base}/lottery/opened?${query}`, {
          signal: AbortSignal.timeout(deps.timeoutMs ?? 5_000),
        });
      } catch (error) {
        throw new AppError('LOTTERY_RESULTS_UNAVAILABLE', {
          message: `The lottery's results cannot be reached: ${(error as Error).message}`,
        });
      }
      const body: unknown = await answer.json().catch(() => undefined);
      if (answer.status === 400 && (body as { field?: unknown } | undefined)?.field === 'query.game') {
        throw new AppError('LOTTERY_RESULTS_NOT_FOUND', {
          issues: [{ field: 'query.gameCode', message: 'the lottery runs no such game' }],
        });
      }
      const parsed = answer.ok ? HouseOpenedSchema.safeParse(body) : undefined;
      if (!parsed?.success)
        throw new AppError('LOTTERY_RESULTS_UNAVAILABLE', {
          message: `The lottery's results answered HTTP ${answer.status} without a page of draws`,
        });
      const { game: _game, ...page } = parsed.data;
      return page;
    },
  };
}
