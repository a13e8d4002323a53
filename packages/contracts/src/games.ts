import { z } from 'zod';

/**
 * Game categories (spec 1, 2.1): the lobby rows and the game lists. A vendor offers one or more;
 * e-sports is vendor IMES, cockfight vendor DS88 (spec 9).
 */
export const GAME_CATEGORIES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTTERY',
] as const;
export const GameCategorySchema = z.enum(GAME_CATEGORIES, {
  error: `must be one of ${GAME_CATEGORIES.join(', ')}`,
});
export type GameCategory = z.infer<typeof GameCategorySchema>;

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
export const VendorCodeSchema = z
  .string()
  .regex(/^[A-Z0-9_]{2,20}$/, 'must be a vendor code: 2 to 20 of A-Z, 0-9, _')
  .describe('vendor code, e.g. FORTUNA');

/** A vendor as the lobby and operators see it: never its secret. */
export const VendorSchema = z.object({
  code: VendorCodeSchema,
  name: z.string(),
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
