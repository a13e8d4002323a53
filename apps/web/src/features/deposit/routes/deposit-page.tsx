import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { useBalanceHidden } from '../../../shared/state/balance-hidden.ts';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useDepositChannels } from '../api/deposit-channels.ts';
import { DepositForm } from '../components/deposit-form.tsx';
import { DepositHistory } from '../components/deposit-history.tsx';
import { DepositOrderStatus } from '../components/deposit-order-status.tsx';
import '../components/deposit.css';

/**
 * Spec 2.6 depositv2. With `?order=<orderNo>` (the gateway sends the payer back so, and a bank
 * transfer lands here once reported) it shows that order; otherwise a new deposit. The history
 * is below either way.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const orderNo = search.get('order');
  const channels = useDepositChannels();
  const balance = useBalance();
  const [hidden] = useBalanceHidden();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;

  const showOrder = (next: string | null) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('order', next);
        else params.delete('order');
        return params;
      },
      { replace: true },
    );

  const list = channels.data?.channels ?? [];
  return (
    <div className="deposit-page" data-testid="deposit-page">
      {orderNo ? (
        <DepositOrderStatus
          key={orderNo}
          orderNo={orderNo}
          symbol={symbol}
          decimals={decimals}
          channels={list}
          onNewDeposit={() => showOrder(null)}
        />
      ) : (
        <section className="deposit-card">
          <h3 className="deposit-card__title">{t('deposit.newTitle')}</h3>
          {channels.isError ? (
            <QueryFailure
              error={channels.error}
              retryLabel={t('deposit.retry')}
              onRetry={() => void channels.refetch()}
            />
          ) : !channels.data || balance.isPending ? (
            <p className="deposit-muted">{t('deposit.loading')}</p>
          ) : list.length === 0 ? (
            <p className="deposit-muted">{t('deposit.noChannels')}</p>
          ) : (
            <DepositForm
              channels={list}
              symbol={symbol}
              decimals={decimals}
              onOrder={(order) => showOrder(order.orderNo)}
            />
          )}
        </section>
      )}
      <DepositHistory symbol={symbol} decimals={decimals} hidden={hidden} channels={list} />
    </div>
  );
}
