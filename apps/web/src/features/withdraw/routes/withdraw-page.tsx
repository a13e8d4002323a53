import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { usePayeeAccounts } from '../../../shared/api/payees.ts';
import { useBalanceHidden } from '../../../shared/state/balance-hidden.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { usePaymentPasswordState } from '../api/payment-password-state.ts';
import { AddPayeeForm } from '../components/add-payee-form.tsx';
import { WithdrawForm } from '../components/withdraw-form.tsx';
import { WithdrawalHistory } from '../components/withdrawal-history.tsx';
import '../components/withdraw.css';
import { MAX_PAYEE_ACCOUNTS } from '@fortuna/contracts/withdrawal';

/**
 * Spec 2.6 withdraw: money leaves for one of the member's own payee accounts with the payment
 * password. Without a password the page says where to set it; without a payee account it asks
 * for one first. The history below carries the confirmation of receipt (spec 4.10).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [hidden] = useBalanceHidden();
  const password = usePaymentPasswordState();
  const payees = usePayeeAccounts();
  const [adding, setAdding] = useState(false);
  const [addedPayeeId, setAddedPayeeId] = useState<string | null>(null);
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  const failed = password.error ?? payees.error;
  const list = payees.data?.payees ?? [];

  return (
    <div className="withdraw-page" data-testid="withdraw-page">
      <section className="withdraw-card">
        <div className="withdraw-card__head">
          <h3 className="withdraw-card__title">{t('withdraw.newTitle')}</h3>
          {balance.data ? (
            <span className="withdraw-muted" data-testid="withdraw-balance">
              {t('withdraw.available')}{' '}
              <Money minor={balance.data.balanceMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
            </span>
          ) : null}
        </div>
        {failed ? (
          <QueryFailure
            error={failed}
            retryLabel={t('withdraw.retry')}
            onRetry={() => {
              void password.refetch();
              void payees.refetch();
            }}
          />
        ) : !password.data || !payees.data || balance.isPending ? (
          <p className="withdraw-muted">{t('withdraw.loading')}</p>
        ) : !password.data.isSet ? (
          <p className="withdraw-note" data-testid="payment-password-needed">
            {t('withdraw.paymentPasswordNeeded')}{' '}
            <Link className="account-link" to={{ search: '?page=securityCenter' }} replace>
              {t('withdraw.setItNow')}
            </Link>
          </p>
        ) : list.length === 0 || adding ? (
          <>
            <p className="withdraw-muted">
              {t(list.length === 0 ? 'withdraw.payee.firstNote' : 'withdraw.payee.moreNote')}
            </p>
            <AddPayeeForm
              payeeName={payees.data.payeeName}
              onAdded={(payee) => {
                setAddedPayeeId(payee.id);
                setAdding(false);
              }}
              onCancel={list.length === 0 ? undefined : () => setAdding(false)}
            />
          </>
        ) : (
          <WithdrawForm
            payees={list}
            initialPayeeId={addedPayeeId}
            symbol={symbol}
            decimals={decimals}
            onAddPayee={list.length < MAX_PAYEE_ACCOUNTS ? () => setAdding(true) : null}
          />
        )}
      </section>
      <WithdrawalHistory symbol={symbol} decimals={decimals} hidden={hidden} />
    </div>
  );
}
