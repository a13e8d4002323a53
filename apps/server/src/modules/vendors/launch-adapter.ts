import type { PrizeMode } from '@fortuna/contracts/games';
import { timestampedHmacOf, unixSecondsOf } from '@fortuna/signing/timestamped-hmac';
import { AppError } from '../../platform/errors.ts';
import type { VendorRegistry, VendorRow } from './vendor-registry.ts';

export interface LaunchRequest {
  vendor: VendorRow;
  /** Null for a demo launch (free play): the vendor learns of no member at all. */
  memberId: bigint | null;
  gameCode: string;
  language: string;
  demo: boolean;
  /** A lottery game's prize mode (spec 7.3 lottoPrizeMode, ADR 056); none for other games. */
  prizeMode?: PrizeMode;
  /** A lottery game's page (spec 7.3 lottoView, device, backUrl; ADR 069); none for other games. */
  lottery?: {
    view: 'betting' | 'lobby';
    device: 'WEB' | 'MOBILE';
    /** Absolute, on this site's origin (checked by the games service). */
    backUrl?: string;
  };
}

/** Each vendor's way of opening a game: a URL for the lobby's game frame. */
export interface LaunchAdapter {
  launch(request: LaunchRequest): Promise<{ url: string }>;
}

/** The query string the house games check: every parameter but `sig`, in this order. */
export function houseLaunchSignatureOf(secret: string, timestamp: string, unsignedQuery: string): string {
  return timestampedHmacOf(secret, timestamp, unsignedQuery);
}

/**
 * Our house vendor's launch: `<HOUSE_GAMES_URL>/play?vendor&game&lang[&prizeMode][&view&device[&back]]&demo[&player]&ts&sig`, the
 * signature being the vendor protocol's HMAC over `<ts>.<query before &sig>`. The house games
 * refuse a URL whose signature is wrong or whose `ts` is outside the vendor's clock window, so a
 * launch URL cannot be forged and does not stay usable.
 */
export function createHouseLaunchAdapter(deps: {
  baseUrl: string;
  secret: string;
  registry: VendorRegistry;
  now?: () => number;
}): LaunchAdapter {
  const now = deps.now ?? Date.now;
  return {
    async launch(request) {
      if (!request.demo && request.memberId === null) {
        throw new Error('house launch: a real-money launch needs a member');
      }
      const params = new URLSearchParams({
        vendor: request.vendor.code,
        game: request.gameCode,
        lang: request.language,
        ...(request.prizeMode ? { prizeMode: request.prizeMode } : {}),
        ...(request.lottery ? { view: request.lottery.view, device: request.lottery.device } : {}),
        ...(request.lottery?.backUrl ? { back: request.lottery.backUrl } : {}),
        demo: request.demo ? '1' : '0',
      });
      if (!request.demo && request.memberId !== null) {
        params.set('player', await deps.registry.playerIdFor(request.vendor.code, request.memberId));
      }
      const timestamp = unixSecondsOf(now());
      params.set('ts', timestamp);
      const signature = houseLaunchSignatureOf(deps.secret, timestamp, params.toString());
      params.set('sig', signature);
      return { url: `${deps.baseUrl.replace(/\/$/, '')}/play?${params.toString()}` };
    },
  };
}

/**
 * Opens a game of a vendor through its adapter: only an ACTIVE vendor launches (in maintenance
 * nothing new starts, spec 2.12 then offers alternatives), only a connected one (with an adapter:
 * VENDOR_NOT_CONNECTED names the vendor otherwise), and a real-money launch needs a member.
 */
export function createGameLauncher(deps: { registry: VendorRegistry; adapters: Map<string, LaunchAdapter> }) {
  return {
    /** The vendor is connected: this site has its launch adapter (its status aside). */
    isConnected: (vendorCode: string): boolean => deps.adapters.has(vendorCode),

    async launch(request: Omit<LaunchRequest, 'vendor'> & { vendorCode: string }): Promise<{ url: string }> {
      const vendor = await deps.registry.find(request.vendorCode);
      if (!vendor) throw new AppError('VENDOR_NOT_FOUND');
      if (vendor.status === 'DISABLED') throw new AppError('VENDOR_DISABLED');
      if (vendor.status === 'MAINTENANCE') throw new AppError('VENDOR_MAINTENANCE');
      const adapter = deps.adapters.get(vendor.code);
      if (!adapter) {
        throw new AppError('VENDOR_NOT_CONNECTED', {
          message: `Games of ${vendor.name} cannot be launched here yet`,
          details: { vendor: vendor.name },
        });
      }
      if (!request.demo && request.memberId === null) throw new AppError('UNAUTHENTICATED');
      return adapter.launch({ ...request, vendor });
    },
  };
}
export type GameLauncher = ReturnType<typeof createGameLauncher>;
