import type { Invitee } from '@fortuna/contracts/referrals';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';

/** The friends who registered with the member's link: masked name, when, their state and the reward. */
export function InviteeList({ invitees }: { invitees: Invitee[] }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  if (invitees.length === 0) return <p className="referral__muted">{t('referral.noInvitees')}</p>;
  return (
    <ul className="referral__invitees" data-testid="referral-invitees">
      {invitees.map((invitee) => (
        <li
          key={`${invitee.name}-${invitee.registeredAt}`}
          className="referral__invitee"
          data-state={invitee.state}
          data-testid="referral-invitee"
        >
          <span className="referral__invitee-name">{invitee.name}</span>
          <span className="referral__muted">{formatDateTime(invitee.registeredAt)}</span>
          <span className={`referral__state referral__state--${invitee.state.toLowerCase()}`}>
            {t(`referral.state.${invitee.state}`)}
          </span>
          <span className="referral__reward" data-testid="referral-invitee-reward">
            {invitee.rewardMinor === null ? '—' : money(invitee.rewardMinor)}
          </span>
        </li>
      ))}
    </ul>
  );
}
