import type { GameVendors } from '@fortuna/contracts/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../shared/browser/when-idle.ts';
import { gameListQuery } from '../api/games.ts';
import { homePreloadLists } from './home-row-lists.ts';

/**
 * Spec 9: once home has painted and the browser is idle, fetch (at low priority) the games of
 * the vendors home preloads (of `categories`, the vendors call's answer), so that picking one of their tabs shows its games at once.
 */
export function useHomePreload(categories: GameVendors | undefined) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!categories) return;
    const lists = homePreloadLists(categories, i18n.language);
    return whenIdle(() => {
      for (const params of lists) void queryClient.prefetchQuery(gameListQuery(params, 'low'));
    });
  }, [categories, i18n.language, queryClient]);
}
