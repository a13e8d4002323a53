import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../format/date-time.ts';
import { Pager } from './pager.tsx';
import { QueryFailure } from './query-failure.tsx';
import './paged-history.css';

/**
 * One page of the member's orders (deposits, withdrawals), newest first: the failure with a retry,
 * loading, "none yet", or the list and the pager. The caller keeps the page number, so its query
 * hook asks for the page shown.
 */
export function PagedHistory<Page extends { page: number; total: number }, Item>({
  history,
  itemsOf,
  pageSize,
  onPage,
  texts,
  pagerTestId,
  itemTestId,
  children,
}: {
  history: UseQueryResult<Page>;
  itemsOf: (page: Page) => Item[];
  pageSize: number;
  onPage: (page: number) => void;
  texts: { retry: string; loading: string; empty: string };
  pagerTestId: string;
  /** Each line's test id, which is also its key: the order number is in it. */
  itemTestId: (item: Item) => string;
  children: (item: Item) => ReactNode;
}) {
  if (history.isError)
    return (
      <QueryFailure error={history.error} retryLabel={texts.retry} onRetry={() => void history.refetch()} />
    );
  if (!history.data) return <p className="paged-history__note">{texts.loading}</p>;
  const items = itemsOf(history.data);
  if (items.length === 0) return <p className="paged-history__note">{texts.empty}</p>;
  return (
    <>
      <ul className="paged-history">
        {items.map((item) => (
          <li key={itemTestId(item)} className="paged-history__item" data-testid={itemTestId(item)}>
            {children(item)}
          </li>
        ))}
      </ul>
      <Pager
        page={history.data.page}
        pageSize={pageSize}
        total={history.data.total}
        onPage={onPage}
        testId={pagerTestId}
      />
    </>
  );
}

/** An order's line: its number and when it was made with `detail`; the amount and status on the right. */
export function HistoryLine({
  orderNo,
  createdAt,
  detail,
  amount,
  status,
}: {
  orderNo: string;
  createdAt: string;
  detail: ReactNode;
  amount: ReactNode;
  status: ReactNode;
}) {
  return (
    <div className="paged-history__row">
      <span className="paged-history__main">
        <span className="paged-history__no">{orderNo}</span>
        <span className="paged-history__note">
          {formatDateTime(createdAt)} · {detail}
        </span>
      </span>
      <span className="paged-history__side">
        {amount}
        {status}
      </span>
    </div>
  );
}
