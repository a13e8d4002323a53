import { PromotionCalls } from '@fortuna/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** Cancels one of the member's bonuses still wagering (ADR 066); bonuses and balances are asked again. */
export function useCancelBonus() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(PromotionCalls.cancel, { params: { id }, query: { lang: i18n.language } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY }),
  });
}
