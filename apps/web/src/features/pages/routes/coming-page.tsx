import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/**
 * A route whose screen belongs to a later module: its title and an honest empty state, never
 * pretend content.
 */
export function ComingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <EmptyState
        title={t('pages.emptyTitle')}
        text={t('pages.emptyText')}
        action={
          <Link className="button button--gold" to="/">
            {t('pages.backHome')}
          </Link>
        }
      />
    </>
  );
}
