import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSessions } from '../play/game-sessions.ts';
import { fail, failValidation, sessionFor } from '../play/session-lookup.ts';
import { playSessionRound } from '../play/session-round.ts';
import { FISH_BETS_MINOR, FISH_GAME_CODE, FISH_SPECIES, fishSpeciesOf, shoot } from './fish-species.ts';

const ShotBody = z.strictObject({
  betMinor: z
    .number({ error: 'must be a number of minor units' })
    .refine(
      (bet) => (FISH_BETS_MINOR as readonly number[]).includes(bet),
      `must be one of ${FISH_BETS_MINOR.join(', ')}`,
    ),
  species: z
    .string({ error: 'must be a fish species id' })
    .refine(
      (id) => fishSpeciesOf(id) !== undefined,
      `must be one of ${FISH_SPECIES.map((fish) => fish.id).join(', ')}`,
    ),
});

/**
 * The fishing shooter: every shot is its own round (bet per shot), aimed at a species. Where the
 * fish swim is the page's business; what a shot catches is decided here, from the session's seeds.
 */
export async function fishRoutes(
  app: FastifyInstance,
  deps: { sessions: GameSessions; client: PlatformClient; outbox: SettlementOutbox; now?: () => number },
): Promise<void> {
  const now = deps.now ?? Date.now;
  app.post('/api/fish/:sessionId/shot', async (request, reply) => {
    const session = sessionFor(deps.sessions, request.params, reply, FISH_GAME_CODE);
    if (!session) return reply;
    const body = ShotBody.safeParse(request.body ?? {});
    if (!body.success) return failValidation(reply, body.error.issues, 'betMinor');
    const species = fishSpeciesOf(body.data.species);
    if (!species) return reply;
    const answer = await playSessionRound({ ...deps, now }, session, body.data.betMinor, (rng) =>
      shoot(rng, species, body.data.betMinor),
    );
    if (!answer.ok) return fail(reply, answer.status, answer.code, answer.message);
    return { success: true, value: answer.value };
  });
}
