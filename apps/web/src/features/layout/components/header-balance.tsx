import { formatMinorUnits } from '@fortuna/contracts/wallet';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance, useHasWallet } from '../../../shared/api/get-balance.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { useBalanceHidden } from '../../../shared/state/balance-hidden.ts';
import './header-balance.css';

/** A hammered refresh button would only queue calls that answer the same thing. */
export const BALANCE_REFRESH_THROTTLE_MS = 1000;
/** Always the same count: the hidden form must not tell how many digits the balance has. */
const HIDDEN_AMOUNT = '******';

/**
 * Spec 2.4: the member's balance in the header — currency symbol and amount with 2 decimals and
 * grouping, a refresh button and a hide toggle that shows asterisks instead. Guests and trial
 * accounts have no wallet and see nothing.
 */
export function HeaderBalance() {
  const hasWallet = useHasWallet();
  if (!hasWallet) return null;
  return <WalletBalance />;
}

function WalletBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [hidden, toggleHidden] = useBalanceHidden();
  const lastRefreshAt = useRef(Number.NEGATIVE_INFINITY);
  const failed = balance.isError;

  const refresh = () => {
    if (balance.isFetching || Date.now() - lastRefreshAt.current < BALANCE_REFRESH_THROTTLE_MS) return;
    lastRefreshAt.current = Date.now();
    void balance.refetch();
  };

  let amount: ReactNode;
  if (failed) {
    // A failed refresh may leave an old figure in the cache: money is not shown from memory.
    amount = (
      <>
        <span className="header-balance__dash" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">{t('balance.unavailable')}</span>
      </>
    );
  } else if (!balance.data) {
    amount = (
      <>
        <span className="header-balance__skeleton" aria-hidden="true" />
        <span className="visually-hidden">{t('balance.loading')}</span>
      </>
    );
  } else {
    const { currencySymbol, balanceMinor, decimals } = balance.data;
    amount = (
      <>
        <span className="header-balance__symbol">{currencySymbol}</span>{' '}
        {hidden ? (
          <>
            <span className="header-balance__hidden" aria-hidden="true">
              {HIDDEN_AMOUNT}
            </span>
            <span className="visually-hidden">{t('balance.hidden')}</span>
          </>
        ) : (
          <span className="header-balance__figure">{formatMinorUnits(balanceMinor, decimals)}</span>
        )}
      </>
    );
  }

  const refreshLabel = failed ? t('balance.retry') : t('balance.refresh');
  const refreshClass = [
    'header-balance__button',
    balance.isFetching ? 'header-balance__button--spinning' : '',
    failed ? 'header-balance__button--retry' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset belongs to a form; this names a read-out and its two buttons as one thing.
    <div className="header-balance" role="group" aria-label={t('balance.label')} data-testid="header-balance">
      <span className="header-balance__amount" data-testid="header-balance-amount">
        {amount}
      </span>
      <button
        type="button"
        className={refreshClass}
        aria-label={refreshLabel}
        title={refreshLabel}
        aria-busy={balance.isFetching}
        onClick={refresh}
      >
        <UiIcon name="refresh" size={16} />
      </button>
      <button
        type="button"
        className="header-balance__button"
        aria-label={t('balance.hide')}
        title={t('balance.hide')}
        aria-pressed={hidden}
        onClick={toggleHidden}
      >
        <UiIcon name={hidden ? 'eye-off' : 'eye'} size={16} />
      </button>
    </div>
  );
}
