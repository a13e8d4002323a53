import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store.ts';
import { Facts } from '../../../shared/ui/facts.tsx';

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
    <Facts
      testId="account-summary"
      facts={rows.map(([label, value]) => ({
        label,
        value: value || <span className="wallet-muted">{t('wallet.notProvided')}</span>,
      }))}
    />
  );
}
