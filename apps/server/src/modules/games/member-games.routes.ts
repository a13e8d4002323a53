import {
  FavouriteBodySchema,
  FavouriteChangeResponseSchema,
  FavouriteIdsResponseSchema,
  FavouriteListQuerySchema,
  GameListResponseSchema,
  GamePageResponseSchema,
  GamePaths,
  LaunchBodySchema,
  LaunchResponseSchema,
  RecentGamesQuerySchema,
} from '@fortuna/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
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
  app.get(
    GamePaths.favouriteIds,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: "The node ids of the caller's favourite games (for the tiles' hearts)",
        response: { 200: FavouriteIdsResponseSchema, ...failures(401) },
      },
    },
    async (request) => ok({ nodeIds: await games.favouriteIds(callerOf(request).memberId) }),
  );

  app.get(
    GamePaths.favouriteList,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: "The caller's favourite games, newest first (page size 999)",
        querystring: FavouriteListQuerySchema,
        response: { 200: GamePageResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => ok(await games.favouriteList(callerOf(request).memberId, request.query)),
  );

  app.post(
    GamePaths.favourite,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'Makes a game a favourite of the caller; one change a second',
        body: FavouriteBodySchema,
        response: { 200: FavouriteChangeResponseSchema, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await games.addFavourite(callerOf(request), request.body)),
  );

  app.delete(
    GamePaths.favourite,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: "Removes a game from the caller's favourites; one change a second",
        querystring: FavouriteBodySchema,
        response: { 200: FavouriteChangeResponseSchema, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await games.removeFavourite(callerOf(request), request.query)),
  );

  app.get(
    GamePaths.recentGames,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'The 20 games the caller launched last, latest first',
        querystring: RecentGamesQuerySchema,
        response: { 200: GameListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => ok(await games.recent(callerOf(request).memberId, request.query.language)),
  );

  app.post(
    GamePaths.launch,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary:
          'Opens a game for real money: the URL for the game frame. A vendor in maintenance answers 503 with popular alternatives in value.alternatives',
        body: LaunchBodySchema,
        response: { 200: LaunchResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ok(await games.launchForMember(callerOf(request), request.body)),
  );

  app.post(
    GamePaths.guestLaunch,
    {
      schema: {
        tags,
        summary: 'Opens a game in free play (play money), for anyone',
        body: LaunchBodySchema,
        response: { 200: LaunchResponseSchema, ...failures(400, 403, 404, 503) },
      },
    },
    async (request) => ok(await games.launchForGuest(request.body)),
  );
};
