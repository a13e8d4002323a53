import { createHash, timingSafeEqual } from 'node:crypto';
import { plainText } from '@fortuna/contracts/plain-text';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, failValidation } from '../play/session-lookup.ts';
import { correctDraw } from './draw-corrections.ts';
import type { Queryable } from './draw-store.ts';

/** Room in the protocol's 200-character reason for "Draw <code> result corrected: ". */
const REASON_MAX = 140;

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
  deps: { db: Queryable; operatorSecret: string; now: () => number },
): Promise<void> {
  const expected = digest(`Bearer ${deps.operatorSecret}`);
  app.addHook('onRequest', async (request, reply) => {
    const given = digest(String(request.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected))
      return fail(reply, 401, 'OPERATOR_UNAUTHORIZED', 'This call needs the lottery operator token');
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
}
