import { createHash, timingSafeEqual } from 'node:crypto';
import { LotteryDrawVoidSchema } from '@fortuna/contracts/ops-lottery';
import { plainText } from '@fortuna/contracts/plain-text';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, failValidation } from '../play/session-lookup.ts';
import { drawCalendar, isCalendarGame } from './draw-calendar-view.ts';
import { correctDraw, OPERATOR_REASON_MAX as REASON_MAX } from './draw-corrections.ts';
import { drawLiability } from './draw-liability.ts';
import type { Queryable } from './draw-store.ts';
import { voidDraw } from './draw-voids.ts';

const DrawParams = z.object({ drawCode: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a draw code') });

const CorrectionBody = z.strictObject({
  operator: plainText().trim().min(1, 'name the operator').max(60, 'at most 60 characters'),
  reason: plainText()
    .trim()
    .min(1, 'say why the result is corrected')
    .max(REASON_MAX, `at most ${REASON_MAX} characters`),
  numbers: z
    .array(z.number({ error: 'must be whole numbers' }).int('must be whole numbers'), {
      error: 'must be a list of numbers',
    })
    .min(1, 'must hold the corrected result')
    .max(20, 'must hold at most 20 numbers'),
});

/** Who voids (the platform's audit actor, or an operator's name) and why (ADR 076). */
const VoidBody = z.strictObject({
  operator: CorrectionBody.shape.operator,
  reason: LotteryDrawVoidSchema.shape.reason,
});

/** A calendar looks at most a week at a time: the fast draws alone make 17,000 draws a day. */
const CALENDAR_SPAN_MAX_MS = 7 * 86_400_000;
const CalendarQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
    game: z
      .string()
      .regex(/^[a-z0-9-]{1,20}$/, 'must be a lottery game code')
      .refine(isCalendarGame, 'is no lottery game')
      .optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    message: 'must be after from',
  })
  .refine(
    (query) =>
      !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= CALENDAR_SPAN_MAX_MS,
    { path: ['to'], message: 'must be at most 7 days after from' },
  );

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The lottery's operator calls (ADR 051), on the house games' side: the platform's back office
 * has no lottery screens yet, so an operator tool calls this vendor directly with the shared
 * operator secret (`LOTTERY_OPERATOR_SECRET`) as a bearer token. The token is checked on the
 * request, before the body is read; every accepted correction is recorded with who and why
 * (lottery_draw_corrections) and logged.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  deps: {
    db: Queryable;
    operatorSecret: string;
    now: () => number;
    /** The regional draws' clock (ADR 071): the calendar judges their state on it. */
    regionalNow: () => number;
    exposureCapMinor: number;
  },
): Promise<void> {
  const expected = digest(`Bearer ${deps.operatorSecret}`);
  app.addHook('onRequest', async (request, reply) => {
    const given = digest(String(request.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected))
      return fail(reply, 401, 'OPERATOR_UNAUTHORIZED', 'This call needs the lottery operator token');
  });

  /**
   * The draw calendar (ADR 069): draws closing in [from, to) — by default the last hour and the
   * next day — of one game if asked, earliest first, each with its state and slips. Reads only.
   */
  app.get('/lottery/operator/draws', async (request, reply) => {
    const query = CalendarQuery.safeParse(request.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      const field =
        issue?.code === 'unrecognized_keys'
          ? `query.${issue.keys[0]}`
          : `query.${issue?.path.map(String).join('.') || 'from'}`;
      const message = issue?.code === 'unrecognized_keys' ? 'is not a field of this call' : issue?.message;
      return fail(reply, 400, 'VALIDATION_FAILED', `${field}: ${message}`, field);
    }
    const now = deps.now();
    const from = query.data.from ? new Date(query.data.from) : new Date(now - 3_600_000);
    const to = query.data.to ? new Date(query.data.to) : new Date(from.getTime() + 86_400_000);
    if (to.getTime() - from.getTime() > CALENDAR_SPAN_MAX_MS || to <= from)
      return fail(reply, 400, 'VALIDATION_FAILED', 'query.to: must be after from, within 7 days', 'query.to');
    const draws = await drawCalendar(deps.db, {
      from,
      to,
      gameCode: query.data.game,
      now: new Date(now),
      regionalNow: new Date(deps.regionalNow()),
    });
    return { success: true, code: 'OK', value: { from: from.toISOString(), to: to.toISOString(), draws } };
  });

  /** A draw's liability: each outcome's exposure against the cap, the most exposed first. Reads only. */
  app.get('/lottery/operator/draws/:drawCode/liability', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.drawCode: must be a draw code', 'params.drawCode');
    const liability = await drawLiability(deps.db, params.data.drawCode, deps.exposureCapMinor);
    if (!liability)
      return fail(
        reply,
        404,
        'DRAW_NOT_FOUND',
        `params.drawCode: no draw ${params.data.drawCode}`,
        'params.drawCode',
      );
    return { success: true, code: 'OK', value: liability };
  });

  /** Corrects a settled draw's result: every affected slip is owed a compensating correction. */
  app.post('/lottery/operator/draws/:drawCode/correction', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.drawCode: must be a draw code', 'params.drawCode');
    const body = CorrectionBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'numbers');
    const answer = await correctDraw(deps.db, {
      drawCode: params.data.drawCode,
      ...body.data,
      now: new Date(deps.now()),
    });
    if (!answer.ok) return fail(reply, answer.status, answer.code, answer.message, answer.field);
    request.log.warn(
      { ...answer.value, operator: body.data.operator, reason: body.data.reason },
      'lottery draw result corrected by an operator',
    );
    return reply.status(201).send({ success: true, code: 'OK', value: answer.value });
  });

  /**
   * Voids a draw not drawn yet (ADR 076): it takes no more bets, is never drawn, and every live
   * slip's stake is refunded by the lottery's passes. A second void answers the first again.
   */
  app.post('/lottery/operator/draws/:drawCode/void', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.drawCode: must be a draw code', 'params.drawCode');
    const body = VoidBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'reason');
    const answer = await voidDraw(deps.db, {
      drawCode: params.data.drawCode,
      ...body.data,
      now: new Date(deps.now()),
    });
    if (!answer.ok) return fail(reply, answer.status, answer.code, answer.message, answer.field);
    request.log.warn(answer.value, 'lottery draw voided by an operator');
    return { success: true, code: 'OK', value: answer.value };
  });
}
