import { MemberGameCalls } from '@fortuna/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { GamesService } from './games.service.ts';

const tags = ['games'];

/**
 * A member's own games: favourites, recent games and launches. Each reads and changes only the
 * caller's rows; a trial account may not favourite or launch (spec 4.3), a visitor only free-plays.
 */
export const memberGamesRoutes: FastifyPluginAsyncZod<{ games: GamesService; guards: AuthGuards }> = async (
  app,
  { games, guards },
) => {
  app.route({
    ...routeOf(MemberGameCalls.favouriteIds, {
      tags,
      summary: "The node ids of the caller's favourite games (for the tiles' hearts)",
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok({ nodeIds: await games.favouriteIds(callerOf(request).memberId) }),
  });

  app.route({
    ...routeOf(MemberGameCalls.favouriteList, {
      tags,
      summary: "The caller's favourite games, newest first (page size 999)",
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await games.favouriteList(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(MemberGameCalls.addFavourite, {
      tags,
      summary: 'Makes a game a favourite of the caller; one change a second',
      failures: [400, 401, 403, 404, 429],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await games.addFavourite(callerOf(request), request.body)),
  });

  app.route({
    ...routeOf(MemberGameCalls.removeFavourite, {
      tags,
      summary: "Removes a game from the caller's favourites; one change a second",
      failures: [400, 401, 403, 404, 429],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await games.removeFavourite(callerOf(request), request.query)),
  });

  app.route({
    ...routeOf(MemberGameCalls.recent, {
      tags,
      summary: 'The 20 games the caller launched last, latest first',
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await games.recent(callerOf(request).memberId, request.query.language)),
  });

  app.route({
    ...routeOf(MemberGameCalls.launch, {
      tags,
      summary:
        'Opens a game for real money: the URL for the game frame. A vendor in maintenance answers 503 with popular alternatives in value.alternatives',
      failures: [400, 401, 403, 404, 503],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await games.launchForMember(callerOf(request), request.body)),
  });

  app.route({
    ...routeOf(MemberGameCalls.guestLaunch, {
      tags,
      summary: 'Opens a game in free play (play money), for anyone',
      failures: [400, 403, 404, 503],
    }),
    handler: async (request) => ok(await games.launchForGuest(request.body)),
  });
};
