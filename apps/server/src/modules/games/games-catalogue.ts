import {
  GAME_CATEGORIES,
  type GameCategory,
  type GameItem,
  type GameListQuerySchema,
  type GameMenusQuerySchema,
  type GamePage,
  type GameSort,
  type GameVendors,
  type HotGamesQuerySchema,
  LINES_FILTER,
  MIN_BET_FILTER_MINOR,
  type PrizeMode,
  vendorLogoPath,
} from '@fortuna/contracts/games';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { ok } from '../../platform/reply.ts';
import { gamesInOrder, launchableLed } from './game-order.ts';
import { byPopularity, type CatalogueGame, catalogueGameOf, gameItemOf, gameMenusOf } from './game-views.ts';
import { readCatalogue, readGameCategories } from './games.store.ts';

type GameListQuery = z.output<typeof GameListQuerySchema>;
type HotGamesQuery = z.output<typeof HotGamesQuerySchema>;
type GameMenusQuery = z.output<typeof GameMenusQuerySchema>;

interface Snapshot {
  games: CatalogueGame[];
  byNode: Map<number, CatalogueGame>;
  byGameId: Map<bigint, CatalogueGame>;
  /** Vendor code → game code → category, over every game (hidden ones too). */
  categories: Map<string, Map<string, GameCategory>>;
  /** The games in each order asked so far (key: the sort, and the language for NAME). */
  orders: Map<string, CatalogueGame[]>;
}

interface LotteryFilter {
  vassalage?: string | undefined;
  prizeMode?: PrizeMode | undefined;
  group?: string | undefined;
  gameCode?: string | undefined;
}

const lotteryGamesOf = (loaded: Snapshot, filter: LotteryFilter) =>
  loaded.games.filter(
    (game) =>
      game.gameType === 'LOTT' &&
      (!filter.vassalage || game.vassalage === filter.vassalage) &&
      (!filter.group || game.row.gameGroupCode === filter.group) &&
      (!filter.gameCode || game.row.gameCode === filter.gameCode) &&
      (!filter.prizeMode || (game.row.prizeModes ?? []).includes(filter.prizeMode)),
  );

/** Encoded answers kept per snapshot; past this many distinct queries they are dropped and rebuilt. */
const MAX_CACHED_ANSWERS = 5000;

/**
 * The listed catalogue, held per node: every game list, hot list and vendor menu is answered
 * from memory (the lobby's busiest calls, spec 7.3). The snapshot is read again when a game or a
 * vendor changes (on this node at once, on the others through the event bus) and every minute as
 * a safety net; answers that depend only on the query are kept as encoded JSON until then.
 */
export function createGamesCatalogue(deps: { db: Database; isConnected: (vendorCode: string) => boolean }) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  const answers = new Map<string, Buffer>();

  async function load(): Promise<Snapshot> {
    const games = (await readCatalogue(deps.db)).map((row) =>
      catalogueGameOf(row, deps.isConnected(row.vassalage)),
    );
    const categories = new Map<string, Map<string, GameCategory>>();
    for (const { vendorCode, gameCode, category } of await readGameCategories(deps.db)) {
      const ofVendor = categories.get(vendorCode) ?? new Map<string, GameCategory>();
      categories.set(vendorCode, ofVendor);
      ofVendor.set(gameCode, category);
    }
    return {
      games,
      byNode: new Map(games.map((game) => [game.nodeId, game])),
      byGameId: new Map(games.map((game) => [game.gameId, game])),
      categories,
      orders: new Map(),
    };
  }

  function inOrder(loaded: Snapshot, sort: GameSort | undefined, language: string): CatalogueGame[] {
    const key = sort === 'NAME' ? `NAME|${language}` : (sort ?? '');
    let games = loaded.orders.get(key);
    if (!games) {
      games = gamesInOrder(loaded.games, sort, language);
      loaded.orders.set(key, games);
    }
    return games;
  }

  function refresh(): Promise<Snapshot> {
    loading ??= load()
      .then((loaded) => {
        snapshot = loaded;
        answers.clear();
        return loaded;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  const current = (): Promise<Snapshot> => (snapshot ? Promise.resolve(snapshot) : refresh());

  async function cached(key: string, build: (loaded: Snapshot) => unknown): Promise<Buffer> {
    const loaded = await current();
    let answer = answers.get(key);
    if (!answer) {
      if (answers.size >= MAX_CACHED_ANSWERS) answers.clear();
      answer = Buffer.from(JSON.stringify(ok(build(loaded))));
      answers.set(key, answer);
    }
    return answer;
  }

  /** One page of the games that pass the query's filters; `only` (favourites, recent) keeps its order. */
  function pageOf(loaded: Snapshot, query: GameListQuery, only?: bigint[]): GamePage {
    const search = query.search?.toLowerCase();
    // Hot games without a sort are the most played first, as the hot row.
    const sort = query.selection === 'HOT' ? (query.sort ?? 'POPULAR') : query.sort;
    const source = only
      ? only.flatMap((id) => loaded.byGameId.get(id) ?? [])
      : inOrder(loaded, sort, query.language);
    const matching = source.filter(
      (game) =>
        (query.selection !== 'HOT' || game.isHot) &&
        (!query.launchable || game.launchable) &&
        (!query.gameType || game.gameType === query.gameType) &&
        (!query.vassalage || game.vassalage === query.vassalage) &&
        (!query.group || game.group === query.group) &&
        (query.selection !== 'NEW' || game.isNew) &&
        (!query.minBetOne || game.minBetMinor >= BigInt(MIN_BET_FILTER_MINOR)) &&
        (!query.lines25 || game.lines >= LINES_FILTER) &&
        (!search || game.searchText.includes(search)),
    );
    const start = (query.pageNo - 1) * query.pageSize;
    return {
      content: matching.slice(start, start + query.pageSize).map((game) => gameItemOf(game, query.language)),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      totalElements: matching.length,
      totalPages: Math.ceil(matching.length / query.pageSize),
    };
  }

  return {
    refresh,

    /** A game list over the whole catalogue (selections ALL, NEW, HOT), as encoded JSON. */
    listAnswer(query: GameListQuery): Promise<Buffer> {
      const key = `l|${query.gameType ?? ''}|${query.vassalage ?? ''}|${query.selection}|${query.group ?? ''}|${query.minBetOne}|${query.lines25}|${query.sort ?? ''}|${query.launchable}|${query.search?.toLowerCase() ?? ''}|${query.pageNo}|${query.pageSize}|${query.language}`;
      return cached(key, (loaded) => pageOf(loaded, query));
    },

    /** A game list over the member's own games (favourites, recent), in the order given. */
    async listOf(query: GameListQuery, gameIds: bigint[]): Promise<GamePage> {
      return pageOf(await current(), query, gameIds);
    },

    /** Hot games, launchable ones first, most played first; none when not one can be launched. */
    hotAnswer(query: HotGamesQuery): Promise<Buffer> {
      return cached(`h|${query.gameType ?? ''}|${query.limit}|${query.language}`, (loaded) =>
        launchableLed(
          inOrder(loaded, 'POPULAR', query.language)
            .filter((game) => game.isHot && (!query.gameType || game.gameType === query.gameType))
            .slice(0, query.limit),
        ).map((game) => gameItemOf(game, query.language)),
      );
    },

    /**
     * The lottery games' menus (spec 7.3 game_menus) in list order, as encoded JSON; with a draw
     * family (`group`), only its games: the Vietnam menu (game_menu) is the VN family's.
     */
    gameMenusAnswer(query: GameMenusQuery, group?: string): Promise<Buffer> {
      return cached(
        `m|${query.vassalage ?? ''}|${query.prizeMode ?? ''}|${group ?? ''}|${query.language}`,
        (loaded) => gameMenusOf(lotteryGamesOf(loaded, { ...query, group }), query.language),
      );
    },

    /** The listed lottery games in list order, of one vendor, draw family or prize mode if asked. */
    async lotteryGames(filter: LotteryFilter): Promise<CatalogueGame[]> {
      return lotteryGamesOf(await current(), filter);
    },

    /** The categories of one vendor's listed games, with how many each; null for an unknown vendor. */
    async vendorGameTypes(vendorCode: string): Promise<{ gameType: GameCategory; count: number }[]> {
      const counts = new Map<GameCategory, number>();
      for (const game of (await current()).games) {
        if (game.vassalage === vendorCode) counts.set(game.gameType, (counts.get(game.gameType) ?? 0) + 1);
      }
      return GAME_CATEGORIES.flatMap((gameType) => {
        const count = counts.get(gameType);
        return count ? [{ gameType, count }] : [];
      });
    },

    /**
     * Categories in navigation order with the vendors that have listed games in each, with how
     * many games and how many of them can be launched today (none: the vendor is coming soon).
     */
    vendorsAnswer(): Promise<Buffer> {
      return cached('v', (loaded): GameVendors => {
        type Entry = { game: CatalogueGame; count: number; launchable: number };
        const perCategory = new Map<GameCategory, Map<string, Entry>>();
        for (const game of loaded.games) {
          const vendors = perCategory.get(game.gameType) ?? new Map<string, Entry>();
          perCategory.set(game.gameType, vendors);
          const entry = vendors.get(game.vassalage) ?? { game, count: 0, launchable: 0 };
          vendors.set(game.vassalage, entry);
          entry.count += 1;
          if (game.launchable) entry.launchable += 1;
        }
        return GAME_CATEGORIES.flatMap((gameType) => {
          const vendors = [...(perCategory.get(gameType)?.values() ?? [])];
          if (vendors.length === 0) return [];
          vendors.sort(
            (a, b) =>
              a.game.vendorSortOrder - b.game.vendorSortOrder ||
              a.game.vassalage.localeCompare(b.game.vassalage),
          );
          return [
            {
              gameType,
              vendors: vendors.map(({ game, count, launchable }) => ({
                code: game.vassalage,
                name: game.vendorName,
                status: game.vendorStatus,
                gameCount: count,
                launchableCount: launchable,
                logoUrl: vendorLogoPath(game.vassalage),
              })),
            },
          ];
        });
      });
    },

    /**
     * The category of a vendor's game by its code, from memory (the vendor round path asks it on
     * every round that opens); undefined for a game the catalogue does not know.
     */
    async categoryOf(vendorCode: string, gameCode: string): Promise<GameCategory | undefined> {
      return (await current()).categories.get(vendorCode)?.get(gameCode);
    },

    async byNodeId(nodeId: number): Promise<CatalogueGame | undefined> {
      return (await current()).byNode.get(nodeId);
    },

    async itemsOf(gameIds: bigint[], language: string): Promise<GameItem[]> {
      const loaded = await current();
      return gameIds.flatMap((id) => {
        const game = loaded.byGameId.get(id);
        return game ? [gameItemOf(game, language)] : [];
      });
    },

    /**
     * Popular games to offer instead of one that cannot be played now: only games that can be
     * launched, of other vendors, the same category first.
     */
    async alternativesTo(game: CatalogueGame, language: string, count = 6): Promise<GameItem[]> {
      const playable = (await current()).games.filter(
        (other) => other.launchable && other.vassalage !== game.vassalage,
      );
      const sameType = playable.filter((other) => other.gameType === game.gameType).sort(byPopularity);
      const others = playable.filter((other) => other.gameType !== game.gameType).sort(byPopularity);
      return [...sameType, ...others].slice(0, count).map((other) => gameItemOf(other, language));
    },
  };
}
export type GamesCatalogue = ReturnType<typeof createGamesCatalogue>;
