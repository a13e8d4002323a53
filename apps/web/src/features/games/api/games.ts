import type { CallQuery } from '@fortuna/contracts/call';
import {
  FAVOURITE_PAGE_SIZE,
  GameCalls,
  type GameItem,
  type GamePage,
  HOT_GAMES_LIMIT,
  MemberGameCalls,
  type PrizeMode,
  WINNER_BOARD_LIMIT,
} from '@fortuna/contracts/games';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { useSession } from '../../../shared/session/session-store.ts';

/** The filters of a game list, as its call declares them. */
export type GameListParams = CallQuery<typeof GameCalls.list>;

/** The lottery games keyed by game code, each with its draw family (spec 7.3 game menus). */
export function gameMenusQuery(language: string, vassalage?: string, prizeMode?: PrizeMode) {
  return queryOptions({
    queryKey: ['games', 'menus', language, vassalage ?? '', prizeMode ?? ''],
    queryFn: () => callApi(GameCalls.menus, { query: { language, vassalage, prizeMode } }),
    staleTime: 60_000,
  });
}
export const useGameMenus = (language: string, vassalage?: string, prizeMode?: PrizeMode) =>
  useQuery(gameMenusQuery(language, vassalage, prizeMode));

/** Lists that hold the member's own games (FAV, RECENT) are read again when those change. */
export const MY_GAMES_KEY = ['games', 'mine'] as const;

/** One page of a game list; `priority: 'low'` when fetched ahead of need (home preload). */
export function gameListQuery(params: GameListParams, priority?: RequestPriority) {
  const mine = params.selection === 'FAV' || params.selection === 'RECENT';
  return queryOptions({
    queryKey: mine ? [...MY_GAMES_KEY, 'list', params] : ['games', 'list', params],
    queryFn: () => callApi(GameCalls.list, { query: params }, priority ? { priority } : {}),
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

export function useHotGames(language: string, limit = HOT_GAMES_LIMIT) {
  return useQuery({
    queryKey: ['games', 'hot', language, limit],
    queryFn: () =>
      callApi(GameCalls.hot, {
        query: { isPlatform: 2, platform: 'html5-desktop', imgSize: 'rx2', language, limit },
      }),
    staleTime: 60_000,
  });
}

export function useWinners(language: string) {
  return useQuery({
    queryKey: ['games', 'winners', language],
    queryFn: () =>
      callApi(GameCalls.winners, { query: { gameCategory: 'ALL', language, limitNum: WINNER_BOARD_LIMIT } }),
    staleTime: 30_000,
  });
}

/** The member's favourite node ids, for the tiles' hearts; none for a visitor. */
export function useFavouriteIds(): Set<string> {
  const isLogin = useSession((state) => state.isLogin);
  const { data } = useQuery({
    queryKey: [...MY_GAMES_KEY, 'favourite-ids'],
    queryFn: () => callApi(MemberGameCalls.favouriteIds),
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
      callApi(MemberGameCalls.favouriteList, {
        query: { pageNo: 1, pageSize: FAVOURITE_PAGE_SIZE, language },
      }),
  });
}

export function useRecentGames(language: string) {
  return useQuery({
    queryKey: [...MY_GAMES_KEY, 'recent', language],
    queryFn: () => callApi(MemberGameCalls.recent, { query: { language } }),
  });
}

export async function setFavourite(queryClient: QueryClient, game: GameItem, favourite: boolean) {
  const which = { nodeId: Number(game.nodeId), vendor: game.vassalage, gameType: game.gameType };
  const answer = favourite
    ? await callApi(MemberGameCalls.addFavourite, { body: which })
    : await callApi(MemberGameCalls.removeFavourite, { query: which });
  await queryClient.invalidateQueries({ queryKey: MY_GAMES_KEY });
  return answer;
}

export function launchGame(nodeId: string, language: string, demo: boolean, lottoPrizeMode?: PrizeMode) {
  return callApi(demo ? MemberGameCalls.guestLaunch : MemberGameCalls.launch, {
    body: { nodeId: Number(nodeId), language, ...(lottoPrizeMode ? { lottoPrizeMode } : {}) },
  });
}
