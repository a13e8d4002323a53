import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { signedHeadersProblem } from '@fortuna/signing/timestamped-hmac';
import type { FastifyInstance } from 'fastify';
import { fail } from '../play/session-lookup.ts';
import type { Queryable } from './draw-store.ts';
import { withTicketsAndCorrections } from './slip-details.ts';
import { findSlip } from './ticket-store.ts';
import { ticketTextOf } from './ticket-text.ts';

/** A slip id, which is its round id at the platform (slip-desk.ts). */
const ROUND_ID = /^s[0-9a-f]{24}$/;
/** The platform's opaque player id, as on a launch. */
const PLAYER_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A language code, as on a launch. */
const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
/** As the vendor protocol's window: a captured call is no use for longer. */
const MAX_SKEW_SECONDS = 300;

/**
 * A round's tickets for the platform's betting record (ADR 072): the platform asks, signed with
 * the vendor secret over `<ts>.<path and query>`, for one round of one player; the answer is what
 * the board's my bets shows of that slip (tickets with odds, stake, payout and rebate, and the
 * corrections of its draw), each ticket also in words in `lang`, and when its draw closes. The signature is checked before anything
 * else, and a round of another player is not found, exactly as an unknown one.
 */
export async function roundTicketsRoutes(
  app: FastifyInstance,
  deps: { db: Queryable; secret: string; now?: () => number },
): Promise<void> {
  const now = deps.now ?? Date.now;
  app.get('/lottery/rounds/:roundId/tickets', async (request, reply) => {
    const problem = signedHeadersProblem(
      { timestamp: VENDOR_TIMESTAMP_HEADER, signature: VENDOR_SIGNATURE_HEADER },
      deps.secret,
      MAX_SKEW_SECONDS,
      request.headers,
      request.url,
      now(),
    );
    if (problem)
      return fail(reply, 401, 'SIGNATURE_INVALID', `The call is not signed by the platform (${problem})`);
    const { roundId } = request.params as { roundId: string };
    if (!ROUND_ID.test(roundId))
      return fail(
        reply,
        400,
        'VALIDATION_FAILED',
        'params.roundId: must be a lottery round id',
        'params.roundId',
      );
    const query = request.query as Record<string, unknown>;
    const extra = Object.keys(query).find((key) => key !== 'player' && key !== 'lang');
    if (extra)
      return fail(
        reply,
        400,
        'VALIDATION_FAILED',
        `query.${extra}: is not a field of this call`,
        `query.${extra}`,
      );
    const player = query.player;
    if (typeof player !== 'string' || !PLAYER_ID.test(player))
      return fail(reply, 400, 'VALIDATION_FAILED', 'query.player: must be a player id', 'query.player');
    const lang = query.lang ?? 'EN';
    if (typeof lang !== 'string' || !LANG.test(lang))
      return fail(reply, 400, 'VALIDATION_FAILED', 'query.lang: must be a language code', 'query.lang');
    const slip = await findSlip(deps.db, roundId);
    if (!slip || slip.playerId !== player)
      return fail(
        reply,
        404,
        'ROUND_NOT_FOUND',
        `params.roundId: the player has no round ${roundId}`,
        'params.roundId',
      );
    const [view] = await withTicketsAndCorrections(deps.db, [slip]);
    const { rows } = await deps.db.query<{ closes_at: Date | string }>(
      'select closes_at from lottery_draws where draw_code = $1',
      [slip.drawCode],
    );
    const { playerId: _player, tickets, ...round } = view as NonNullable<typeof view>;
    return {
      success: true,
      code: 'OK',
      value: {
        ...round,
        drawClosesAt: new Date(rows[0]?.closes_at ?? slip.placedAt).toISOString(),
        tickets: tickets.map((ticket) => ({ ...ticket, ...ticketTextOf(ticket, slip.gameCode, lang) })),
      },
    };
  });
}
