import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { usePaymentPasswordState } from '../api/payment-password.ts';
import { MemberTransferForm } from '../components/member-transfer-form.tsx';
import '../components/wallet.css';

/**
 * Spec 2.6 transferUpline: a member pays its upline; an agent may also pay a member of its own
 * line. Money leaves the wallet only with the payment password, so without one the page says
 * where to set it.
 */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const state = usePaymentPasswordState();
  const balance = useBalance();
  const failed = state.isError ? state : balance.isError ? balance : null;
  if (failed)
    return (
      <QueryFailure retryLabel={t('wallet.retry')} error={failed.error} onRetry={() => failed.refetch()} />
    );
  if (!state.data || !balance.data) return <p className="wallet-muted">{t('wallet.loading')}</p>;
  return (
    <div className="wallet-page">
      {state.data.isSet ? (
        <section className="wallet-card">
          <MemberTransferForm symbol={balance.data.currencySymbol} decimals={balance.data.decimals} />
        </section>
      ) : (
        <p className="account-note" data-testid="payment-password-needed">
          {t('wallet.paymentPasswordNeeded')}{' '}
          <Link className="account-link" to={{ search: '?page=securityCenter' }} replace>
            {t('wallet.setItNow')}
          </Link>
        </p>
      )}
    </div>
  );
}
