import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { insertGamesIfMissing, setGameNames } from '../modules/games/games.store.ts';
import { insertVendorsIfMissing } from '../modules/vendors/vendors.store.ts';
import type { Database } from '../platform/db/database.ts';
import { demoGames } from './games.ts';
import { demoVendors } from './vendors.ts';

/**
 * Our own vendor (apps/house-games) and its games, on every site: real games, launchable once
 * HOUSE_GAMES_URL and HOUSE_VENDOR_SECRET are set. The generated catalogue of other vendors is demo
 * data (seedVendors, seedGames). Our games' names are proper nouns, the same in every language:
 * a database seeded when they were translated gets them back as they are now.
 */
export async function seedHouseGames(db: Database): Promise<void> {
  await insertVendorsIfMissing(
    db,
    demoVendors().filter((vendor) => vendor.code === HOUSE_VENDOR_CODE),
  );
  const houseGames = demoGames().filter((game) => game.vassalage === HOUSE_VENDOR_CODE);
  await insertGamesIfMissing(db, houseGames);
  await setGameNames(db, houseGames);
}
