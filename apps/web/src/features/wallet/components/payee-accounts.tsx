import { MAX_PAYEE_ACCOUNTS, type Payee } from '@fortuna/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payeeAccountsQuery, removePayeeAccount, usePayeeAccounts } from '../../../shared/api/payees.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { AddPayeeForm } from './add-payee-form.tsx';

/** The member's payee accounts for withdrawals: listed, added (up to the limit) and removed. */
export function PayeeAccounts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const payees = usePayeeAccounts();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (payees.isError)
    return (
      <QueryFailure retryLabel={t('wallet.retry')} error={payees.error} onRetry={() => payees.refetch()} />
    );
  if (!payees.data) return <p className="wallet-muted">{t('wallet.loading')}</p>;
  const { payees: list, payeeName } = payees.data;
  const full = list.length >= MAX_PAYEE_ACCOUNTS;

  const confirmRemoval = (payee: Payee) =>
    openDialog({
      title: t('wallet.payee.removeTitle'),
      icon: 'warning',
      testId: 'confirm-payee-removal',
      body: t('wallet.payee.removeText', { account: `${payee.institution} ${payee.accountNumberMasked}` }),
      buttons: [
        { labelKey: 'dialog.cancel', variant: 'ghost' },
        {
          labelKey: 'wallet.payee.remove',
          onClick: () => {
            setError(null);
            removePayeeAccount(payee.id)
              .catch((failure: unknown) => setError(failureMessage(failure, t)))
              .finally(() => void queryClient.invalidateQueries({ queryKey: payeeAccountsQuery.queryKey }));
          },
        },
      ],
    });

  return (
    <div className="wallet-page" data-testid="payee-accounts">
      {list.length === 0 ? (
        <p className="wallet-muted">{t('wallet.payee.none')}</p>
      ) : (
        <ul className="wallet-list">
          {list.map((payee) => (
            <li key={payee.id} className="wallet-list__item payee-item" data-testid="payee-item">
              <span className="payee-item__text">
                <strong>
                  {payee.institution} · {t(`wallet.payee.kinds.${payee.kind}`)}
                </strong>
                <span className="wallet-muted">
                  {payee.accountName} · {payee.accountNumberMasked}
                </span>
              </span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('wallet.payee.removeOne', {
                  account: `${payee.institution} ${payee.accountNumberMasked}`,
                })}
                onClick={() => confirmRemoval(payee)}
              >
                {t('wallet.payee.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="account-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {full ? (
        <p className="wallet-muted">{t('wallet.payee.full', { count: MAX_PAYEE_ACCOUNTS })}</p>
      ) : adding ? (
        <AddPayeeForm payeeName={payeeName} onDone={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
            {t('wallet.payee.addOne')}
          </button>
        </div>
      )}
    </div>
  );
}
