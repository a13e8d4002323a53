import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';

/**
 * What every report passes through before its table: a period that cannot be asked for (said
 * here, never sent), a failed read with a retry, loading, and nothing in the period.
 */
export function ReportResult({
  problem,
  maxDays,
  query,
  empty,
  emptyText,
  children,
}: {
  problem: 'badRange' | 'tooLong' | null;
  maxDays: number;
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: unknown };
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (problem)
    return (
      <p className="report__error" role="alert">
        {problem === 'badRange' ? t('records.badRange') : t('agent.tooLong', { count: maxDays })}
      </p>
    );
  if (query.isError)
    return (
      <QueryFailure retryLabel={t('wallet.retry')} error={query.error} onRetry={() => query.refetch()} />
    );
  if (query.data === undefined) return <p className="report__note">{t('wallet.loading')}</p>;
  if (empty)
    return (
      <p className="report__note" data-testid="report-empty">
        {emptyText}
      </p>
    );
  return <>{children}</>;
}
