import {
  GameArtParamsSchema,
  GameCalls,
  GamePaths,
  type PrizeMode,
  VendorLogoParamsSchema,
} from '@fortuna/contracts/games';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import type { VendorRegistry } from '../vendors/vendor-registry.ts';
import { etagOf, gameArtSvg, vendorLogoSvg } from './game-art.ts';
import type { GamesService } from './games.service.ts';
import type { GamesCatalogue } from './games-catalogue.ts';
import type { WinnerBoard } from './winner-board.ts';

const tags = ['games'];

/** Art never changes for a game id: kept by browsers and CDNs for a day, revalidated by ETag. */
function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = etagOf(svg);
  reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('image/svg+xml').send(svg);
}

/**
 * The lobby's reads of the catalogue (spec 7.3): open to visitors, answered from memory. The art
 * and the logos are images the lobby names in `<img>`, not calls, so they keep plain routes.
 */
export const gamesRoutes: FastifyPluginAsyncZod<{
  catalogue: GamesCatalogue;
  games: GamesService;
  winners: WinnerBoard;
  registry: VendorRegistry;
  guards: AuthGuards;
  /** The lottery prize modes the brand offers (ADR 056): the menus of any other are refused. */
  prizeModes: readonly PrizeMode[];
}> = async (app, { catalogue, games, winners, registry, guards, prizeModes }) => {
  app.route({
    ...routeOf(GameCalls.list, {
      tags,
      summary:
        'One page of games by category, vendor, group, selection (NEW, FAV, ALL, HOT, RECENT), minimum bet, lines and name; FAV and RECENT need a session',
      failures: [400, 401],
    }),
    handler: async (request, reply) => {
      const query = request.query;
      if (query.selection !== 'FAV' && query.selection !== 'RECENT') {
        return sendJson(reply, await catalogue.listAnswer(query));
      }
      await guards.member(request);
      const ids = await games.selectionIds(callerOf(request).memberId, query.selection);
      return ok(await catalogue.listOf(query, ids));
    },
  });

  app.route({
    ...routeOf(GameCalls.hot, { tags, summary: 'Hot games, most played first', failures: [400] }),
    handler: async (request, reply) => sendJson(reply, await catalogue.hotAnswer(request.query)),
  });

  app.route({
    ...routeOf(GameCalls.vendorGameTypes, {
      tags,
      summary: "A vendor's game categories with the number of listed games in each",
      failures: [400, 404],
    }),
    handler: async (request) => {
      if (!(await registry.find(request.query.vassalage))) throw new AppError('VENDOR_NOT_FOUND');
      return ok(await catalogue.vendorGameTypes(request.query.vassalage));
    },
  });

  app.route({
    ...routeOf(GameCalls.vendors, {
      tags,
      summary: 'Categories in navigation order, each with its vendors (only categories that have vendors)',
      failures: [400],
    }),
    handler: async (_request, reply) => sendJson(reply, await catalogue.vendorsAnswer()),
  });

  app.route({
    ...routeOf(GameCalls.menus, {
      tags,
      summary:
        'The lottery games keyed by game code, each with its draw family (gameGroupCode), optionally of one vendor',
      failures: [400, 404],
    }),
    handler: async (request, reply) => {
      const { vassalage, prizeMode } = request.query;
      if (prizeMode && !prizeModes.includes(prizeMode))
        throw AppError.invalidField('query.prizeMode', 'is not offered by this site');
      if (vassalage && !(await registry.find(vassalage))) throw new AppError('VENDOR_NOT_FOUND');
      return sendJson(reply, await catalogue.gameMenusAnswer(request.query));
    },
  });

  app.route({
    ...routeOf(GameCalls.winners, {
      tags,
      summary: 'The biggest wins of the last week, customer names masked',
      failures: [400],
    }),
    handler: async (request, reply) => sendJson(reply, await winners.answer(request.query)),
  });

  app.get(
    GamePaths.art,
    {
      schema: {
        tags,
        summary: "A game's artwork (SVG), drawn from its name and category",
        params: GameArtParamsSchema,
      },
    },
    async (request, reply) => {
      const game = await catalogue.byNodeId(Number.parseInt(request.params.file, 10));
      if (!game) throw new AppError('GAME_NOT_FOUND');
      return sendSvg(request, reply, gameArtSvg(game.row));
    },
  );

  app.get(
    GamePaths.vendorLogo,
    {
      schema: { tags, summary: "A vendor's logo (SVG)", params: VendorLogoParamsSchema },
    },
    async (request, reply) => {
      const vendor = await registry.find(request.params.file.replace(/\.svg$/, ''));
      if (!vendor) throw new AppError('VENDOR_NOT_FOUND');
      return sendSvg(request, reply, vendorLogoSvg(vendor.code, vendor.name));
    },
  );
};
