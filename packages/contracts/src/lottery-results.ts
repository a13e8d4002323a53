import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { GameMenusResponseSchema, LanguageSchema, PrizeModeSchema, VendorCodeSchema } from './games.ts';
import { intIdText, text } from './input-guard.ts';

/** Spec 7.3's lottery calls beside the game menus (games.ts): the regional menu, results, opened numbers. */
export const LotteryResultPaths = {
  vnGameMenu: '/lgw/vn/games/game_menu',
  vnRecent: '/lgw/vn/games/game_menu/recent',
  vnOpened: '/lgw/vn/numeros/opened/game',
  opened: '/lotto/lgw/games/opened/numero',
} as const;

/** The draw family of the Vietnam regional draws in the catalogue (spec 3 gameGroupCode). */
export const VN_GAME_GROUP = 'VN';
/** Opened numbers come 20 draws a page, 50 at most. */
export const OPENED_PAGE_SIZE = 20;
export const OPENED_MAX_PAGE_SIZE = 50;

/** Spec 7.3: the Vietnam menus are asked with the device WEB (the lobby is one web app). */
export const LotteryDeviceSchema = z.enum(['WEB'], { error: 'must be WEB' });

/** The Vietnam regional menu: the catalogue's regional draws, answered as the game menus are. */
export const VnGameMenuQuerySchema = z.object({
  prizeMode: PrizeModeSchema.optional(),
  device: LotteryDeviceSchema.default('WEB'),
  language: LanguageSchema,
});

/** A game's code (spec 3), e.g. vn-north or keno-1m. */
const LotteryGameCodeSchema = text()
  .regex(/^[a-z0-9-]{1,40}$/, 'must be a lottery game code: 1 to 40 of a-z, 0-9, -')
  .describe('lottery game code, e.g. vn-north');

export const OpenedNumbersQuerySchema = z.object({
  gameCode: LotteryGameCodeSchema,
  /** Only needed when two vendors list the same game code. */
  vassalage: VendorCodeSchema.optional(),
  pageNo: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int('must be a whole number')
    .min(1)
    .max(OPENED_MAX_PAGE_SIZE)
    .default(OPENED_PAGE_SIZE),
});
export type OpenedNumbersQuery = z.input<typeof OpenedNumbersQuerySchema>;

/**
 * One settled draw's opened numbers: keno numbers as drawn ("07"), runners in finishing order, a
 * digit draw as one number ("482"), a regional draw every prize number, special prize first, with
 * its tiers (DB, G1 … G8) and who vouched for the result. A draw is listed only once its
 * settlement has finished; a result operators corrected shows the corrected numbers.
 */
export const OpenedDrawSchema = z.object({
  drawCode: text(),
  closesAt: text(),
  drawnAt: text(),
  numbers: z.array(text()),
  prizes: z.record(text(), z.array(text())).nullable(),
  source: text().nullable(),
  corrected: z.boolean(),
});
export type OpenedDraw = z.infer<typeof OpenedDrawSchema>;
export const OpenDrawSchema = z.object({ drawCode: text(), closesAt: text() });

export const OpenedNumbersSchema = z.object({
  vassalage: text(),
  gameCode: text(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  draws: z.array(OpenedDrawSchema),
  /** The draw taking bets now, null between a regional draw's close and its next day. */
  open: OpenDrawSchema.nullable(),
});
export type OpenedNumbers = z.infer<typeof OpenedNumbersSchema>;
export const OpenedNumbersResponseSchema = envelopeOf(OpenedNumbersSchema);

export const VnRecentQuerySchema = z.object({
  prizeMode: PrizeModeSchema.optional(),
  language: LanguageSchema,
});
/** Each regional draw with a result source: its latest settled result and the draw open now. */
export const VnRecentSchema = z.array(
  z.object({
    vassalage: text(),
    gameCode: text(),
    nodeId: intIdText(),
    gameName: text(),
    latest: OpenedDrawSchema.nullable(),
    open: OpenDrawSchema.nullable(),
  }),
);
export type VnRecent = z.infer<typeof VnRecentSchema>;
export const VnRecentResponseSchema = envelopeOf(VnRecentSchema);

export const LotteryResultCalls = {
  vnGameMenu: defineCall({
    method: 'GET',
    path: LotteryResultPaths.vnGameMenu,
    query: VnGameMenuQuerySchema,
    response: GameMenusResponseSchema,
  }),
  vnRecent: defineCall({
    method: 'GET',
    path: LotteryResultPaths.vnRecent,
    query: VnRecentQuerySchema,
    response: VnRecentResponseSchema,
  }),
  vnOpened: defineCall({
    method: 'GET',
    path: LotteryResultPaths.vnOpened,
    query: OpenedNumbersQuerySchema,
    response: OpenedNumbersResponseSchema,
  }),
  opened: defineCall({
    method: 'GET',
    path: LotteryResultPaths.opened,
    query: OpenedNumbersQuerySchema,
    response: OpenedNumbersResponseSchema,
  }),
};
