import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { UiIcon } from '../shared/art/ui-icon.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';

/**
 * Shown in place of a page that failed to load (usually a script chunk lost to a new deploy
 * or a dropped connection): a way to retry rather than a blank page.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The message is for developers; players get the translated text.
  if (import.meta.env.DEV) console.error(error);
  return (
    <EmptyState
      title={t('errors.chunkTitle')}
      text={t('errors.chunk')}
      action={
        <button type="button" className="button button--gold" onClick={() => window.location.reload()}>
          <UiIcon name="refresh" />
          {t('startup.retry')}
        </button>
      }
    />
  );
}
