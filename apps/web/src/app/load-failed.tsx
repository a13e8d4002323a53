import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../shared/art/brand-logo.tsx';
import { UiIcon } from '../shared/art/ui-icon.tsx';
import '../features/startup/components/status-page.css';

/** Shown when the lobby cannot load its start-up data: a way out, never a blank page. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <div className="status-page__card" role="alert">
        <BrandLogo height={36} />
        <UiIcon name="warning" size={48} />
        <h1 className="status-page__title">{t('startup.loadFailedTitle')}</h1>
        <p className="status-page__text">{t('startup.loadFailedText')}</p>
        <button type="button" className="button button--gold" onClick={onRetry}>
          <UiIcon name="refresh" />
          {t('startup.retry')}
        </button>
      </div>
    </main>
  );
}
