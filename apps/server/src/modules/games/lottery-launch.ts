import { type LaunchBodySchema, type LottoArea, lottoAreaOfGroup } from '@fortuna/contracts/games';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueGame } from './game-views.ts';
import type { GamesCatalogue } from './games-catalogue.ts';

type LaunchBody = z.output<typeof LaunchBodySchema>;

/** What spec 7.3's lottery payload asks of the game page, once checked (ADR 069). */
export interface LotteryLaunchView {
  view: 'betting' | 'lobby';
  device: 'WEB' | 'MOBILE';
  /** An absolute URL on this site's own origin, or none. */
  backUrl?: string;
}

/** The payload's lottery-only fields, in the order a refusal names the first one given. */
const LOTTERY_FIELDS = [
  'launchMode',
  'lottoArea',
  'lottoGameCode',
  'lottoView',
  'device',
  'backUrl',
] as const;

const isLottery = (game: CatalogueGame) => game.gameType === 'LOTT';
export const areaOfGame = (game: CatalogueGame): LottoArea => lottoAreaOfGroup(game.row.gameGroupCode ?? '');

const notFound = (field: string, message: string) =>
  new AppError('GAME_NOT_FOUND', { message: `${field}: ${message}`, issues: [{ field, message }] });

/**
 * The game a launch names: its `nodeId`, or in a lottery launch (launchMode LOTT) its
 * `lottoGameCode`, or for the lobby view the first playable draw of `lottoArea`. The lottery's
 * fields need launchMode LOTT (but for device and backUrl, which any lottery launch may carry).
 */
export async function gameOfLaunch(catalogue: GamesCatalogue, body: LaunchBody): Promise<CatalogueGame> {
  const lotteryLaunch = body.launchMode === 'LOTT';
  for (const field of ['lottoArea', 'lottoGameCode', 'lottoView'] as const)
    if (body[field] !== undefined && !lotteryLaunch)
      throw AppError.invalidField('body.launchMode', `must be LOTT when ${field} is given`);
  if (body.nodeId !== undefined) {
    const game = await catalogue.byNodeId(body.nodeId);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    if (body.lottoGameCode !== undefined && body.lottoGameCode !== game.row.gameCode)
      throw AppError.invalidField('body.lottoGameCode', 'is not the code of the game nodeId names');
    return game;
  }
  if (lotteryLaunch && body.lottoGameCode !== undefined) {
    const listed = await catalogue.lotteryGames({ gameCode: body.lottoGameCode });
    // Two vendors may list one code (ADR 063): the one that can be played wins.
    const game = listed.find((candidate) => candidate.launchable) ?? listed[0];
    if (!game) throw notFound('body.lottoGameCode', 'no lottery game has this code');
    return game;
  }
  if (lotteryLaunch && body.lottoView === 'lobby' && body.lottoArea !== undefined) {
    const area = body.lottoArea;
    const listed = await catalogue.lotteryGames({});
    const game = listed.find((candidate) => candidate.launchable && areaOfGame(candidate) === area);
    if (!game) throw notFound('body.lottoArea', 'has no draw that can be played now');
    return game;
  }
  throw AppError.invalidField(
    'body.nodeId',
    'name the game: nodeId, or launchMode LOTT with lottoGameCode (or lottoArea and lottoView lobby)',
  );
}

/**
 * The page a lottery launch opens: the view, the layout and the Back link. A game that is not a
 * lottery takes none of these fields; a lottery game's area must be the one asked.
 */
export function lotteryViewOf(
  game: CatalogueGame,
  body: LaunchBody,
  publicOrigin: string,
): LotteryLaunchView | undefined {
  if (!isLottery(game)) {
    const given = LOTTERY_FIELDS.find((field) => body[field] !== undefined);
    if (given) throw AppError.invalidField(`body.${given}`, 'is only for lottery games');
    return undefined;
  }
  if (body.lottoArea !== undefined && body.lottoArea !== areaOfGame(game))
    throw AppError.invalidField(
      'body.lottoArea',
      `is not the area of ${game.row.gameCode} (${areaOfGame(game)})`,
    );
  const backUrl = body.backUrl === undefined ? undefined : sameSiteUrl(body.backUrl, publicOrigin);
  return {
    view: body.lottoView ?? 'betting',
    device: body.device ?? 'WEB',
    ...(backUrl ? { backUrl } : {}),
  };
}

/**
 * The backUrl as an absolute URL of this site, or a refusal: only a path of this site (`/lott`,
 * never `//elsewhere`) or a URL on its own origin is followed, so a launch can never be made to
 * send a player elsewhere. Backslashes and control characters, which browsers read loosely, are
 * refused outright.
 */
export function sameSiteUrl(value: string, publicOrigin: string): string {
  const refuse = () => AppError.invalidField('body.backUrl', 'must be a page of this site');
  if (/[\\\s\p{Cc}]/u.test(value)) throw refuse();
  const origin = new URL(publicOrigin).origin;
  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) throw refuse();
    url = new URL(value, origin);
  } else {
    if (!URL.canParse(value)) throw refuse();
    url = new URL(value);
  }
  if (url.origin !== origin) throw refuse();
  return url.href;
}
