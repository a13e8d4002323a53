import { PromotionCalls } from '@fortuna/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client.ts';

/** The promotions running now, in the reader's language (ADR 045); asked only when `enabled`. */
export function useRunningPromotions(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['promotions', 'running', i18n.language],
    queryFn: () => callApi(PromotionCalls.running, { query: { lang: i18n.language } }),
    staleTime: 60_000,
    enabled,
  });
}
