import { RaffleCalls } from '@fortuna/contracts/raffles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client.ts';

const RAFFLES_KEY = ['raffles'];

/** The raffles open now or drawn lately, in the reader's language (public, ADR 067). */
export function useRaffles() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...RAFFLES_KEY, 'list', i18n.language],
    queryFn: () => callApi(RaffleCalls.list, { query: { lang: i18n.language } }),
    staleTime: 30_000,
  });
}

/** The member's tickets and wins in one raffle (spec 7.4 rafflePromotion); only for a real member. */
export function useMyRaffle(raffleId: string, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...RAFFLES_KEY, 'mine', raffleId, i18n.language],
    queryFn: () => callApi(RaffleCalls.view, { body: { raffleId, lang: i18n.language } }),
    enabled,
  });
}

/** Joins a raffle and takes the tickets earned so far (spec 7.4 MCS2_claimRafflePromotion). */
export function useClaimRaffle(raffleId: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: () => callApi(RaffleCalls.claim, { body: { raffleId, lang: i18n.language } }),
    onSuccess: (mine) => queryClient.setQueryData([...RAFFLES_KEY, 'mine', raffleId, i18n.language], mine),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...RAFFLES_KEY, 'list'] }),
  });
}
