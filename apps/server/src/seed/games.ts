import type { GameCategory } from '@fortuna/contracts/categories';
import { gameArtPath, HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { countGames, insertGamesIfMissing, type NewGame } from '../modules/games/games.store.ts';
import type { Database } from '../platform/db/database.ts';
import { type SeededRandom, seededRandom } from '../platform/seeded-random.ts';
import {
  BINGO_TITLES,
  FISH_TITLES,
  HOUSE_DAILY_DRAWS,
  HOUSE_LOTTERY_FAMILIES,
  HOUSE_LOTTERY_MINUTES,
  LIVE_TABLES,
  LOTTERY_DRAWS,
  PVP_GAMES,
  PVP_VARIANTS,
  SLOT_ADJECTIVES,
  SLOT_NOUNS,
  SLOT_SUFFIXES,
} from './game-names.ts';

/**
 * The house games (apps/house-games: slots/games/*.ts, fish, crash, baccarat): the codes its launch
 * URLs carry. Their names are our brands: the same in every language.
 */
export const HOUSE_GAMES = [
  { code: 'lucky-koi', type: 'RNG', name: 'Lucky Koi', lines: 20, group: 'JP' },
  { code: 'pharaohs-gold', type: 'RNG', name: "Pharaoh's Gold", lines: 25, group: null },
  { code: 'neon-fruits', type: 'RNG', name: 'Neon Fruits', lines: 20, group: null },
  { code: 'ocean-hunter', type: 'FISH', name: 'Ocean Hunter', lines: 0, group: 'AC' },
  { code: 'rocket-crash', type: 'PVP', name: 'Rocket Crash', lines: 0, group: 'AC' },
  // A dealt table game without a dealer on camera: card and table games (PVP), not live casino.
  { code: 'royal-baccarat', type: 'PVP', name: 'Royal Baccarat', lines: 0, group: 'TG' },
] as const;

/**
 * The prize modes the house lottery's fast draws are offered in (ADR 056): a launch carries the
 * mode and the board pays that mode's odds. SEA is the SEA draws' own mode.
 */
export const HOUSE_LOTTERY_PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT'] as const;

/**
 * The house lottery's fast draws (ADR 040, 050): launched like the house games, their code the
 * draw calendar's (keno-1m), offered in HOUSE_LOTTERY_PRIZE_MODES.
 */
export const HOUSE_LOTTERY_GAMES = HOUSE_LOTTERY_FAMILIES.flatMap(([family, group, en, ty]) =>
  HOUSE_LOTTERY_MINUTES.map((minutes) => ({
    code: `${family}-${minutes}m`,
    group,
    name: `${en} · ${minutes} min`,
    tyName: `${ty} · ${minutes} min`,
  })),
);
const HOUSE_LOTTERY_NODE_BASE = 10_100;

/**
 * The house lottery's daily draws (ADR 062): the Vietnam regional draws in the traditional
 * lottery's mode (/lott), the SEA draws in their own mode (/seaLottery) and in the e-lottery's (/elott).
 */
export const HOUSE_DAILY_GAMES = HOUSE_DAILY_DRAWS.map(([code, group, en, ty]) => ({
  code,
  group,
  name: en,
  tyName: ty,
  prizeModes: group === 'VN' ? ['LOTT'] : ['SEA', 'ELOTT'],
}));
const HOUSE_DAILY_NODE_BASE = 10_120;
/** The lottery vendor's draws the house lottery now plays itself: listed once, as the house's. */
const PLAYED_BY_THE_HOUSE = new Set(HOUSE_DAILY_GAMES.map((game) => game.code));

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
const LOBBY_NAMES: Record<string, string> = {
  SPORTS: 'Sportsbook',
  ESPORTS: 'eSports Arena',
  COCKFIGHT: 'Sabong Arena',
};

function nameOf(type: string, random: SeededRandom, vendor: string, serial: number): string {
  switch (type) {
    case 'FISH':
      return `${random.pick(SLOT_ADJECTIVES)} ${random.pick(FISH_TITLES)}`;
    case 'LIVE':
      return `${random.pick(LIVE_TABLES)} ${serial}`;
    case 'PVP':
      return `${random.pick(PVP_GAMES)} ${random.pick(PVP_VARIANTS)}`;
    case 'SPORTS':
    case 'ESPORTS':
    case 'COCKFIGHT':
      return `${vendor} ${LOBBY_NAMES[type] ?? 'Lobby'}`;
    default:
      if (vendor === 'BGS') return `${random.pick(SLOT_ADJECTIVES)} ${random.pick(BINGO_TITLES)}`;
      return `${random.pick(SLOT_ADJECTIVES)} ${random.pick(SLOT_NOUNS)}${random.pick(SLOT_SUFFIXES)}`;
  }
}

/**
 * A name no other game of the vendor has (nor a house game: our brands are ours alone): a few
 * more draws, then a number after the name.
 */
function uniqueNameOf(taken: Set<string>, draw: () => string): string {
  let name = draw();
  for (let again = 2; taken.has(name); again += 1) name = again > 6 ? `${draw()} ${again}` : draw();
  taken.add(name);
  return name;
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
 * The demo catalogue: the house games and, per catalogue vendor, generated games whose names are
 * unique within the vendor, with artwork drawn by the server from each game's type and theme.
 * Deterministic, so a seed is idempotent.
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
    gameName: game.name,
    nodeName: game.name,
    displayNames: { EN: game.name },
    groupCode: game.group,
    minBetMinor: 100n,
    lines: game.lines,
    popularity: 1_000_000 - index,
  }));
  HOUSE_LOTTERY_GAMES.forEach((game, index) => {
    const nodeId = HOUSE_LOTTERY_NODE_BASE + index + 1;
    rows.push({
      nodeId,
      vassalage: HOUSE_VENDOR_CODE,
      gameType: 'LOTT',
      gameCode: game.code,
      isHot: game.code.endsWith('-1m'),
      icon: gameArtPath(nodeId),
      lagerIcon: gameArtPath(nodeId),
      gameName: game.name,
      nodeName: game.name,
      displayNames: { EN: game.name, TY: game.tyName },
      gameGroupCode: game.group,
      // The house lottery pays each mode its own odds (ADR 056): /lott and /elott both launch them.
      prizeModes: [...HOUSE_LOTTERY_PRIZE_MODES],
      minBetMinor: 100n,
      popularity: 800_000 - index * 1_000,
    });
  });
  HOUSE_DAILY_GAMES.forEach((game, index) => {
    const nodeId = HOUSE_DAILY_NODE_BASE + index + 1;
    rows.push({
      nodeId,
      vassalage: HOUSE_VENDOR_CODE,
      gameType: 'LOTT',
      gameCode: game.code,
      icon: gameArtPath(nodeId),
      lagerIcon: gameArtPath(nodeId),
      gameName: game.name,
      nodeName: game.name,
      displayNames: { EN: game.name, TY: game.tyName },
      gameGroupCode: game.group,
      prizeModes: game.prizeModes,
      minBetMinor: 100n,
      popularity: 790_000 - index * 1_000,
    });
  });
  CATALOGUE.forEach(([vendor, counts], vendorIndex) => {
    const random = seededRandom(vendorIndex + 1);
    const base = (vendorIndex + 2) * 10_000;
    let serial = 0;
    const names = new Set<string>(HOUSE_GAMES.map((game) => game.name));
    for (const [type, count] of Object.entries(counts) as [GameCategory, number][]) {
      for (let index = 0; index < (count ?? 0); index += 1) {
        serial += 1;
        const name = uniqueNameOf(names, () => nameOf(type, random, vendor, index + 1));
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
          gameName: name,
          nodeName: name,
          displayNames: { EN: name },
          groupCode: groupOf(type, vendor, random),
          minBetMinor: random.pick(MIN_BETS),
          lines: type === 'RNG' ? random.pick(SLOT_LINES) : 0,
          popularity: Math.floor(random.next() ** 3 * 900_000),
        });
      }
    }
  });
  LOTTERY_DRAWS.forEach(([code, group, en, ty], index) => {
    // Node ids stay those of the draw's place in the list, whichever draws the house took over.
    if (PLAYED_BY_THE_HOUSE.has(code)) return;
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
      displayNames: ty ? { EN: en, TY: ty } : { EN: en },
      gameGroupCode: group,
      // The Vietnam draws are the traditional lottery (/lott); the others the e-lottery (/elott).
      prizeModes: group === 'VN' ? ['LOTT'] : ['ELOTT'],
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
