import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store.ts';

/** Who is logged in, as member info says it: account, nickname, and the masked phone and e-mail. */
export function AccountSummary() {
  const { t } = useTranslation();
  const member = useSession((state) => state.memberInfo);
  const rows: [label: string, value: string | null | undefined][] = [
    [t('wallet.account'), member?.account],
    [t('wallet.nickname'), member?.nickname],
    [t('wallet.mobile'), member?.mobile],
    [t('wallet.email'), member?.email],
  ];
  return (
    <dl className="wallet-facts" data-testid="account-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="wallet-facts__row">
          <dt>{label}</dt>
          <dd>{value || <span className="wallet-muted">{t('wallet.notProvided')}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
