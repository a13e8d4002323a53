import { z } from 'zod';
import { defineCall } from './call.ts';
import { GAME_CATEGORIES, type GameCategory, GameCategorySchema } from './categories.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, intId, intIdText, text } from './input-guard.ts';

// The category vocabulary lives in categories.ts; the games contracts use it and pass it on.
export { GAME_CATEGORIES, type GameCategory, GameCategorySchema };

/**
 * ACTIVE: playable. MAINTENANCE: no new bets (debits refused, launches refused) but rounds in
 * flight still settle. DISABLED: every call refused, the vendor hidden.
 */
export const VENDOR_STATUSES = ['ACTIVE', 'MAINTENANCE', 'DISABLED'] as const;
export const VendorStatusSchema = z.enum(VENDOR_STATUSES, {
  error: `must be one of ${VENDOR_STATUSES.join(', ')}`,
});
export type VendorStatus = z.infer<typeof VendorStatusSchema>;

/**
 * SEAMLESS: the vendor debits and credits the member's main wallet through our vendor protocol
 * (docs/vendor-protocol.md). TRANSFER: the member moves money into a wallet at the vendor first
 * (GCS_walletTransfer); such a vendor never calls the seamless API.
 */
export const WALLET_MODES = ['SEAMLESS', 'TRANSFER'] as const;
export const WalletModeSchema = z.enum(WALLET_MODES);
export type WalletMode = z.infer<typeof WalletModeSchema>;

/** A vendor's code, also the `vassalage` of its games (spec 3): upper case, e.g. PG, JDB, FORTUNA. */
export const VendorCodeSchema = text()
  .regex(/^[A-Z0-9_]{2,20}$/, 'must be a vendor code: 2 to 20 of A-Z, 0-9, _')
  .describe('vendor code, e.g. FORTUNA');

/** A vendor as the lobby and operators see it: never its secret. */
export const VendorSchema = z.object({
  code: VendorCodeSchema,
  name: text(),
  categories: z.array(GameCategorySchema),
  status: VendorStatusSchema,
  sortOrder: z.number().int(),
  walletMode: WalletModeSchema,
});
export type Vendor = z.infer<typeof VendorSchema>;

/** Our own game provider (apps/house-games): a seamless vendor like any other. */
export const HOUSE_VENDOR_CODE = 'FORTUNA';

/** Operator calls on the vendor registry (ADMIN). */
export const VendorOpsPaths = {
  vendors: '/ops/vendors',
  status: '/ops/vendors/:code/status',
} as const;
export const VendorStatusUpdateSchema = z.object({ status: VendorStatusSchema });

// ---- the catalogue and the lobby (spec 2.12, 3, 7.3) ------------------------------------

/** Spec 7.3 names these paths; the art and the logos are ours. */
export const GamePaths = {
  gameList: '/wps/relay/GCSGAME_gameList',
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  vendorGameTypes: '/wps/relay/GCSGAME_getVassGameType',
  vendors: '/wps/relay/GCSGAME_newGameVendor',
  favouriteIds: '/wps/relay/MCSFE_getFavorite',
  favouriteList: '/wps/relay/MCSFE_favoriteList',
  favourite: '/wps/relay/MCSFE_favorite',
  recentGames: '/wps/relay/GCS_recentGame',
  launch: '/wps/game/launchGame',
  guestLaunch: '/wps/relay/GCS_gameLaunchFB',
  winners: '/wps/relay/GCSGAME_getRankList',
  gameMenus: '/lgw/games/game_menus',
  art: '/wps/games/art/:file',
  vendorLogo: '/wps/games/vendor-logo/:file',
} as const;

export const gameArtPath = (nodeId: string | number) => `/wps/games/art/${nodeId}.svg`;
export const vendorLogoPath = (code: string) => `/wps/games/vendor-logo/${code}.svg`;

/** Spec 9: game lists and recent games 20 a page; favourites 999; the winner board 20. */
export const GAME_PAGE_SIZE = 20;
export const GAME_MAX_PAGE_SIZE = 60;
export const FAVOURITE_PAGE_SIZE = 999;
export const RECENT_GAMES_LIMIT = 20;
export const WINNER_BOARD_LIMIT = 20;
export const HOT_GAMES_LIMIT = 24;
/** Spec 4.10: one favourite toggle a second. */
export const FAVOURITE_THROTTLE_MS = 1000;
/** 'minimum bet 1 or more' (spec 9): one currency unit, in minor units. */
export const MIN_BET_FILTER_MINOR = 100;
export const LINES_FILTER = 25;
/** The game wall's numbered pager: the spec's page range and margin pages (as the announcements'). */
export const GAME_PAGE_RANGE = 5;
export const GAME_MARGIN_PAGES = 1;

/** Spec 9: NEW, FAV, ALL, HOT, RECENT. FAV and RECENT need a session. */
export const GAME_SELECTIONS = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'] as const;
export const GameSelectionSchema = z.enum(GAME_SELECTIONS, {
  error: `must be one of ${GAME_SELECTIONS.join(', ')}`,
});
export type GameSelection = z.infer<typeof GameSelectionSchema>;

/**
 * How a game list is ordered: POPULAR most played first, NEW the newest first (those marked new
 * before the others), NAME A–Z by the name shown. Without one, the operators' list order. Whatever
 * the order, games that can be launched come before those that cannot (ADR 034).
 */
export const GAME_SORTS = ['POPULAR', 'NEW', 'NAME'] as const;
export const GameSortSchema = z.enum(GAME_SORTS, { error: `must be one of ${GAME_SORTS.join(', ')}` });
export type GameSort = z.infer<typeof GameSortSchema>;

/** Spec 9: jackpot JP, table games TG, arcade AC, bingo BG. */
export const GAME_GROUPS = ['JP', 'TG', 'AC', 'BG'] as const;
export const GameGroupSchema = z.enum(GAME_GROUPS, { error: `must be one of ${GAME_GROUPS.join(', ')}` });
export type GameGroup = z.infer<typeof GameGroupSchema>;

/** The language names are answered in; 'EN' when not asked. */
export const LanguageSchema = text()
  .regex(/^[A-Z]{2}$/, 'must be a language code such as EN')
  .default('EN');
/**
 * A query flag: 'true'/'1' or 'false'/'0' on the wire. The typed client may give a boolean, which
 * the query string writes as 'true' or 'false'.
 */
const FlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' })
  .transform((value) => value === true || value === 'true' || value === '1')
  .default(false);
const NodeIdSchema = intId('must be a game node id', { coerce: true });

export const GameListQuerySchema = z.object({
  clientType: z.coerce
    .number()
    .pipe(z.literal(3, { error: 'must be 3 (web)' }))
    .default(3),
  gameType: GameCategorySchema.optional(),
  vassalage: VendorCodeSchema.optional(),
  selection: GameSelectionSchema.default('ALL'),
  group: GameGroupSchema.optional(),
  /** 'minimum bet 1 or more'. */
  minBetOne: FlagSchema,
  /** '25 lines or more'. */
  lines25: FlagSchema,
  /** Part of the game's name in the asked language or in English, any case. */
  search: text().trim().max(40, 'must be at most 40 characters').optional(),
  sort: GameSortSchema.optional(),
  /** Only games a member can launch today (the home rows). */
  launchable: FlagSchema,
  pageNo: z.coerce.number().int().min(1, 'must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(GAME_MAX_PAGE_SIZE).default(GAME_PAGE_SIZE),
  language: LanguageSchema,
});
export type GameListQuery = z.input<typeof GameListQuerySchema>;

export const GameItemSchema = z.object({
  gameId: bigintId(),
  nodeId: intIdText(),
  vassalage: text(),
  vendorName: text(),
  gameType: GameCategorySchema,
  gameCode: text(),
  /** False for a vendor's lobby entry (a sportsbook, a cockfight arena) rather than one game. */
  isGame: z.boolean(),
  /** Spec 3: 1 means hot. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.boolean(),
  /** Path on an image host (spec 7.3: the lobby picks the host from imageCDNs). */
  iconUrl: text(),
  lagerIcon: text(),
  gameName: text(),
  nodeName: text(),
  /** The name in the asked language, English when it has none. */
  displayName: text(),
  group: GameGroupSchema.nullable(),
  minBetMinor: text(),
  lines: z.number().int(),
  popularity: z.number().int(),
  /** Its vendor is in maintenance: it cannot be launched now. */
  maintenance: z.boolean(),
  /**
   * It can be launched today: its vendor is connected (this site has its launch adapter) and
   * active, and the game is listed. A game of a vendor not connected yet is shown as coming soon.
   */
  launchable: z.boolean(),
});
export type GameItem = z.infer<typeof GameItemSchema>;

export const GamePageSchema = z.object({
  content: z.array(GameItemSchema),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof GamePageSchema>;
export const GamePageResponseSchema = envelopeOf(GamePageSchema);

export const HotGamesQuerySchema = z.object({
  merchantCode: text().max(40).optional(),
  isPlatform: z.coerce.number().int().optional(),
  platform: text().max(60).optional(),
  imgSize: text().max(10).optional(),
  gameType: GameCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HOT_GAMES_LIMIT),
  language: LanguageSchema,
});
export const GameListResponseSchema = envelopeOf(z.array(GameItemSchema));

export const VendorGameTypesQuerySchema = z.object({ vassalage: VendorCodeSchema });
export const VendorGameTypesResponseSchema = envelopeOf(
  z.array(z.object({ gameType: GameCategorySchema, count: z.number().int() })),
);

/** The lottery's prize modes (spec 9): each pays its own odds and rebate (ADR 040). */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const PrizeModeSchema = z.enum(PRIZE_MODES, { error: 'must be LOTT, ZY, ELOTT or SEA' });
export type PrizeMode = z.infer<typeof PrizeModeSchema>;

/**
 * Game menus (spec 7.3 /lgw/games/game_menus): the lottery games, optionally of one vendor. The
 * answer is an object keyed by game code (spec 3), each value the game as the game list gives it
 * plus `gameGroupCode`, its draw family (VN, KENO, FAST, DIGIT), which the lobby copies to the
 * game's tag. Keys follow the list order (as the game list's). A game code is unique only within
 * its vendor, so when two listed vendors share one, the later game's key is `VENDOR:code`.
 * Games of a vendor in maintenance are listed with `maintenance: true` (they cannot be launched);
 * an unknown vendor is 404 VENDOR_NOT_FOUND. Open to visitors, like the game list.
 */
export const GameMenusQuerySchema = z.object({
  vassalage: VendorCodeSchema.optional(),
  /** Only the games offered in this prize mode (spec 9; /lott lists LOTT, /elott ELOTT, ADR 050). */
  prizeMode: PrizeModeSchema.optional(),
  language: LanguageSchema,
});
export type GameMenusQuery = z.input<typeof GameMenusQuerySchema>;
export const GameMenuItemSchema = GameItemSchema.extend({ gameGroupCode: text().nullable() });
export type GameMenuItem = z.infer<typeof GameMenuItemSchema>;
export const GameMenusSchema = z.record(text(), GameMenuItemSchema);
export type GameMenus = z.infer<typeof GameMenusSchema>;
export const GameMenusResponseSchema = envelopeOf(GameMenusSchema);

export const GameVendorsQuerySchema = z.object({
  platform: text().max(60).optional(),
  language: LanguageSchema,
});
export const LobbyVendorSchema = z.object({
  code: text(),
  name: text(),
  status: VendorStatusSchema,
  gameCount: z.number().int(),
  /** How many of those games can be launched today; 0 is a vendor coming soon. */
  launchableCount: z.number().int(),
  logoUrl: text(),
});
export type LobbyVendor = z.infer<typeof LobbyVendorSchema>;
/** Categories in navigation order, each with the vendors that have games in it (spec 2.1). */
export const GameVendorsSchema = z.array(
  z.object({ gameType: GameCategorySchema, vendors: z.array(LobbyVendorSchema) }),
);
export type GameVendors = z.infer<typeof GameVendorsSchema>;
export const GameVendorsResponseSchema = envelopeOf(GameVendorsSchema);

/** Spec 3: nodeId, vendor, gameType. */
export const FavouriteBodySchema = z.object({
  nodeId: NodeIdSchema,
  vendor: VendorCodeSchema,
  gameType: GameCategorySchema,
});
export type FavouriteBody = z.input<typeof FavouriteBodySchema>;
export const FavouriteIdsResponseSchema = envelopeOf(z.object({ nodeIds: z.array(intIdText()) }));
export const FavouriteListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FAVOURITE_PAGE_SIZE).default(FAVOURITE_PAGE_SIZE),
  language: LanguageSchema,
});
export const FavouriteChangeResponseSchema = envelopeOf(
  z.object({ nodeId: intIdText(), favourite: z.boolean() }),
);

export const RecentGamesQuerySchema = z.object({ language: LanguageSchema });

/**
 * The lottery's areas (spec 7.3 lottoArea): the Vietnam regional draws (draw family VN), the SEA
 * daily draws (SEA), and every other draw family, the fast and digit draws (FAST).
 */
export const LOTTO_AREAS = ['VN', 'SEA', 'FAST'] as const;
export type LottoArea = (typeof LOTTO_AREAS)[number];
/** The area a lottery game's draw family (its gameGroupCode) belongs to. */
export const lottoAreaOfGroup = (gameGroupCode: string): LottoArea =>
  gameGroupCode === 'VN' || gameGroupCode === 'SEA' ? gameGroupCode : 'FAST';
/** What a lottery launch opens (spec 7.3 lottoView): a draw's betting board or the area's list of draws. */
export const LOTTO_VIEWS = ['betting', 'lobby'] as const;
/** The device the game page is laid out for (spec 7.3 device). */
export const LAUNCH_DEVICES = ['WEB', 'MOBILE'] as const;
/** The longest backUrl a launch takes. */
export const BACK_URL_MAX = 500;

/**
 * The launch (spec 7.3). A game is named by `nodeId`, or, for the lottery's payload, by
 * `launchMode` LOTT with `lottoGameCode` (and `lottoArea` for the area's list of draws). ADR 069.
 */
export const LaunchBodySchema = z.object({
  /** The game; optional only in a lottery launch (launchMode LOTT) that names lottoGameCode or lottoArea. */
  nodeId: NodeIdSchema.optional(),
  language: LanguageSchema,
  /**
   * A lottery game's prize mode (spec 7.3 lottoPrizeMode; /lott launches LOTT, /elott ELOTT): the
   * odds its board offers and its tickets snapshot. It must be a mode this site and the game
   * offer; without it, the first of the game's modes the site offers. Only for lottery games.
   */
  lottoPrizeMode: PrizeModeSchema.optional(),
  /** LOTT: a lottery launch (spec 9's lottery type), whose game may be named by lottoGameCode. */
  launchMode: z.enum(['LOTT'], { error: 'must be LOTT' }).optional(),
  /** The lottery area: the draws the lobby view lists; with a game, it must be that game's area. */
  lottoArea: z.enum(LOTTO_AREAS, { error: `must be ${LOTTO_AREAS.join(', ')}` }).optional(),
  /** A lottery game's code as the game menus key it (vn-north, keno-1). */
  lottoGameCode: text()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a lottery game code')
    .optional(),
  /** betting (the default): the game's betting board; lobby: the area's list of draws. */
  lottoView: z.enum(LOTTO_VIEWS, { error: 'must be betting or lobby' }).optional(),
  /** WEB (the default) or MOBILE: the lottery page's layout. */
  device: z.enum(LAUNCH_DEVICES, { error: 'must be WEB or MOBILE' }).optional(),
  /**
   * Where the lottery page's Back link leads: a path of this site (`/lott`) or a URL on this site's
   * own origin; anything else is refused (no open redirect).
   */
  backUrl: text().max(BACK_URL_MAX, `at most ${BACK_URL_MAX} characters`).optional(),
});
export type LaunchBody = z.input<typeof LaunchBodySchema>;
export const LaunchResultSchema = z.object({
  url: text(),
  nodeId: intIdText(),
  gameName: text(),
  demo: z.boolean(),
});
export type LaunchResult = z.infer<typeof LaunchResultSchema>;
export const LaunchResponseSchema = envelopeOf(LaunchResultSchema);
/**
 * The value of a launch refused with VENDOR_MAINTENANCE (503, spec 2.12): popular games of other
 * vendors that can be launched now, for the lobby to offer instead.
 */
export const LaunchFailureValueSchema = z.object({ alternatives: z.array(GameItemSchema) });
export type LaunchFailureValue = z.infer<typeof LaunchFailureValueSchema>;

export const WinnerBoardQuerySchema = z.object({
  gameCategory: z.union([z.literal('ALL'), GameCategorySchema]).default('ALL'),
  language: LanguageSchema,
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
});
export const WinnerSchema = z.object({
  /** Masked: the first two and the last character of the username. */
  customerName: text(),
  winAmount: text().describe('payout in minor units'),
  iconUrl: text(),
  gameId: bigintId(),
  nodeId: intIdText(),
  gameName: text(),
  vassalage: text(),
  settledAt: text(),
});
export type Winner = z.infer<typeof WinnerSchema>;
export const WinnerBoardResponseSchema = envelopeOf(z.array(WinnerSchema));

export const GameArtParamsSchema = z.object({
  file: text().regex(/^\d{1,10}\.svg$/, 'must be <nodeId>.svg'),
});
export const VendorLogoParamsSchema = z.object({
  file: text().regex(/^[A-Z0-9_]{2,20}\.svg$/, 'must be <vendor code>.svg'),
});

/** The lobby's calls on the catalogue (ADR 028): open to visitors; FAV and RECENT lists need a session. */
export const GameCalls = {
  list: defineCall({
    method: 'GET',
    path: GamePaths.gameList,
    query: GameListQuerySchema,
    response: GamePageResponseSchema,
  }),
  hot: defineCall({
    method: 'GET',
    path: GamePaths.hotGames,
    query: HotGamesQuerySchema,
    response: GameListResponseSchema,
  }),
  vendorGameTypes: defineCall({
    method: 'GET',
    path: GamePaths.vendorGameTypes,
    query: VendorGameTypesQuerySchema,
    response: VendorGameTypesResponseSchema,
  }),
  vendors: defineCall({
    method: 'GET',
    path: GamePaths.vendors,
    query: GameVendorsQuerySchema,
    response: GameVendorsResponseSchema,
  }),
  menus: defineCall({
    method: 'GET',
    path: GamePaths.gameMenus,
    query: GameMenusQuerySchema,
    response: GameMenusResponseSchema,
  }),
  winners: defineCall({
    method: 'GET',
    path: GamePaths.winners,
    query: WinnerBoardQuerySchema,
    response: WinnerBoardResponseSchema,
  }),
};

/** A member's own games (favourites, recent games) and the launches, real and free play. */
export const MemberGameCalls = {
  favouriteIds: defineCall({
    method: 'GET',
    path: GamePaths.favouriteIds,
    response: FavouriteIdsResponseSchema,
  }),
  favouriteList: defineCall({
    method: 'GET',
    path: GamePaths.favouriteList,
    query: FavouriteListQuerySchema,
    response: GamePageResponseSchema,
  }),
  addFavourite: defineCall({
    method: 'POST',
    path: GamePaths.favourite,
    body: FavouriteBodySchema,
    response: FavouriteChangeResponseSchema,
  }),
  // A DELETE carries no body (some proxies drop it): the game is named in the query.
  removeFavourite: defineCall({
    method: 'DELETE',
    path: GamePaths.favourite,
    query: FavouriteBodySchema,
    response: FavouriteChangeResponseSchema,
  }),
  recent: defineCall({
    method: 'GET',
    path: GamePaths.recentGames,
    query: RecentGamesQuerySchema,
    response: GameListResponseSchema,
  }),
  launch: defineCall({
    method: 'POST',
    path: GamePaths.launch,
    body: LaunchBodySchema,
    response: LaunchResponseSchema,
  }),
  guestLaunch: defineCall({
    method: 'POST',
    path: GamePaths.guestLaunch,
    body: LaunchBodySchema,
    response: LaunchResponseSchema,
  }),
};
