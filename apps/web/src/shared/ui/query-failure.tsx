import { useTranslation } from 'react-i18next';
import { failureMessage } from './form/failure-message.ts';
import './query-failure.css';

/** A call that could not be answered: what went wrong and, given `onRetry`, a way to ask again. */
export function QueryFailure({
  error,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="query-failure" role="alert">
      <span>{failureMessage(error, t)}</span>
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
