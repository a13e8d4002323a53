import {
  FAVOURITE_PAGE_SIZE,
  FavouriteChangeResponseSchema,
  FavouriteIdsResponseSchema,
  type GameCategory,
  type GameGroup,
  type GameItem,
  GameListResponseSchema,
  GameMenusResponseSchema,
  type GamePage,
  GamePageResponseSchema,
  GamePaths,
  type GameSelection,
  type GameSort,
  LaunchResponseSchema,
  WinnerBoardResponseSchema,
} from '@fortuna/contracts/games';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/session-store.ts';

export interface GameListParams {
  gameType?: GameCategory;
  vassalage?: string;
  group?: GameGroup;
  selection?: GameSelection;
  minBetOne?: boolean;
  lines25?: boolean;
  search?: string;
  sort?: GameSort;
  /** Only games that can be launched today (the home rows). */
  launchable?: boolean;
  pageNo?: number;
  pageSize?: number;
  language: string;
}

function queryOf(params: GameListParams): Record<string, string> {
  const query: Record<string, string> = { clientType: '3', language: params.language };
  if (params.gameType) query.gameType = params.gameType;
  if (params.vassalage) query.vassalage = params.vassalage;
  if (params.group) query.group = params.group;
  if (params.selection) query.selection = params.selection;
  if (params.minBetOne) query.minBetOne = 'true';
  if (params.lines25) query.lines25 = 'true';
  if (params.search?.trim()) query.search = params.search.trim();
  if (params.sort) query.sort = params.sort;
  if (params.launchable) query.launchable = 'true';
  query.pageNo = String(params.pageNo ?? 1);
  query.pageSize = String(params.pageSize ?? 20);
  return query;
}

/** The lottery games keyed by game code, each with its draw family (spec 7.3 game menus). */
export function gameMenusQuery(language: string, vassalage?: string) {
  return queryOptions({
    queryKey: ['games', 'menus', language, vassalage ?? ''],
    queryFn: () =>
      apiGet(GamePaths.gameMenus, GameMenusResponseSchema, {
        query: vassalage ? { language, vassalage } : { language },
      }),
    staleTime: 60_000,
  });
}
export const useGameMenus = (language: string, vassalage?: string) =>
  useQuery(gameMenusQuery(language, vassalage));

/** Lists that hold the member's own games (FAV, RECENT) are read again when those change. */
export const MY_GAMES_KEY = ['games', 'mine'] as const;

/** One page of a game list; `priority: 'low'` when fetched ahead of need (home preload). */
export function gameListQuery(params: GameListParams, priority?: RequestPriority) {
  const mine = params.selection === 'FAV' || params.selection === 'RECENT';
  return queryOptions({
    queryKey: mine ? [...MY_GAMES_KEY, 'list', params] : ['games', 'list', params],
    queryFn: () =>
      apiGet(GamePaths.gameList, GamePageResponseSchema, {
        query: queryOf(params),
        ...(priority ? { priority } : {}),
      }),
    staleTime: mine ? 0 : 60_000,
  });
}

/**
 * One page of a game list. While it loads, `preview` (games already at hand, such as the home
 * row's list of the same vendor) is shown, else the page shown before.
 */
export function useGameList(params: GameListParams, enabled = true, preview?: GamePage) {
  return useQuery({
    ...gameListQuery(params),
    placeholderData: (previous) => preview ?? keepPreviousData(previous),
    enabled,
  });
}

export function useHotGames(language: string, limit = 24) {
  return useQuery({
    queryKey: ['games', 'hot', language, limit],
    queryFn: () =>
      apiGet(GamePaths.hotGames, GameListResponseSchema, {
        query: { isPlatform: '2', platform: 'html5-desktop', imgSize: 'rx2', language, limit: String(limit) },
      }),
    staleTime: 60_000,
  });
}

export function useWinners(language: string) {
  return useQuery({
    queryKey: ['games', 'winners', language],
    queryFn: () =>
      apiGet(GamePaths.winners, WinnerBoardResponseSchema, {
        query: { gameCategory: 'ALL', language, limitNum: '20' },
      }),
    staleTime: 30_000,
  });
}

/** The member's favourite node ids, for the tiles' hearts; none for a visitor. */
export function useFavouriteIds(): Set<string> {
  const isLogin = useSession((state) => state.isLogin);
  const { data } = useQuery({
    queryKey: [...MY_GAMES_KEY, 'favourite-ids'],
    queryFn: () => apiGet(GamePaths.favouriteIds, FavouriteIdsResponseSchema),
    enabled: isLogin,
    select: (value) => new Set(value.nodeIds),
  });
  return isLogin && data ? data : EMPTY;
}
const EMPTY = new Set<string>();

export function useFavouriteList(language: string) {
  return useQuery({
    queryKey: [...MY_GAMES_KEY, 'favourites', language],
    queryFn: () =>
      apiGet(GamePaths.favouriteList, GamePageResponseSchema, {
        query: { pageNo: '1', pageSize: String(FAVOURITE_PAGE_SIZE), language },
      }),
  });
}

export function useRecentGames(language: string) {
  return useQuery({
    queryKey: [...MY_GAMES_KEY, 'recent', language],
    queryFn: () => apiGet(GamePaths.recentGames, GameListResponseSchema, { query: { language } }),
  });
}

export async function setFavourite(queryClient: QueryClient, game: GameItem, favourite: boolean) {
  const body = { nodeId: Number(game.nodeId), vendor: game.vassalage, gameType: game.gameType };
  const answer = favourite
    ? await apiSend('POST', GamePaths.favourite, body, FavouriteChangeResponseSchema)
    : await apiSend(
        'DELETE',
        `${GamePaths.favourite}?${new URLSearchParams({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType })}`,
        undefined,
        FavouriteChangeResponseSchema,
      );
  await queryClient.invalidateQueries({ queryKey: MY_GAMES_KEY });
  return answer;
}

export function launchGame(nodeId: string, language: string, demo: boolean) {
  return apiSend(
    'POST',
    demo ? GamePaths.guestLaunch : GamePaths.launch,
    { nodeId: Number(nodeId), language },
    LaunchResponseSchema,
  );
}
