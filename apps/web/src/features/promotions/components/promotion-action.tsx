import type { ClaimedBonus } from '@fortuna/contracts/promotion-claims';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequireRealAccount } from '../../../shared/session/use-require-real-account.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { claimFailureMessage, useClaimPromotion } from '../api/claim-promotion.ts';
import type { PromotionView } from '../api/promotion-views.ts';
import { PromotionApplySlot } from './promotion-apply-slot.tsx';
import { PromotionStanding } from './promotion-standing.tsx';

const DEPOSIT_PAGE = '/member?page=depositv2';
const BONUS_DETAILS_PAGE = '/member?page=bonusDetails';

/**
 * What the member can do about a promotion now. A guest is asked to log in and a trial account
 * to register (the real-account check); a member claims a claimable one, is sent to the deposit
 * for an automatic one, or is told where the promotion stands (spec 4.10).
 */
export function PromotionAction({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const requireRealAccount = useRequireRealAccount();
  // Kept here, not in the button: the list asked again after the claim no longer says CLAIM.
  const [claimed, setClaimed] = useState<ClaimedBonus | null>(null);
  if (claimed) return <ClaimedNote claimed={claimed} />;
  if (promotion.status === null) {
    return (
      <div className="promotion-action">
        <button
          type="button"
          className="button button--gold"
          data-testid="promotion-take-part"
          onClick={() => requireRealAccount(() => {})}
        >
          {t('promotions.takePart')}
        </button>
      </div>
    );
  }
  if (promotion.status === 'CLAIM') return <ClaimButton promotion={promotion} onClaimed={setClaimed} />;
  if (promotion.automatic && promotion.status === 'JOIN') {
    return (
      <div className="promotion-action">
        <span className="promotion-action__note">{t('promotions.automatic')}</span>
        <Link className="button button--gold" to={DEPOSIT_PAGE}>
          {t('promotions.deposit')}
        </Link>
      </div>
    );
  }
  if (promotion.applied && ['JOIN', 'APPLYING', 'REJECTED'].includes(promotion.status)) {
    return <PromotionApplySlot promotion={promotion} />;
  }
  return (
    <div className="promotion-action">
      <span className="promotion-action__note" data-testid="promotion-standing">
        <PromotionStanding promotion={promotion} />
      </span>
      {['CLAIMED', 'JOINED', 'ISSUED'].includes(promotion.status) ? (
        <Link className="button button--ghost" to={BONUS_DETAILS_PAGE}>
          {t('memberCentre.pages.bonusDetails')}
        </Link>
      ) : null}
    </div>
  );
}

/** What a claim gave: the bonus and the wagering before its release. */
function ClaimedNote({ claimed }: { claimed: ClaimedBonus }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  return (
    <div className="promotion-action" role="status" data-testid="promotion-claimed">
      <span className="promotion-action__note">
        {t('promotions.claimedBonus')} {money(claimed.bonusMinor)}
        {claimed.requiredMinor !== '0' ? (
          <>
            {' '}
            · {t('promotions.claimedWagering')} {money(claimed.requiredMinor)}
          </>
        ) : null}
      </span>
      <Link className="button button--ghost" to={BONUS_DETAILS_PAGE}>
        {t('memberCentre.pages.bonusDetails')}
      </Link>
    </div>
  );
}

/** Claims now; why not, when refused, in the member's language. */
function ClaimButton({
  promotion,
  onClaimed,
}: {
  promotion: PromotionView;
  onClaimed: (claimed: ClaimedBonus) => void;
}) {
  const { t } = useTranslation();
  const claim = useClaimPromotion();
  return (
    <div className="promotion-action">
      <button
        type="button"
        className="button button--gold"
        data-testid="promotion-claim"
        disabled={claim.isPending}
        onClick={() => claim.mutate(promotion.id, { onSuccess: onClaimed })}
      >
        {claim.isPending ? t('promotions.claiming') : t('promotions.claim')}
      </button>
      {claim.error ? (
        <p className="promotion-action__error" role="alert" data-testid="promotion-claim-error">
          {claimFailureMessage(claim.error, t, promotion)}
        </p>
      ) : null}
    </div>
  );
}
