import { plainText } from '@fortuna/contracts/plain-text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail, failValidation } from '../play/session-lookup.ts';
import { OPERATOR_REASON_MAX } from './draw-corrections.ts';
import type { Queryable } from './draw-store.ts';
import { type ResultOperator, resultOperatorIdentifier } from './result-operators.ts';
import {
  confirmEntry,
  type EntryAnswer,
  enterCorrection,
  enterResult,
  entriesOfDraw,
  rejectEntry,
} from './vn-result-entries.ts';

const DrawParams = z.object({
  drawCode: z.string().regex(/^vn-[a-z]{1,10}-\d{8}$/, 'must be a regional draw code'),
});
const EntryParams = z.object({
  entryId: z.string().regex(/^[1-9]\d{0,8}$/, 'must be an entry id'),
});

/** The shape is checked by checkVnResult, which names the tier and number; here only the envelope. */
const EntryBody = z.strictObject({
  prizes: z.record(z.string().max(4, 'is not a prize tier'), z.unknown(), {
    error: 'must be an object of prize tiers',
  }),
});
const CorrectionBody = EntryBody.extend({
  reason: plainText()
    .trim()
    .min(1, 'say why the result is corrected')
    .max(OPERATOR_REASON_MAX, `at most ${OPERATOR_REASON_MAX} characters`),
});
const RejectBody = z.strictObject({
  note: plainText().trim().min(1, 'say what is wrong with the entry').max(300, 'at most 300 characters'),
});
const ConfirmBody = z.strictObject({}).optional();

const answer = (reply: Parameters<typeof fail>[0], result: EntryAnswer, status = 200) =>
  result.ok
    ? reply.status(status).send({ success: true, code: 'OK', value: result.value })
    : fail(reply, result.status, result.code, result.message, result.field);

/**
 * The regional results' two-operator entry (ADR 054), on the lottery's side. Each operator calls
 * with their own token; the caller's identity is taken from it before the body is read, and it
 * is the one recorded: an entry, its confirmation by another operator (the same one is refused)
 * or its rejection with a note. Each is also logged.
 */
export async function vnOperatorRoutes(
  app: FastifyInstance,
  deps: { db: Queryable; operators: readonly ResultOperator[]; now: () => number },
): Promise<void> {
  const identify = resultOperatorIdentifier(deps.operators);
  const callers = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request, reply) => {
    const operator = identify(request.headers.authorization);
    if (!operator)
      return fail(reply, 401, 'OPERATOR_UNAUTHORIZED', 'This call needs a result operator’s token');
    callers.set(request, operator);
  });
  const callerOf = (request: FastifyRequest) => callers.get(request) as string;
  const refuseDrawCode = (reply: FastifyReply) =>
    fail(reply, 400, 'VALIDATION_FAILED', 'params.drawCode: must be a regional draw code', 'params.drawCode');

  app.post('/lottery/operator/vn/draws/:drawCode/results', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success) return refuseDrawCode(reply);
    const body = EntryBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'prizes');
    const operator = callerOf(request);
    const entered = await enterResult(deps.db, {
      drawCode: params.data.drawCode,
      prizes: body.data.prizes,
      operator,
      now: new Date(deps.now()),
    });
    if (entered.ok)
      request.log.warn(
        { entryId: entered.value.entryId, drawCode: params.data.drawCode, operator },
        'regional result entered',
      );
    return answer(reply, entered, 201);
  });

  // A confirmed result found wrong (ADR 063): entered here, it takes effect on another operator's
  // confirmation (the confirm call below), as compensating entries on every settled slip.
  app.post('/lottery/operator/vn/draws/:drawCode/corrections', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success) return refuseDrawCode(reply);
    const body = CorrectionBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'prizes');
    const operator = callerOf(request);
    const entered = await enterCorrection(deps.db, {
      drawCode: params.data.drawCode,
      ...body.data,
      operator,
      now: new Date(deps.now()),
    });
    if (entered.ok)
      request.log.warn(
        {
          entryId: entered.value.entryId,
          drawCode: params.data.drawCode,
          operator,
          reason: body.data.reason,
        },
        'regional result correction entered',
      );
    return answer(reply, entered, 201);
  });

  const entryIdOf = (params: unknown) => {
    const parsed = EntryParams.safeParse(params);
    return parsed.success ? Number(parsed.data.entryId) : undefined;
  };

  app.post('/lottery/operator/vn/entries/:entryId/confirm', async (request, reply) => {
    const entryId = entryIdOf(request.params);
    if (entryId === undefined)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.entryId: must be an entry id', 'params.entryId');
    const body = ConfirmBody.safeParse(request.body ?? undefined);
    if (!body.success) return failValidation(reply, body.error.issues, 'body');
    const operator = callerOf(request);
    const confirmed = await confirmEntry(deps.db, { entryId, operator, now: new Date(deps.now()) });
    if (confirmed.ok)
      request.log.warn(
        { entryId, drawCode: confirmed.value.drawCode, enteredBy: confirmed.value.enteredBy, operator },
        confirmed.value.kind === 'CORRECTION'
          ? 'regional result correction confirmed: the settled slips are owed the differences'
          : 'regional result confirmed: the draw settles on it',
      );
    return answer(reply, confirmed);
  });

  app.post('/lottery/operator/vn/entries/:entryId/reject', async (request, reply) => {
    const entryId = entryIdOf(request.params);
    if (entryId === undefined)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.entryId: must be an entry id', 'params.entryId');
    const body = RejectBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'note');
    const operator = callerOf(request);
    const rejected = await rejectEntry(deps.db, {
      entryId,
      operator,
      note: body.data.note,
      now: new Date(deps.now()),
    });
    if (rejected.ok)
      request.log.warn({ entryId, operator, note: body.data.note }, 'regional result entry rejected');
    return answer(reply, rejected);
  });

  app.get('/lottery/operator/vn/draws/:drawCode/entries', async (request, reply) => {
    const params = DrawParams.safeParse(request.params);
    if (!params.success) return refuseDrawCode(reply);
    return {
      success: true,
      code: 'OK',
      value: { entries: await entriesOfDraw(deps.db, params.data.drawCode) },
    };
  });
}
