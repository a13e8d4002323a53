import {
  DrawLiabilityResponseSchema,
  DrawVoidResponseSchema,
  LotteryCalendarQuerySchema,
  LotteryCalendarResponseSchema,
  LotteryDrawParamsSchema,
  LotteryDrawVoidSchema,
  OpsLotteryPaths,
} from '@fortuna/contracts/ops-lottery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { LotteryOperatorSource } from './house-lottery-operator.ts';
import { voidLotteryDraw } from './lottery-draw-voids.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/**
 * The operators' lottery back office (ADR 069): the draw calendar and a draw's liability, read
 * from the lottery that runs the draws, and the void of a draw (ADR 076). Money at risk, so ADMIN
 * and FINANCE only; the reads write no audit row, the void does. Without the lottery's operator
 * token configured, 404; a lottery that does not answer, 503.
 */
export const lotteryOpsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  source: LotteryOperatorSource | null;
  operatorGuards: OperatorGuards;
}> = async (app, { db, source, operatorGuards }) => {
  app.addHook('onRequest', operatorGuards.require('ADMIN', 'FINANCE'));
  const lottery = () => {
    // A site without the token has no lottery back office (as the results calls without a
    // source): 404, nothing to retry. 503 stays for a configured lottery that does not answer.
    if (!source)
      throw new AppError('NOT_FOUND', {
        message: 'This site has no lottery back office: HOUSE_LOTTERY_OPERATOR_SECRET is not set',
      });
    return source;
  };

  app.get(
    OpsLotteryPaths.draws,
    {
      schema: {
        tags,
        security,
        summary:
          "The lottery's draw calendar: draws closing in [from, to) (default the last hour and the next day, at most 7 days), of one game if asked, earliest first, each with its state (OPEN, CLOSED, SETTLING, SETTLED), live and settled slips",
        querystring: LotteryCalendarQuerySchema,
        response: { 200: LotteryCalendarResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ok(await lottery().calendar(request.query)),
  );

  app.get(
    OpsLotteryPaths.liability,
    {
      schema: {
        tags,
        security,
        summary:
          "A draw's liability: each outcome's exposure against the per-outcome cap, the most exposed first (100 at most), with its live and settled slips",
        params: LotteryDrawParamsSchema,
        response: { 200: DrawLiabilityResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const liability = await lottery().liability(request.params.drawCode);
      if (!liability)
        throw new AppError('LOTTERY_DRAW_NOT_FOUND', {
          issues: [{ field: 'params.drawCode', message: 'the lottery has no such draw' }],
        });
      return ok(liability);
    },
  );

  app.post(
    OpsLotteryPaths.void,
    {
      schema: {
        tags,
        security,
        summary:
          'Voids a draw not drawn yet: it takes no more bets, is never drawn, and every live slip is refunded once through the protocol; a second void answers the first; a drawn draw is 409 (its result is corrected, never voided). Audited',
        params: LotteryDrawParamsSchema,
        body: LotteryDrawVoidSchema,
        response: { 200: DrawVoidResponseSchema, ...failures(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      ok(
        await voidLotteryDraw(db, lottery(), {
          drawCode: request.params.drawCode,
          operator: operatorOf(request),
          reason: request.body.reason,
        }),
      ),
  );
};
