import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { usePaymentPasswordState } from '../api/payment-password.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { PayeeAccounts } from '../components/payee-accounts.tsx';
import { PaymentPasswordForm } from '../components/payment-password-form.tsx';
import '../components/wallet.css';

/**
 * Spec 2.6 securityCenter ("My account"): who the member is and the payment password that guards
 * money leaving the wallet — set the first time, changed afterwards — and the payee accounts
 * withdrawals are paid to.
 */
export function SecurityCenterPage() {
  const { t } = useTranslation();
  const state = usePaymentPasswordState();
  const [changing, setChanging] = useState(false);
  const isSet = state.data?.isSet;

  return (
    <div className="wallet-page">
      <section className="wallet-card">
        <h3 className="wallet-card__title">
          <UiIcon name="user" size={18} /> {t('wallet.accountTitle')}
        </h3>
        <AccountSummary />
      </section>

      <section className="wallet-card" data-testid="payment-password-card">
        <h3 className="wallet-card__title">
          <UiIcon name="lock" size={18} /> {t('wallet.paymentPassword')}
          {isSet === undefined ? null : (
            <span
              className={`wallet-badge wallet-badge--${isSet ? 'ok' : 'warn'}`}
              data-testid="payment-password-state"
            >
              {t(isSet ? 'wallet.isSet' : 'wallet.notSet')}
            </span>
          )}
        </h3>
        {state.isError ? (
          <QueryFailure retryLabel={t('wallet.retry')} error={state.error} onRetry={() => state.refetch()} />
        ) : isSet === undefined ? (
          <p className="wallet-muted">{t('wallet.loading')}</p>
        ) : isSet && !changing ? (
          <div className="wallet-row">
            <p className="wallet-muted">{t('wallet.paymentPasswordSetNote')}</p>
            <button type="button" className="button button--ghost" onClick={() => setChanging(true)}>
              {t('wallet.changePaymentPassword')}
            </button>
          </div>
        ) : (
          <>
            <p className="wallet-muted">
              {t(isSet ? 'wallet.changePaymentPasswordNote' : 'wallet.setPaymentPasswordNote')}
            </p>
            <PaymentPasswordForm mode={isSet ? 'change' : 'set'} onDone={() => setChanging(false)} />
          </>
        )}
      </section>

      <section className="wallet-card">
        <h3 className="wallet-card__title">
          <UiIcon name="wallet" size={18} /> {t('wallet.payeeAccounts')}
        </h3>
        <PayeeAccounts />
      </section>
    </div>
  );
}
