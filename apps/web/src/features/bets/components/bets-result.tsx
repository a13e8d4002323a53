import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';

/**
 * The states both bets pages pass through before their table: a range that cannot be asked for,
 * a failed read with retry, loading, and nothing in the range.
 */
export function BetsResult(props: {
  rangeValid: boolean;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  loaded: boolean;
  empty: boolean;
  emptyKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (!props.rangeValid)
    return (
      <p className="bets-page__error" role="alert">
        {t('records.badRange')}
      </p>
    );
  if (query.isError)
    return (
      <QueryFailure retryLabel={t('wallet.retry')} error={query.error} onRetry={() => query.refetch()} />
    );
  if (!props.loaded) return <p className="bets-page__note">{t('wallet.loading')}</p>;
  if (props.empty)
    return (
      <p className="bets-page__note" data-testid="bets-empty">
        {t(props.emptyKey)}
      </p>
    );
  return <>{props.children}</>;
}
