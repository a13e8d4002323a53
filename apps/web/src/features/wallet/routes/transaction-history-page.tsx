import { RECORD_TYPES, type RecordType } from '@fortuna/contracts/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import {
  lastDays,
  QUICK_RANGES,
  type QuickRange,
  rangeInstants,
} from '../../../shared/format/records-range.ts';
import { useBalanceHidden } from '../../../shared/state/balance-hidden.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { type AccountRecordsFilter, useAccountRecords } from '../api/account-records.ts';
import '../components/wallet.css';

const PAGE_SIZE = 20;

/**
 * Spec 2.6 transactionHistory ("Account record"): the member's ledger lines by type and date
 * range (quick picks: last 7 and 30 days), newest first, paged; amounts signed and coloured with
 * the balance after each line.
 */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<RecordType | ''>('');
  const [days, setDays] = useState(() => lastDays(7));
  const [quick, setQuick] = useState<QuickRange | null>(7);
  const [page, setPage] = useState(1);
  const [hidden] = useBalanceHidden();
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  const rangeValid = days.from !== '' && days.to !== '' && days.from <= days.to;

  const filter: AccountRecordsFilter = {
    type: type || undefined,
    ...rangeInstants(days.from, days.to),
    page,
    pageSize: PAGE_SIZE,
  };
  const records = useAccountRecords(filter, rangeValid);
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / records.data.pageSize)) : 1;

  const changeDays = (next: { from: string; to: string }, pick: QuickRange | null) => {
    setDays(next);
    setQuick(pick);
    setPage(1);
  };

  return (
    <div className="wallet-page">
      <div className="records-filter" data-testid="records-filter">
        <label className="records-filter__field">
          <span>{t('records.type')}</span>
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value as RecordType | '');
              setPage(1);
            }}
          >
            <option value="">{t('records.allTypes')}</option>
            {RECORD_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`records.types.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="records-filter__field">
          <span>{t('records.from')}</span>
          <input
            type="date"
            value={days.from}
            max={days.to}
            onChange={(event) => changeDays({ ...days, from: event.target.value }, null)}
          />
        </label>
        <label className="records-filter__field">
          <span>{t('records.to')}</span>
          <input
            type="date"
            value={days.to}
            min={days.from}
            onChange={(event) => changeDays({ ...days, to: event.target.value }, null)}
          />
        </label>
        <fieldset className="records-filter__quick">
          <legend className="visually-hidden">{t('records.quickPicks')}</legend>
          {QUICK_RANGES.map((count) => (
            <button
              key={count}
              type="button"
              className="wallet-chip"
              aria-pressed={quick === count}
              onClick={() => changeDays(lastDays(count), count)}
            >
              {t('records.lastDays', { count })}
            </button>
          ))}
        </fieldset>
      </div>

      {!rangeValid ? (
        <p className="account-form__error" role="alert">
          {t('records.badRange')}
        </p>
      ) : records.isError ? (
        <QueryFailure
          retryLabel={t('wallet.retry')}
          error={records.error}
          onRetry={() => records.refetch()}
        />
      ) : !records.data ? (
        <p className="wallet-muted">{t('wallet.loading')}</p>
      ) : records.data.items.length === 0 ? (
        <p className="account-note" data-testid="records-empty">
          {t('records.empty')}
        </p>
      ) : (
        <>
          <div className="records-table-wrap">
            <table className="records-table" data-testid="records-table" aria-busy={records.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.type')}</th>
                  <th scope="col">{t('records.wallet')}</th>
                  <th scope="col" className="records-table__amount">
                    {t('records.amount')}
                  </th>
                  <th scope="col" className="records-table__amount">
                    {t('records.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {records.data.items.map((record) => (
                  <tr key={record.id} data-testid="record-row">
                    <td data-label={t('records.time')}>{formatDateTime(record.createdAt)}</td>
                    <td data-label={t('records.type')}>{t(`records.types.${record.type}`)}</td>
                    <td data-label={t('records.wallet')}>
                      {record.wallet === 'MAIN' ? t('wallet.mainWallet') : record.wallet}
                    </td>
                    <td data-label={t('records.amount')} className="records-table__amount">
                      <Money minor={record.amountMinor} symbol={symbol} decimals={decimals} signed />
                    </td>
                    <td data-label={t('records.balanceAfter')} className="records-table__amount">
                      <Money
                        minor={record.balanceAfterMinor}
                        symbol={symbol}
                        decimals={decimals}
                        hidden={hidden}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="records-pager" aria-label={t('records.pages')}>
            <button
              type="button"
              className="button button--ghost"
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
            >
              {t('records.previous')}
            </button>
            <span data-testid="records-page">{t('records.pageOf', { page, pages })}</span>
            <button
              type="button"
              className="button button--ghost"
              disabled={page >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              {t('records.next')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
