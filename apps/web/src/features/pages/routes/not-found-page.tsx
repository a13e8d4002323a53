import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundIllustration } from '../../../shared/art/illustrations.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      art={<NotFoundIllustration size={200} />}
      title={t('pages.notFoundTitle')}
      text={t('pages.notFoundText')}
      action={
        <Link className="button button--gold" to="/">
          {t('pages.backHome')}
        </Link>
      }
    />
  );
}
