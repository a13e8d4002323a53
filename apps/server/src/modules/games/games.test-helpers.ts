import { gameArtPath } from '@fortuna/contracts/games';
import type { Database } from '../../platform/db/database.ts';
import { testVendor } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing, type NewGame } from './games.store.ts';

let nextNodeId = 900_000;

/** A game of `vassalage` with the given fields; every unnamed field has a plain value. */
export function testGame(vassalage: string, fields: Partial<NewGame> & { en: string; ty?: string }): NewGame {
  nextNodeId += 1;
  const { en, ty, ...rest } = fields;
  return {
    nodeId: nextNodeId,
    vassalage,
    gameType: 'RNG',
    gameCode: `g-${nextNodeId}`,
    icon: gameArtPath(nextNodeId),
    lagerIcon: gameArtPath(nextNodeId),
    gameName: en,
    nodeName: en,
    displayNames: ty ? { EN: en, TY: ty } : { EN: en },
    minBetMinor: 10n,
    lines: 10,
    popularity: 10,
    sortOrder: nextNodeId,
    ...rest,
  };
}

/**
 * Two vendors of their own: SLOTS (RNG and FISH, 45 slots of which some hot, new, with high
 * minimum bets or many lines) and TABLES (LIVE), for checks that look at one vendor's games.
 */
export async function testCatalogue(db: Database) {
  const slots = await testVendor(db, { categories: ['RNG', 'FISH'], walletMode: 'TRANSFER' });
  const tables = await testVendor(db, { categories: ['LIVE'], walletMode: 'TRANSFER' });
  const rows: NewGame[] = [];
  for (let index = 1; index <= 45; index += 1) {
    rows.push(
      testGame(slots.code, {
        en: `Slot ${index}`,
        ty: `Puwang ${index}`,
        isHot: index % 10 === 0,
        isNew: index % 15 === 0,
        minBetMinor: index % 3 === 0 ? 100n : 50n,
        lines: index % 4 === 0 ? 25 : 9,
        popularity: index,
        groupCode: index % 5 === 0 ? 'JP' : null,
      }),
    );
  }
  rows.push(testGame(slots.code, { en: 'Jade Emperor Fishing', gameType: 'FISH', lines: 0 }));
  rows.push(testGame(slots.code, { en: 'Hidden Slot', status: 'HIDDEN' }));
  rows.push(
    testGame(tables.code, { en: 'Baccarat 1', gameType: 'LIVE', lines: 0, isHot: true, popularity: 500 }),
  );
  await insertGamesIfMissing(db, rows);
  const nodeOf = (name: string) => String(rows.find((row) => row.gameName === name)?.nodeId);
  return { slots, tables, rows, nodeOf };
}
