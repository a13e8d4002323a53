import { RESET_PASSWORD_WEB_PATH } from './member.ts';

/**
 * The web routes of spec 2.1. The server answers each of them with index.html so that a
 * deep link or a reload works; the web router owns what they show.
 */
export const DOWNLOAD_GUIDE_PATH = '/download';
/** Spec 2.12: news, the published announcements as articles. */
export const NEWS_PATH = '/news';
/** Spec 2.12: one promotion, its text, terms and claim (issue 18). */
export const PROMOTION_DETAIL_PATH = '/promotions/:id';

export const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;

export const GAME_CENTRE_PATHS = ['/sports', '/esports', '/lott', '/elott', '/cockfight'] as const;
export const GAME_LIST_PATHS = ['/live', '/fish', '/rng', '/pvp', '/bgs'] as const;
export const ACCOUNT_GAME_LIST_PATHS = ['/favorite', '/recent'] as const;
export const LOTTERY_PATHS = ['/lottery', '/seaLottery', '/vnLottery'] as const;

export const WEB_ROUTE_PATHS = [
  ...HOME_PATHS,
  '/login',
  '/register',
  '/agent',
  '/agentHome',
  '/member',
  '/help',
  '/helpmc',
  ...GAME_CENTRE_PATHS,
  ...GAME_LIST_PATHS,
  ...ACCOUNT_GAME_LIST_PATHS,
  ...LOTTERY_PATHS,
  '/promotions',
  PROMOTION_DETAIL_PATH,
  '/pointMall',
  '/seamless',
  /** Spec 2.12: the app download guide (iOS, Android, lite app). */
  DOWNLOAD_GUIDE_PATH,
  NEWS_PATH,
  RESET_PASSWORD_WEB_PATH,
] as const;

/** Routes that need a session token; without one the guard sends the visitor to /login. */
export const PROTECTED_PATHS = [
  '/member',
  '/agentHome',
  '/favorite',
  '/recent',
  ...LOTTERY_PATHS,
  '/pointMall',
  '/seamless',
] as const;

/** Game pages hide the side menu (spec 2.1); matched case-insensitively, as the spec lists them. */
export const GAME_PAGE_PATHS = ['/seamless', '/lottert', '/vnlottery', '/sealottery'] as const;

/** Pages with the bare agent layout: no side menu, header or footer. */
export const AGENT_LAYOUT_PATHS = ['/agent', '/agentHome'] as const;

export function isGamePage(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return (GAME_PAGE_PATHS as readonly string[]).includes(lower);
}

export function isProtectedPath(pathname: string): boolean {
  return (PROTECTED_PATHS as readonly string[]).includes(pathname);
}

/** The member centre's pages of spec 2.6 (`/member?page=…`), in the order its menu shows them. */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;
