import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';

/** A wallet call that could not be answered: what went wrong, and a way to ask again. */
export function QueryFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-failure" role="alert">
      <span>{failureMessage(error, t)}</span>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('wallet.retry')}
      </button>
    </div>
  );
}
