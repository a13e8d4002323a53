import type { GameSort } from '@fortuna/contracts/games';
import { byPopularity, type CatalogueGame, displayNameOf } from './game-views.ts';

type Compare = (a: CatalogueGame, b: CatalogueGame) => number;

/** Whatever the order, the games a member can launch today come first (ADR 034). */
const launchableFirst: Compare = (a, b) => Number(b.launchable) - Number(a.launchable);

/** The operators' list order (the seed ranks it by popularity). */
const listOrder: Compare = (a, b) => a.row.sortOrder - b.row.sortOrder || a.nodeId - b.nodeId;

/** Those marked new first, then the latest added. */
const newest: Compare = (a, b) =>
  Number(b.isNew) - Number(a.isNew) ||
  b.row.createdAt.getTime() - a.row.createdAt.getTime() ||
  b.nodeId - a.nodeId;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A to Z by the name shown in `language`; the same name keeps list order. */
function byName(games: CatalogueGame[], language: string): Compare {
  const names = new Map(
    games.map((game) => [game, displayNameOf(game.row.displayNames, game.row.gameName, language)]),
  );
  return (a, b) => collator.compare(names.get(a) ?? '', names.get(b) ?? '') || listOrder(a, b);
}

/** A new array of `games` in the asked order, launchable games first; no sort is list order. */
export function gamesInOrder(
  games: readonly CatalogueGame[],
  sort: GameSort | undefined,
  language: string,
): CatalogueGame[] {
  const copy = [...games];
  const then =
    sort === 'POPULAR'
      ? byPopularity
      : sort === 'NEW'
        ? newest
        : sort === 'NAME'
          ? byName(copy, language)
          : listOrder;
  return copy.sort((a, b) => launchableFirst(a, b) || then(a, b));
}

/**
 * A row the lobby offers on its own (hot games, alternatives): launchable games first, and none
 * at all when not one of them can be launched (never a row of only coming-soon games).
 */
export function launchableLed(games: CatalogueGame[]): CatalogueGame[] {
  return games.some((game) => game.launchable) ? games : [];
}
