import {
  type GameCategory,
  type GameGroup,
  type GameItem,
  type GameMenus,
  gameArtPath,
  type VendorStatus,
} from '@fortuna/contracts/games';
import type { CatalogueRow } from './games.store.ts';

/** A catalogue row ready to answer with: its view per language is made once per snapshot. */
export interface CatalogueGame {
  gameId: bigint;
  nodeId: number;
  vassalage: string;
  gameType: GameCategory;
  group: GameGroup | null;
  isHot: boolean;
  isNew: boolean;
  minBetMinor: bigint;
  lines: number;
  popularity: number;
  vendorStatus: VendorStatus;
  vendorName: string;
  vendorSortOrder: number;
  /** Its vendor is connected and active and the game listed: a member can launch it today. */
  launchable: boolean;
  /** Lower-cased names in every language, for search. */
  searchText: string;
  row: CatalogueRow;
}

/** `connected`: this site has the vendor's launch adapter. */
export function catalogueGameOf(row: CatalogueRow, connected: boolean): CatalogueGame {
  return {
    gameId: row.gameId,
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    group: row.groupCode as GameGroup | null,
    isHot: row.isHot,
    isNew: row.isNew,
    minBetMinor: row.minBetMinor,
    lines: row.lines,
    popularity: row.popularity,
    vendorStatus: row.vendorStatus as VendorStatus,
    vendorName: row.vendorName,
    vendorSortOrder: row.vendorSortOrder,
    launchable: connected && row.vendorStatus === 'ACTIVE' && row.status === 'ACTIVE',
    searchText: [row.gameName, ...Object.values(row.displayNames)].join('\n').toLowerCase(),
    row,
  };
}

/** The name in the asked language, else English, else the canonical name. */
export function displayNameOf(
  displayNames: Record<string, string>,
  gameName: string,
  language: string,
): string {
  return displayNames[language] ?? displayNames.EN ?? gameName;
}

export function gameItemOf(game: CatalogueGame, language: string): GameItem {
  const { row } = game;
  return {
    gameId: row.gameId.toString(),
    nodeId: row.nodeId.toString(),
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameType: game.gameType,
    gameCode: row.gameCode,
    isGame: row.isGame,
    isHot: row.isHot ? 1 : 0,
    isNew: row.isNew,
    iconUrl: row.icon || gameArtPath(row.nodeId),
    lagerIcon: row.lagerIcon || gameArtPath(row.nodeId),
    gameName: row.gameName,
    nodeName: row.nodeName,
    displayName: displayNameOf(row.displayNames, row.gameName, language),
    group: game.group,
    minBetMinor: row.minBetMinor.toString(),
    lines: row.lines,
    popularity: row.popularity,
    maintenance: game.vendorStatus === 'MAINTENANCE',
    launchable: game.launchable,
  };
}

/** Most played first; the list order breaks ties. */
export const byPopularity = (a: CatalogueGame, b: CatalogueGame) =>
  b.popularity - a.popularity || a.row.sortOrder - b.row.sortOrder || a.nodeId - b.nodeId;

/**
 * The game menus answer (spec 3): keyed by game code in the order given, each game with its draw
 * family; a code another vendor's game already took is keyed with its vendor in front.
 */
export function gameMenusOf(games: CatalogueGame[], language: string): GameMenus {
  const menus: GameMenus = {};
  for (const game of games) {
    const code = game.row.gameCode;
    const key = code in menus ? `${game.vassalage}:${code}` : code;
    menus[key] = { ...gameItemOf(game, language), gameGroupCode: game.row.gameGroupCode };
  }
  return menus;
}
