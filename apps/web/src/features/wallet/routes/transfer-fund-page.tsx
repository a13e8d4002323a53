import { MAIN_WALLET } from '@fortuna/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../shared/api/get-balance.ts';
import { useBalanceHidden } from '../../../shared/state/balance-hidden.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import {
  transferBetweenWallets,
  useConsolidatedFunds,
  useTransferVendors,
  WALLETS_QUERY_KEY,
} from '../api/wallets.ts';
import { WalletTransferForm } from '../components/wallet-transfer-form.tsx';
import '../components/wallet.css';

/**
 * Spec 2.6 transferFund ("My wallet"): the main wallet and the consolidated total; in transfer
 * wallet mode every vendor wallet with a form to move money and a way to bring it all back; in
 * single-wallet mode (the default) one wallet serves every game and there is nothing to move,
 * except money left in game wallets from before the switch, which can only come back.
 */
export function TransferFundPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const funds = useConsolidatedFunds();
  const vendors = useTransferVendors();
  const [hidden] = useBalanceHidden();
  const [collecting, setCollecting] = useState(false);
  const [collectError, setCollectError] = useState<string | null>(null);

  if (funds.isError || vendors.isError) {
    return (
      <QueryFailure
        retryLabel={t('wallet.retry')}
        error={funds.error ?? vendors.error}
        onRetry={() => {
          void funds.refetch();
          void vendors.refetch();
        }}
      />
    );
  }
  if (!funds.data || !vendors.data) return <p className="wallet-muted">{t('wallet.loading')}</p>;

  const { currencySymbol: symbol, decimals } = funds.data;
  const withMoney = funds.data.wallets.filter((wallet) => BigInt(wallet.balanceMinor) > 0n);

  /** Brings every transfer wallet's money home, one transfer (with its own request id) each. */
  async function collectAll() {
    setCollecting(true);
    setCollectError(null);
    try {
      for (const wallet of withMoney) {
        await transferBetweenWallets({
          from: wallet.code,
          to: MAIN_WALLET,
          amountMinor: wallet.balanceMinor,
          requestId: crypto.randomUUID(),
        });
      }
    } catch (failure) {
      setCollectError(failureMessage(failure, t));
    } finally {
      setCollecting(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
      ]);
    }
  }

  /** The game wallets with their balances and the button that brings all their money home. */
  const gameWallets = (wallets: typeof withMoney, note: string | null) => (
    <section className="wallet-card">
      <div className="wallet-card__head">
        <h3 className="wallet-card__title">{t('wallet.gameWallets')}</h3>
        <button
          type="button"
          className="button button--ghost"
          disabled={collecting || withMoney.length === 0}
          onClick={() => void collectAll()}
        >
          {t('wallet.allToMain')}
        </button>
      </div>
      {note ? <p className="wallet-muted">{note}</p> : null}
      {collectError ? (
        <p className="account-form__error" role="alert">
          {collectError}
        </p>
      ) : null}
      {wallets.length === 0 ? (
        <p className="wallet-muted">{t('wallet.noGameWallets')}</p>
      ) : (
        <ul className="wallet-list" data-testid="vendor-wallets">
          {wallets.map((wallet) => (
            <li key={wallet.code} className="wallet-list__item">
              <span>{wallet.name}</span>
              <Money minor={wallet.balanceMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="wallet-page">
      <section className="wallet-summary" data-testid="wallet-summary">
        <div className="wallet-summary__item wallet-summary__item--main">
          <span className="wallet-summary__label">{t('wallet.mainWallet')}</span>
          <strong className="wallet-summary__value" data-testid="main-wallet-balance">
            <Money minor={funds.data.mainBalanceMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
          </strong>
        </div>
        <div className="wallet-summary__item">
          <span className="wallet-summary__label">{t('wallet.totalFunds')}</span>
          <strong className="wallet-summary__value">
            <Money minor={funds.data.totalMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
          </strong>
        </div>
      </section>

      {vendors.data.isSingle ? (
        <>
          <p className="account-note" data-testid="single-wallet-note">
            {t('wallet.singleWalletNote')}
          </p>
          {withMoney.length > 0 ? gameWallets(withMoney, t('wallet.leftoverNote')) : null}
        </>
      ) : (
        <>
          {gameWallets(vendors.data.vendors.length === 0 ? [] : funds.data.wallets, null)}
          {vendors.data.vendors.length > 0 ? (
            <section className="wallet-card">
              <h3 className="wallet-card__title">{t('wallet.transferTitle')}</h3>
              <WalletTransferForm vendors={vendors.data.vendors} decimals={decimals} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
