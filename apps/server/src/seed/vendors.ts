import { randomBytes } from 'node:crypto';
import type { GameCategory } from '@fortuna/contracts/categories';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { insertVendorsIfMissing, type NewVendor } from '../modules/vendors/vendors.store.ts';
import type { Database } from '../platform/db/database.ts';

// A secret nobody knows until an operator agrees one with the vendor (the house vendor's comes
// from HOUSE_VENDOR_SECRET at start-up): a seeded vendor can call nothing before that.
const unknownSecret = () => randomBytes(32).toString('hex');

/** Our house vendor (seamless) and the two transfer-wallet vendors the wallet already knows. */
export const demoVendors = (): NewVendor[] => [
  {
    code: HOUSE_VENDOR_CODE,
    name: 'Fortuna Originals',
    // Slots, Ocean Hunter, and Rocket Crash with Royal Baccarat (no live dealer: not LIVE).
    categories: ['RNG', 'FISH', 'PVP'],
    status: 'ACTIVE',
    sortOrder: 1,
    walletMode: 'SEAMLESS',
    sharedSecret: unknownSecret(),
  },
  {
    code: 'JDB',
    name: 'JDB Gaming',
    categories: ['RNG', 'FISH'],
    status: 'ACTIVE',
    sortOrder: 2,
    walletMode: 'TRANSFER',
    sharedSecret: unknownSecret(),
  },
  {
    code: 'CQ9',
    name: 'CQ9 Gaming',
    categories: ['RNG', 'FISH'],
    status: 'ACTIVE',
    sortOrder: 3,
    walletMode: 'TRANSFER',
    sharedSecret: unknownSecret(),
  },
];

/** Vendors listed in the catalogue whose games cannot be launched here yet (no adapter). */
const catalogueOnly: [code: string, name: string, categories: GameCategory[], status?: string][] = [
  ['PG', 'PG Soft', ['RNG']],
  ['FC', 'Fa Chai Gaming', ['RNG', 'FISH']],
  ['JL', 'JILI Games', ['RNG', 'FISH', 'PVP']],
  ['BGS', 'BGS Bingo', ['RNG']],
  ['RSG', 'Royal Slot Gaming', ['RNG', 'FISH']],
  ['EVO', 'Evolution Live', ['LIVE']],
  ['SEXY', 'Sexy Gaming', ['LIVE']],
  ['DG', 'Dream Gaming', ['LIVE']],
  ['KM', 'Kingmaker', ['PVP']],
  ['V8', 'V8 Poker', ['PVP']],
  ['SABA', 'SABA Sports', ['SPORTS']],
  ['CMD', 'CMD368 Sports', ['SPORTS'], 'MAINTENANCE'],
  ['IMES', 'IM eSports', ['ESPORTS']],
  ['DS88', 'DS88 Sabong', ['COCKFIGHT']],
  ['TCG', 'TCG Lotto', ['LOTT']],
];

/** The demo vendors and the catalogue-only ones: eighteen vendors over eight categories. */
export const catalogueVendors = (): NewVendor[] => [
  ...demoVendors(),
  ...catalogueOnly.map(([code, name, categories, status], index) => ({
    code,
    name,
    categories,
    status: status ?? 'ACTIVE',
    sortOrder: 4 + index,
    walletMode: 'TRANSFER',
    sharedSecret: unknownSecret(),
  })),
];

/** Adds the demo vendors that are missing; what an operator changed since is left alone. */
export async function seedVendors(db: Database): Promise<void> {
  await insertVendorsIfMissing(db, catalogueVendors());
}
