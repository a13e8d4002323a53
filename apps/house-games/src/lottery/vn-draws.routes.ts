import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../play/session-lookup.ts';
import { type PublicDraw, type Queryable, recentDraws } from './draw-store.ts';
import type { ResultProvenance } from './result-source.ts';
import { parsedJson } from './settle-bet.ts';
import { VN_GAMES, vnDrawWindowOf, vnGameOf } from './vn-calendar.ts';

const Query = z.strictObject({
  game: z.string().refine((code) => vnGameOf(code) !== undefined, {
    message: `must be one of ${VN_GAMES.map((game) => game.code).join(', ')}`,
  }),
  limit: z.coerce.number().int('must be a whole number').min(1).max(60).default(10),
});

export type PublicVnDraw = Omit<PublicDraw, 'seed' | 'seedHash' | 'closingValue' | 'closedTickets'> & {
  drawAt: string;
  /** Who vouches for the result, shown with it; null until the draw is settled. */
  source: ResultProvenance | null;
};

/**
 * A region's draws, newest first (ADR 054): the open one with its close and draw times, the
 * settled ones with their result and its source. As for our draws, a result is shown only once
 * its settlement has finished.
 */
export async function recentVnDraws(db: Queryable, gameCode: string, limit: number): Promise<PublicVnDraw[]> {
  const draws = await recentDraws(db, gameCode, limit);
  const settled = draws.filter((draw) => draw.state === 'SETTLED').map((draw) => draw.drawCode);
  const { rows } = await db.query<{ draw_code: string; result_source: unknown }>(
    'select draw_code, result_source from lottery_draws where draw_code = any($1)',
    [settled],
  );
  const sources = new Map(
    rows.map((row) => [row.draw_code, parsedJson<ResultProvenance | null>(row.result_source)]),
  );
  return draws.map(
    ({ seed: _seed, seedHash: _hash, closingValue: _value, closedTickets: _list, ...draw }) => ({
      ...draw,
      drawAt: (vnDrawWindowOf(draw.drawCode)?.drawAt ?? new Date(draw.closesAt)).toISOString(),
      source: sources.get(draw.drawCode) ?? null,
    }),
  );
}

/** The public regional results call: no login, as for our own draws. */
export async function vnDrawRoutes(app: FastifyInstance, deps: { db: Queryable }): Promise<void> {
  app.get('/lottery/vn/draws', async (request, reply) => {
    const parsed = Query.safeParse(request.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
      const message = issue?.code === 'unrecognized_keys' ? 'is not a field of this call' : issue?.message;
      return fail(reply, 400, 'VALIDATION_FAILED', `query.${key}: ${message}`, `query.${key}`);
    }
    return {
      game: parsed.data.game,
      draws: await recentVnDraws(deps.db, parsed.data.game, parsed.data.limit),
    };
  });
}
