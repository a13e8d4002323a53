import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, failValidation } from '../play/session-lookup.ts';
import { REGIONAL_CLOCK_MAX_AHEAD_DAYS, type RegionalClock } from './regional-clock.ts';
import { type ResultOperator, resultOperatorIdentifier } from './result-operators.ts';

const DAY_MS = 86_400_000;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** `at`: an instant in UTC, or null for the wall clock again; its range is checked against the wall clock. */
const MoveBody = z.strictObject({
  at: z.union(
    [
      z
        .string()
        .max(30, { message: 'must be an ISO 8601 instant in UTC, e.g. "2027-01-01T10:00:00Z"', abort: true })
        .regex(INSTANT, {
          message: 'must be an ISO 8601 instant in UTC, e.g. "2027-01-01T10:00:00Z"',
          abort: true,
        })
        .refine((value) => new Date(value).toISOString().slice(0, 19) === value.slice(0, 19), {
          message: 'must be a real date and time',
        }),
      z.null(),
    ],
    { error: 'must be an ISO 8601 instant in UTC, or null for the wall clock' },
  ),
});

const reading = (clock: RegionalClock) => ({
  success: true,
  code: 'OK',
  value: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() },
});

/**
 * The movable regional clock's calls (ADR 071), mounted only with LOTTERY_MOVABLE_CLOCK=on, which
 * a production start refuses. A result operator's token, checked before the body is read, as for
 * their result entries; each move is logged with who made it.
 */
export async function regionalClockRoutes(
  app: FastifyInstance,
  deps: { clock: RegionalClock; operators: readonly ResultOperator[]; wallClock: () => number },
): Promise<void> {
  const identify = resultOperatorIdentifier(deps.operators);
  app.addHook('onRequest', async (request, reply) => {
    if (!identify(request.headers.authorization))
      return fail(reply, 401, 'OPERATOR_UNAUTHORIZED', 'This call needs a result operator’s token');
  });

  app.get('/lottery/trying/regional-clock', async () => reading(deps.clock));

  app.put('/lottery/trying/regional-clock', async (request, reply) => {
    const body = MoveBody.safeParse(request.body);
    if (!body.success) return failValidation(reply, body.error.issues, 'at');
    const { at } = body.data;
    const atMs = at === null ? null : Date.parse(at);
    const wall = deps.wallClock();
    // Behind the wall clock, draws closed on it would take bets again.
    if (atMs !== null && atMs < wall)
      return fail(reply, 400, 'VALIDATION_FAILED', 'body.at: must not be before the wall clock', 'body.at');
    if (atMs !== null && atMs > wall + REGIONAL_CLOCK_MAX_AHEAD_DAYS * DAY_MS)
      return fail(
        reply,
        400,
        'VALIDATION_FAILED',
        `body.at: must be at most ${REGIONAL_CLOCK_MAX_AHEAD_DAYS} days ahead of the wall clock`,
        'body.at',
      );
    deps.clock.moveTo(atMs);
    request.log.warn(
      { operator: identify(request.headers.authorization), at: at ?? 'wall clock' },
      'regional draws’ clock moved',
    );
    return reading(deps.clock);
  });
}
