import type { FastifyInstance } from 'fastify';
import type { GameSessions } from '../play/game-sessions.ts';
import { fail, sessionFor } from '../play/session-lookup.ts';
import { areaOfGame } from './lottery-areas.ts';
import { isLotteryGame } from './lottery-games.ts';

/**
 * From the lobby view of a lottery launch (ADR 069) to a draw's betting board: the platform's
 * signed launch let this player into the lottery of one area, so any draw of that area opens here
 * for the same player, language, prize mode and layout, its Back link returning to the list.
 * Only a lobby session opens others, and only games of its own area.
 */
export async function lobbyRoutes(app: FastifyInstance, deps: { sessions: GameSessions }): Promise<void> {
  app.get('/lottery/sessions/:sessionId/games/:gameCode', async (request, reply) => {
    const lobby = sessionFor(deps.sessions, request.params, reply, isLotteryGame);
    if (!lobby) return reply;
    const { gameCode } = request.params as { gameCode: string };
    if (lobby.view !== 'lobby')
      return fail(reply, 404, 'SESSION_NOT_FOUND', 'This session is not a lottery lobby', 'params.sessionId');
    if (areaOfGame(gameCode) === undefined || areaOfGame(gameCode) !== areaOfGame(lobby.gameCode))
      return fail(reply, 404, 'GAME_NOT_FOUND', 'params.gameCode: no draw of this lobby', 'params.gameCode');
    const board = deps.sessions.open({
      gameCode,
      lang: lobby.lang,
      demo: lobby.demo,
      playerId: lobby.playerId,
      prizeMode: lobby.prizeMode,
      device: lobby.device,
      view: 'betting',
      backUrl: `/game/${lobby.id}`,
    });
    return reply.redirect(`/game/${board.id}`, 303);
  });
}
