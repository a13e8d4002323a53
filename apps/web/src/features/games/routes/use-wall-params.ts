import { GAME_SELECTIONS, GAME_SORTS, type GameSelection, type GameSort } from '@fortuna/contracts/games';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The server answers up to page 10,000 (contracts GameListQuerySchema). */
const LAST_PAGE = 10_000;

/** A URL value one of `allowed`, else the default. */
const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The page asked for in the URL: a whole number from 1, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
}

/**
 * What the game wall shows, kept in the URL (vendor, selection, sort, search, filters, page):
 * a link reopens the same page, and back returns to it. A new filter or sort starts again at
 * page 1; only a page change adds a history entry.
 */
export function useWallParams() {
  const [params, setParams] = useSearchParams();
  const wall = {
    vassalage: params.get('vassalage') ?? undefined,
    selection: oneOf<GameSelection>(params.get('selection'), GAME_SELECTIONS, 'ALL'),
    sort: oneOf<GameSort>(params.get('sort'), GAME_SORTS, 'POPULAR'),
    search: params.get('search') ?? '',
    minBetOne: params.get('minBet') === '1',
    lines25: params.get('lines25') === '1',
    pageNo: pageFrom(params.get('page')),
  };

  /** Sets (or with undefined removes) URL values; the page goes back to 1. */
  const filter = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const goToPage = useCallback(
    (page: number, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return { ...wall, filter, goToPage };
}
