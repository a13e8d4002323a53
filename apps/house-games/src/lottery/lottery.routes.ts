import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fail } from '../play/session-lookup.ts';
import { FAST_GAMES } from './draw-calendar.ts';
import { publicDraw, type Queryable, recentDraws } from './draw-store.ts';
import { drawVerifyPage } from './draw-verify-page.ts';
import { HOUSE_DRAW_FAMILIES } from './house-draws.ts';
import { houseFamilyOfGame, lotteryGameOf } from './lottery-games.ts';
import { openedNumbersPage } from './opened-numbers.ts';
import { SEA_GAMES } from './sea-calendar.ts';
import { drawNumbers, drawSeedHash } from './verifiable-draw.ts';
import { VN_GAMES, vnGameOf } from './vn-calendar.ts';

const HEX_64 = /^[0-9a-f]{64}$/;

const DrawsQuery = z.strictObject({
  game: z.string().refine((code) => houseFamilyOfGame(code) !== undefined, {
    message: `must be one of ${[...FAST_GAMES, ...SEA_GAMES].map((game) => game.code).join(', ')}`,
  }),
  limit: z.coerce.number().int('must be a whole number').min(1).max(100).default(20),
});

/** The platform pages opened numbers for the lobby (spec 7.3): 50 draws a page at most. */
export const OPENED_MAX_PAGE_SIZE = 50;

const OpenedQuery = z.strictObject({
  game: z.string().refine((code) => lotteryGameOf(code) !== undefined, {
    message: `must be one of ${[...FAST_GAMES, ...SEA_GAMES, ...VN_GAMES].map((game) => game.code).join(', ')}`,
  }),
  pageNo: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int('must be a whole number').min(1).max(OPENED_MAX_PAGE_SIZE).default(20),
});

const DrawParams = z.object({ drawCode: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a draw code') });

const VerifyQuery = z.strictObject({
  family: z.enum(HOUSE_DRAW_FAMILIES, { message: `must be one of ${HOUSE_DRAW_FAMILIES.join(', ')}` }),
  seed: z.string().regex(HEX_64, 'must be the revealed seed: 64 lower-case hex characters'),
  closingValue: z.string().regex(HEX_64, 'must be the closing value: 64 lower-case hex characters'),
});

function badInput(reply: FastifyReply, where: 'query' | 'params', issues: readonly z.core.$ZodIssue[]) {
  const issue = issues[0];
  const key = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.map(String).join('.');
  const message = issue?.code === 'unrecognized_keys' ? 'is not a field of this call' : issue?.message;
  const field = `${where}.${key ?? ''}`;
  return fail(reply, 400, 'VALIDATION_FAILED', `${field}: ${message}`, field);
}

/**
 * The public lottery calls (ADR 040): a fast game's recent draws (the open one with its seed hash,
 * drawn ones with closing value, numbers and seed), one draw, and a verify call that recomputes a
 * draw's numbers and seed hash from its seed and closing value. No login: anyone may check.
 */
export async function lotteryRoutes(
  app: FastifyInstance,
  options: { db: Queryable; now?: () => number; regionalNow?: () => number },
): Promise<void> {
  const now = options.now ?? Date.now;
  // A regional game's open draw is the one open on the regional draws' clock (ADR 071).
  const nowFor = (game: string) => new Date(vnGameOf(game) ? (options.regionalNow ?? now)() : now());
  app.get('/lottery/draws', async (request, reply) => {
    const parsed = DrawsQuery.safeParse(request.query);
    if (!parsed.success) return badInput(reply, 'query', parsed.error.issues);
    return {
      game: parsed.data.game,
      draws: await recentDraws(options.db, parsed.data.game, parsed.data.limit),
    };
  });

  // Any lottery game's settled draws with their numbers, paged, and its open draw: what the
  // platform's opened-numbers calls (spec 7.3) answer from.
  app.get('/lottery/opened', async (request, reply) => {
    const parsed = OpenedQuery.safeParse(request.query);
    if (!parsed.success) return badInput(reply, 'query', parsed.error.issues);
    const { game, pageNo, pageSize } = parsed.data;
    return {
      game,
      pageNo,
      pageSize,
      ...(await openedNumbersPage(options.db, game, pageNo, pageSize, nowFor(game))),
    };
  });

  app.get('/lottery/draws/:drawCode', async (request, reply) => {
    const parsed = DrawParams.safeParse(request.params);
    if (!parsed.success) return badInput(reply, 'params', parsed.error.issues);
    const draw = await publicDraw(options.db, parsed.data.drawCode);
    return draw ?? fail(reply, 404, 'DRAW_NOT_FOUND', 'params.drawCode: no such draw', 'params.drawCode');
  });

  app.get('/lottery/draws/:drawCode/verify', async (request, reply) => {
    const parsed = DrawParams.safeParse(request.params);
    const draw = parsed.success ? await publicDraw(options.db, parsed.data.drawCode) : undefined;
    const problem = !parsed.success
      ? 'This is not a draw code.'
      : draw
        ? undefined
        : 'There is no such draw.';
    return reply
      .status(!parsed.success ? 400 : draw ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(drawVerifyPage(draw, problem));
  });

  app.get('/lottery/verify', async (request, reply) => {
    const parsed = VerifyQuery.safeParse(request.query);
    if (!parsed.success) return badInput(reply, 'query', parsed.error.issues);
    const { family, seed, closingValue } = parsed.data;
    return {
      family,
      seedHash: drawSeedHash(seed),
      closingValue,
      numbers: drawNumbers(family, seed, closingValue),
    };
  });
}
