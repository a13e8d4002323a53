import { PromotionCalls } from '@fortuna/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/** The member's bonuses and the bonus money wagering still holds back (ADR 045), in `lang`. */
export const bonusesQuery = (lang: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'bonuses', lang],
    queryFn: () => callApi(PromotionCalls.bonuses, { query: { lang } }),
    retry: false,
  });

/** One query for the bonus details page and the withdraw form's statement of what is held back. */
export function useBonuses() {
  const { i18n } = useTranslation();
  return useQuery(bonusesQuery(i18n.language));
}
