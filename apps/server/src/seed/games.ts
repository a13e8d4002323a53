import type { GameCategory } from '@fortuna/contracts/categories';
import { gameArtPath, HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { countGames, insertGamesIfMissing, type NewGame } from '../modules/games/games.store.ts';
import type { Database } from '../platform/db/database.ts';
import { type SeededRandom, seededRandom } from '../platform/seeded-random.ts';
import {
  BINGO_TITLES,
  FISH_TITLES,
  LIVE_TABLES,
  LOTTERY_DRAWS,
  PVP_GAMES,
  PVP_VARIANTS,
  SLOT_ADJECTIVES,
  SLOT_NOUNS,
  SLOT_SUFFIXES,
  type Words,
} from './game-names.ts';

/** The house games (apps/house-games: slots/games/*.ts, fish, crash, baccarat): the codes its launch URLs carry. */
export const HOUSE_GAMES = [
  { code: 'lucky-koi', type: 'RNG', en: 'Lucky Koi', ty: 'Masuwerteng Koi', lines: 20, group: 'JP' },
  { code: 'pharaohs-gold', type: 'RNG', en: "Pharaoh's Gold", ty: 'Ginto ng Paraon', lines: 25, group: null },
  { code: 'neon-fruits', type: 'RNG', en: 'Neon Fruits', ty: 'Neon na Prutas', lines: 20, group: null },
  {
    code: 'ocean-hunter',
    type: 'FISH',
    en: 'Ocean Hunter',
    ty: 'Mangangaso ng Karagatan',
    lines: 0,
    group: 'AC',
  },
  { code: 'rocket-crash', type: 'PVP', en: 'Rocket Crash', ty: 'Rocket Crash', lines: 0, group: 'AC' },
  // A dealt table game without a dealer on camera: card and table games (PVP), not live casino.
  {
    code: 'royal-baccarat',
    type: 'PVP',
    en: 'Royal Baccarat',
    ty: 'Maharlikang Baccarat',
    lines: 0,
    group: 'TG',
  },
] as const;

/** How many games each catalogue vendor lists per category (about 5,000 in all). */
const CATALOGUE: [vendor: string, counts: Partial<Record<GameCategory, number>>][] = [
  ['JDB', { RNG: 700, FISH: 24 }],
  ['CQ9', { RNG: 800, FISH: 20 }],
  ['PG', { RNG: 650 }],
  ['FC', { RNG: 450, FISH: 18 }],
  ['JL', { RNG: 900, FISH: 30, PVP: 60 }],
  ['BGS', { RNG: 300 }],
  ['RSG', { RNG: 600, FISH: 16 }],
  ['EVO', { LIVE: 120 }],
  ['SEXY', { LIVE: 60 }],
  ['DG', { LIVE: 70 }],
  ['KM', { PVP: 90 }],
  ['V8', { PVP: 110 }],
  ['SABA', { SPORTS: 1 }],
  ['CMD', { SPORTS: 1 }],
  ['IMES', { ESPORTS: 1 }],
  ['DS88', { COCKFIGHT: 1 }],
];
/** The lottery vendor's draws take node ids after the generated vendors' ranges. */
const LOTTERY_VENDOR = 'TCG';
const LOTTERY_NODE_BASE = (CATALOGUE.length + 2) * 10_000;
const LOBBY_NAMES: Record<string, [string, string]> = {
  SPORTS: ['Sportsbook', 'Sportsbook'],
  ESPORTS: ['eSports Arena', 'Arena ng eSports'],
  COCKFIGHT: ['Sabong Arena', 'Arena ng Sabong'],
};

function nameOf(type: string, random: SeededRandom, vendorName: string, serial: number): [string, string] {
  const join = (...parts: (readonly [string, string])[]) =>
    [parts.map((part) => part[0]).join(' '), parts.map((part) => part[1]).join(' ')] as [string, string];
  switch (type) {
    case 'FISH':
      return join(random.pick(SLOT_ADJECTIVES), random.pick(FISH_TITLES));
    case 'LIVE': {
      const table = random.pick(LIVE_TABLES);
      return [`${table[0]} ${serial}`, `${table[1]} ${serial}`];
    }
    case 'PVP':
      return join(random.pick(PVP_GAMES), random.pick(PVP_VARIANTS));
    case 'SPORTS':
    case 'ESPORTS':
    case 'COCKFIGHT': {
      const [en, ty] = LOBBY_NAMES[type] ?? ['Lobby', 'Lobby'];
      return [`${vendorName} ${en}`, `${vendorName} ${ty}`];
    }
    default: {
      if (vendorName === 'BGS') return join(random.pick(SLOT_ADJECTIVES), random.pick(BINGO_TITLES));
      const [en, ty] = join(random.pick(SLOT_ADJECTIVES), random.pick(SLOT_NOUNS));
      const suffix = random.pick(SLOT_SUFFIXES as Words);
      return [en + suffix[0], ty + suffix[1]];
    }
  }
}

const MIN_BETS = [10n, 20n, 50n, 100n, 200n, 500n, 1000n];
const SLOT_LINES = [5, 9, 10, 15, 20, 25, 30, 40, 50, 243, 1024];

function groupOf(type: string, vendor: string, random: SeededRandom): string | null {
  if (vendor === 'BGS') return random.next() < 0.7 ? 'BG' : 'AC';
  if (type === 'LIVE' || type === 'PVP') return 'TG';
  if (type === 'FISH') return 'AC';
  if (type !== 'RNG') return null;
  const roll = random.next();
  return roll < 0.1 ? 'JP' : roll < 0.2 ? 'AC' : null;
}

/**
 * The demo catalogue: the house games and, per catalogue vendor, generated games with names in
 * English and Tagalog and artwork drawn by the server. Deterministic, so a seed is idempotent.
 */
export function demoGames(): NewGame[] {
  const rows: NewGame[] = HOUSE_GAMES.map((game, index) => ({
    nodeId: 10_001 + index,
    vassalage: HOUSE_VENDOR_CODE,
    gameType: game.type,
    gameCode: game.code,
    isHot: true,
    isNew: true,
    icon: gameArtPath(10_001 + index),
    lagerIcon: gameArtPath(10_001 + index),
    gameName: game.en,
    nodeName: game.en,
    displayNames: { EN: game.en, TY: game.ty },
    groupCode: game.group,
    minBetMinor: 100n,
    lines: game.lines,
    popularity: 1_000_000 - index,
  }));
  CATALOGUE.forEach(([vendor, counts], vendorIndex) => {
    const random = seededRandom(vendorIndex + 1);
    const base = (vendorIndex + 2) * 10_000;
    let serial = 0;
    for (const [type, count] of Object.entries(counts) as [GameCategory, number][]) {
      const names = new Set<string>();
      for (let index = 0; index < (count ?? 0); index += 1) {
        serial += 1;
        let [en, ty] = nameOf(type, random, vendor, index + 1);
        // Names repeat in a big catalogue; a roman-style mark keeps them apart within a vendor.
        for (let again = 2; names.has(en); again += 1) {
          const [baseEn, baseTy] = nameOf(type, random, vendor, index + 1);
          [en, ty] = again > 6 ? [`${baseEn} ${again}`, `${baseTy} ${again}`] : [baseEn, baseTy];
        }
        names.add(en);
        const nodeId = base + serial;
        const isGame = !(type in LOBBY_NAMES);
        rows.push({
          nodeId,
          vassalage: vendor,
          gameType: type,
          gameCode: `${vendor.toLowerCase()}-${type.toLowerCase()}-${index + 1}`,
          isGame,
          isHot: random.next() < 0.06 || !isGame,
          isNew: random.next() < 0.06,
          icon: gameArtPath(nodeId),
          lagerIcon: gameArtPath(nodeId),
          gameName: en,
          nodeName: en,
          displayNames: { EN: en, TY: ty },
          groupCode: groupOf(type, vendor, random),
          minBetMinor: random.pick(MIN_BETS),
          lines: type === 'RNG' ? random.pick(SLOT_LINES) : 0,
          popularity: Math.floor(random.next() ** 3 * 900_000),
        });
      }
    }
  });
  LOTTERY_DRAWS.forEach(([code, group, en, ty], index) => {
    const nodeId = LOTTERY_NODE_BASE + index + 1;
    rows.push({
      nodeId,
      vassalage: LOTTERY_VENDOR,
      gameType: 'LOTT',
      gameCode: code,
      icon: gameArtPath(nodeId),
      lagerIcon: gameArtPath(nodeId),
      gameName: en,
      nodeName: en,
      displayNames: { EN: en, TY: ty },
      gameGroupCode: group,
      minBetMinor: 100n,
      popularity: 500_000 - index * 20_000,
    });
  });
  // Lists show the most played first: the list order follows popularity.
  const ranked = [...rows].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
  ranked.forEach((row, index) => {
    row.sortOrder = index + 1;
  });
  return rows;
}

/** Adds the demo games that are missing (vendors first: seedVendors); a full catalogue is left as is. */
export async function seedGames(db: Database): Promise<void> {
  const rows = demoGames();
  if ((await countGames(db)) >= rows.length) return;
  await insertGamesIfMissing(db, rows);
}
