import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { QrImage } from '../../../shared/ui/qr-image.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { referralLinkOf, useMyReferrals } from '../api/my-referrals.ts';
import { InviteeList } from '../components/invitee-list.tsx';
import '../components/referral.css';

/** Spec 2.6 referral (invite friends): the member's link, code and QR code, the programme's terms, the invitees and rewards. */
export function ReferralPage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const referrals = useMyReferrals();
  if (referrals.error) {
    return (
      <QueryFailure
        error={referrals.error}
        retryLabel={t('wallet.retry')}
        onRetry={() => void referrals.refetch()}
      />
    );
  }
  if (!referrals.data) return <p className="referral__muted">{t('wallet.loading')}</p>;
  const { code, programme, invitees, totalRewardMinor } = referrals.data;
  const link = referralLinkOf(code);
  const enabled = programme.availablePromo.REFERRAL.enabled;
  return (
    <div className="referral" data-testid="referral">
      <section className="referral__share">
        <QrImage text={link} size={132} className="referral__qr" />
        <div className="referral__share-text">
          <div className="referral__code">
            <span>{t('referral.code')}</span>
            <strong data-testid="referral-code">{code}</strong>
            <CopyButton text={code} label={t('referral.copyCode')} className="referral__copy" />
          </div>
          <a className="referral__link" href={link} data-testid="referral-link">
            {link}
          </a>
          <CopyButton text={link} label={t('referral.copyLink')} className="referral__copy" />
        </div>
      </section>
      <p className="referral__terms" data-testid="referral-terms">
        {enabled ? t('referral.how') : t('referral.paused')}
      </p>
      {enabled ? (
        <dl className="referral__facts">
          <div>
            <dt>{t('referral.rewardPerFriend')}</dt>
            <dd>{money(programme.rewardMinor)}</dd>
          </div>
          {programme.minFirstDepositMinor === null ? null : (
            <div>
              <dt>{t('referral.minDeposit')}</dt>
              <dd>{money(programme.minFirstDepositMinor)}</dd>
            </div>
          )}
          {programme.minValidBetsMinor === null ? null : (
            <div>
              <dt>{t('referral.minBets')}</dt>
              <dd>{money(programme.minValidBetsMinor)}</dd>
            </div>
          )}
          <div>
            <dt>{t('referral.paidAs')}</dt>
            <dd>
              {programme.wageringMultiplier === 0
                ? t('referral.cash')
                : t('referral.bonus', { n: programme.wageringMultiplier })}
            </dd>
          </div>
          <div>
            <dt>{t('referral.total')}</dt>
            <dd data-testid="referral-total">{money(totalRewardMinor)}</dd>
          </div>
        </dl>
      ) : null}
      <h3 className="referral__heading">{t('referral.invitees')}</h3>
      <InviteeList invitees={invitees} />
    </div>
  );
}
