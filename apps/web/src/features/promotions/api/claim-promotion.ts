import { CLAIM_REFUSALS, type ClaimRefusal, PromotionClaimCalls } from '@fortuna/contracts/promotion-claims';
import type { PromotionEarning } from '@fortuna/contracts/promotion-triggers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';

/**
 * Claims a promotion. A claim moves the bonus balance, the bonus details, the statuses and the
 * reward centre's badge, so every read of the member is asked again (no pushed event exists).
 */
export function useClaimPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(PromotionClaimCalls.claim, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY }),
  });
}

function refusalOf(failure: ApiError): ClaimRefusal | undefined {
  const reason = (failure.value as { reason?: unknown } | null)?.reason;
  return CLAIM_REFUSALS.find((known) => known === reason);
}

/**
 * Why a claim failed, in the member's language: the server's reason when it gave one; a loss still
 * counting says until when, from the promotion's window.
 */
export function claimFailureMessage(
  failure: unknown,
  t: TFunction,
  promotion?: Pick<PromotionEarning, 'lossWindow'>,
): string {
  if (!(failure instanceof ApiError)) return t('errors.unknown');
  if (failure.status === 0) return t('errors.network');
  const reason = refusalOf(failure);
  const closesAt = promotion?.lossWindow?.endsAt;
  if (reason === 'LOSS_COUNTING' && closesAt)
    return t('promotions.refused.LOSS_COUNTING_UNTIL', { at: formatDateTime(closesAt) });
  if (reason) return t(`promotions.refused.${reason}`);
  return t(`errorCodes.${failure.code}`, { defaultValue: failure.message });
}
