/**
 * Words the demo catalogue's game names are made of. A game's name is a proper noun: it reads the
 * same in every language (a vendor may supply a translated display name; these vendors do not),
 * so the words are English only and never translated word by word.
 */
export type Words = readonly string[];

export const SLOT_ADJECTIVES: Words = [
  'Golden',
  'Lucky',
  'Mega',
  'Fortune',
  'Wild',
  'Mystic',
  'Royal',
  'Fiery',
  'Crystal',
  'Jade',
  'Treasure',
  'Super',
  'Diamond',
  'Ancient',
  'Cosmic',
  'Sweet',
  'Neon',
  'Thunder',
  'Magic',
  'Midnight',
  'Sunny',
  'Frozen',
  'Silver',
  'Emerald',
  'Ruby',
];

/** Each noun is a slot's theme: the generated art draws its motif (game-art.ts). */
export const SLOT_NOUNS: Words = [
  'Dragon',
  'Tiger',
  'Phoenix',
  'Panda',
  'Koi',
  'Pharaoh',
  'Gems',
  'Fruits',
  'Buffalo',
  'Wolf',
  'Lion',
  'Treasures',
  'Riches',
  'Empire',
  'Temple',
  'Legend',
  'Queen',
  'King',
  'Pearls',
  'Lanterns',
  'Coins',
  'Stars',
  'Jungle',
  'Ocean',
  'Volcano',
  'Candy',
  'Genie',
  'Samurai',
  'Mermaid',
  'Eagle',
];

export const SLOT_SUFFIXES: Words = [
  '',
  '',
  '',
  ' Deluxe',
  ' Megaways',
  ' Hold & Win',
  ' Rising',
  ' Bonanza',
  ' Blitz',
  ' Jackpot',
  ' Link',
  ' 2',
];

export const FISH_TITLES: Words = [
  'Fishing',
  'Ocean King',
  'Fish Hunter',
  'Reef Raiders',
  'Deep Sea',
  'Shark Hunt',
];

export const LIVE_TABLES: Words = [
  'Baccarat',
  'Speed Baccarat',
  'Roulette',
  'Lightning Roulette',
  'Blackjack',
  'Sic Bo',
  'Dragon Tiger',
  'Fan Tan',
];

export const PVP_GAMES: Words = [
  "Texas Hold'em",
  'Teen Patti',
  'Rummy',
  'Andar Bahar',
  'Pusoy',
  'Tongits',
  'Niu Niu',
  'Mahjong',
  'Crash',
  'Mines',
];

export const PVP_VARIANTS: Words = ['Classic', 'Pro', 'VIP', 'Turbo', 'Royale', 'Club', 'Arena', 'Blitz'];

export const BINGO_TITLES: Words = ['Bingo', 'Keno', 'Pachinko', 'Lotto Ball'];

/**
 * The lottery vendor's draws (spec 3: a lottery game carries gameGroupCode, its draw family):
 * Vietnam's regional draws, Keno, the digit games and the fast draws every few minutes. This
 * vendor supplies a Tagalog display name where its draw's name is a description, not a brand.
 */
export const LOTTERY_DRAWS: readonly (readonly [code: string, group: string, en: string, ty?: string])[] = [
  ['vn-north', 'VN', 'Vietnam North Lottery', 'Lotto ng Hilagang Vietnam'],
  ['vn-central', 'VN', 'Vietnam Central Lottery', 'Lotto ng Gitnang Vietnam'],
  ['vn-south', 'VN', 'Vietnam South Lottery', 'Lotto ng Timog Vietnam'],
  ['vn-fast', 'VN', 'Vietnam Fast Lottery', 'Mabilis na Lotto ng Vietnam'],
  ['keno-classic', 'KENO', 'Keno Classic'],
  ['keno-super', 'KENO', 'Super Keno'],
  ['fast-1', 'FAST', '1-Minute Lotto', 'Lotto ng 1 Minuto'],
  ['fast-3', 'FAST', '3-Minute Lotto', 'Lotto ng 3 Minuto'],
  ['fast-5', 'FAST', '5-Minute Lotto', 'Lotto ng 5 Minuto'],
  ['digit-3d', 'DIGIT', '3D Lotto'],
  ['digit-4d', 'DIGIT', '4D Lotto'],
  ['digit-5d', 'DIGIT', '5D Lotto'],
];

/**
 * The house lottery's fast draws (apps/house-games lottery/draw-calendar.ts): each family every 1,
 * 3 and 5 minutes, its draw family as gameGroupCode. Descriptions, so they have a Tagalog name;
 * short, so that a phone's three tiles a row show them whole (the tag says what the draw is).
 */
export const HOUSE_LOTTERY_FAMILIES: readonly (readonly [
  family: string,
  group: string,
  en: string,
  ty: string,
])[] = [
  ['keno', 'KENO', 'Keno', 'Keno'],
  ['3d', '3D', '3D', '3D'],
  ['5d', '5D', '5D', '5D'],
  ['race', 'RACE', 'Race', 'Karera'],
];
export const HOUSE_LOTTERY_MINUTES = [1, 3, 5] as const;

/**
 * The house lottery's daily draws (apps/house-games lottery/vn-calendar.ts, sea-calendar.ts; ADR
 * 062): the Vietnam regional draws, results entered by two operators, and our verifiable SEA 2D
 * and 3D draws. Their draw family is their gameGroupCode (VN, SEA).
 */
export const HOUSE_DAILY_DRAWS: readonly (readonly [code: string, group: string, en: string, ty: string])[] =
  [
    ['vn-north', 'VN', 'Vietnam North', 'Hilagang Vietnam'],
    ['vn-central', 'VN', 'Vietnam Central', 'Gitnang Vietnam'],
    ['vn-south', 'VN', 'Vietnam South', 'Timog Vietnam'],
    ['sea-2d', 'SEA', 'SEA 2D', 'SEA 2D'],
    ['sea-3d', 'SEA', 'SEA 3D', 'SEA 3D'],
  ];
