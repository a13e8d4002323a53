import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { timestampedHmacProblem } from '@fortuna/signing/timestamped-hmac';
import { isHouseGame } from '../house-games.ts';
import { isLotteryGame } from '../lottery/lottery-games.ts';
import { PRIZE_MODE_CODES, type PrizeMode } from '../lottery/prize-modes.ts';

export interface Launch {
  gameCode: string;
  lang: string;
  demo: boolean;
  /** The platform's opaque player id; null in demo. */
  playerId: string | null;
  /**
   * The lottery's prize mode the member launched in (spec 7.3 lottoPrizeMode, ADR 056): the odds
   * the board offers and each ticket snapshots. Null for other games, or a launch without one
   * (the lottery's configured mode then).
   */
  prizeMode: PrizeMode | null;
  /**
   * A lottery launch's page (spec 7.3, ADR 069): its view (the game's betting board, or the list of
   * draws of the game's area), its layout, and where its Back link leads (an absolute URL of the
   * platform, which checked it is on its own site). Betting, WEB and no Back link by default.
   */
  view: LotteryView;
  device: LaunchDevice;
  backUrl: string | null;
}

export type LotteryView = 'betting' | 'lobby';
export type LaunchDevice = 'WEB' | 'MOBILE';
const BACK_URL_MAX = 500;

/** The lottery page's fields of a launch query, or what is wrong with one of them. */
function lotteryPageOf(
  params: URLSearchParams,
  gameCode: string,
): { view: LotteryView; device: LaunchDevice; backUrl: string | null } | string {
  const view = params.get('view');
  const device = params.get('device');
  const backUrl = params.get('back');
  const given = [
    ['view', view],
    ['device', device],
    ['back', backUrl],
  ].find(([, value]) => value !== null);
  if (given && !isLotteryGame(gameCode)) return `${given[0]}: only a lottery game takes it`;
  if (view !== null && view !== 'betting' && view !== 'lobby') return 'view: must be betting or lobby';
  if (device !== null && device !== 'WEB' && device !== 'MOBILE') return 'device: must be WEB or MOBILE';
  if (backUrl !== null && !isBackUrl(backUrl)) return 'back: must be an http(s) URL';
  return { view: view ?? 'betting', device: device ?? 'WEB', backUrl };
}

const isBackUrl = (value: string) =>
  value.length <= BACK_URL_MAX && /^https?:\/\/[^\s\\]+$/.test(value) && URL.canParse(value);

export type LaunchCheck =
  | { ok: true; launch: Launch }
  | { ok: false; status: 400 | 401 | 404; code: string; message: string };

const refuse = (status: 400 | 401 | 404, code: string, message: string): LaunchCheck => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * Checks a launch URL's query as the platform's launch adapter built it:
 * `vendor&game&lang[&prizeMode][&view&device[&back]]&demo[&player]&ts&sig`, `sig` being HMAC-SHA256(secret, `<ts>.<query before &sig>`)
 * in lower-case hex. The signature is checked over the raw bytes before anything in them is
 * trusted, and `ts` must be within the clock window: a forged or stale link opens nothing.
 */
export function checkLaunch(
  rawQuery: string,
  options: { secret: string; windowSeconds: number; now?: number },
): LaunchCheck {
  const at = rawQuery.lastIndexOf('&sig=');
  if (at < 0) return refuse(401, 'LAUNCH_SIGNATURE_INVALID', 'The game link is not signed');
  const unsigned = rawQuery.slice(0, at);
  const signature = rawQuery.slice(at + '&sig='.length);
  const params = new URLSearchParams(unsigned);
  const ts = params.get('ts') ?? '';
  if (!/^\d{1,12}$/.test(ts)) return refuse(401, 'LAUNCH_SIGNATURE_INVALID', 'The game link has no valid ts');
  // The link must be ours before we say anything about its age.
  const forged = timestampedHmacProblem({
    secret: options.secret,
    timestamp: ts,
    signature,
    payload: unsigned,
    maxSkewSeconds: Number.POSITIVE_INFINITY,
  });
  if (forged) return refuse(401, 'LAUNCH_SIGNATURE_INVALID', 'The game link was not made by the platform');
  const nowSeconds = (options.now ?? Date.now()) / 1000;
  if (Math.abs(nowSeconds - Number(ts)) > options.windowSeconds) {
    return refuse(401, 'LAUNCH_EXPIRED', 'The game link has expired: open the game again from the lobby');
  }
  if (params.get('vendor') !== HOUSE_VENDOR_CODE)
    return refuse(400, 'LAUNCH_INVALID', 'vendor: must be FORTUNA');
  const gameCode = params.get('game') ?? '';
  if (!isHouseGame(gameCode))
    return refuse(404, 'GAME_NOT_FOUND', `game: no house game is called "${gameCode}"`);
  const lang = params.get('lang') ?? '';
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang))
    return refuse(400, 'LAUNCH_INVALID', 'lang: must be a language code');
  const prizeMode = params.get('prizeMode');
  if (prizeMode !== null && !isLotteryGame(gameCode))
    return refuse(400, 'LAUNCH_INVALID', 'prizeMode: only a lottery game is launched in a prize mode');
  if (prizeMode !== null && !(PRIZE_MODE_CODES as readonly string[]).includes(prizeMode))
    return refuse(400, 'LAUNCH_INVALID', `prizeMode: must be one of ${PRIZE_MODE_CODES.join(', ')}`);
  const mode = prizeMode as PrizeMode | null;
  const page = lotteryPageOf(params, gameCode);
  if (typeof page === 'string') return refuse(400, 'LAUNCH_INVALID', page);
  const demo = params.get('demo');
  if (demo !== '0' && demo !== '1') return refuse(400, 'LAUNCH_INVALID', 'demo: must be 0 or 1');
  const playerId = params.get('player');
  if (demo === '1') {
    if (playerId !== null) return refuse(400, 'LAUNCH_INVALID', 'player: a demo launch carries no player');
    return { ok: true, launch: { gameCode, lang, demo: true, playerId: null, prizeMode: mode, ...page } };
  }
  if (!playerId || !/^[A-Za-z0-9_-]{8,64}$/.test(playerId)) {
    return refuse(400, 'LAUNCH_INVALID', 'player: a real-money launch needs the player id');
  }
  return { ok: true, launch: { gameCode, lang, demo: false, playerId, prizeMode: mode, ...page } };
}
