import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import type { LaterScreen } from '../later-screens.ts';

/**
 * A route whose screen belongs to a later issue: its title and an honest empty state, never
 * pretend content.
 */
export function ComingPage({ screen: { titleKey, emptyKey, icon } }: { screen: LaterScreen }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle icon={<CategoryIcon name={icon} size={32} />}>{t(titleKey)}</PageTitle>
      <EmptyState
        title={t('empty.title')}
        text={t(emptyKey)}
        action={
          <Link className="button button--gold" to="/">
            {t('pages.backHome')}
          </Link>
        }
      />
    </>
  );
}
