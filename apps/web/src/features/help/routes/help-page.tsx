import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { SafeHtml } from '../../../shared/ui/safe-html.tsx';
import { useHelpCenter } from '../api/get-help-center.ts';
import './help-page.css';

/** The help centre from the server's articles; `#term` opens at the terms and conditions (spec 2.1). */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const anchor = hash.slice(1);
  const help = useHelpCenter(i18n.language);

  // The articles arrive after the navigation, so the anchor is honoured once they are on the page.
  useEffect(() => {
    if (!help.data || !anchor) return;
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [help.data, anchor]);

  return (
    <div className="help">
      <PageTitle icon={<CategoryIcon name="HELP" size={32} />}>{t('help.title')}</PageTitle>
      <p className="help__intro">{t('help.intro')}</p>
      {help.isPending ? <FullPageLoader label={t('help.loading')} inline /> : null}
      {help.isError ? (
        <p className="help__error" role="alert">
          <UiIcon name="warning" /> {t('help.loadFailed')}
        </p>
      ) : null}
      {help.data && help.data.length === 0 ? (
        <EmptyState title={t('help.empty')} text={t('help.emptyText')} />
      ) : null}
      {help.data && help.data.length > 0 ? (
        <nav className="help__index" aria-label={t('help.topics')}>
          {help.data.map((category) => (
            <Link
              key={category.id}
              to={{ hash: category.id }}
              className="help__chip"
              aria-current={category.id === anchor ? 'location' : undefined}
            >
              {category.title}
            </Link>
          ))}
        </nav>
      ) : null}
      {help.data?.map((category) => (
        <section
          key={category.id}
          id={category.id}
          className="help__category"
          aria-labelledby={`help-${category.id}`}
        >
          <h2 id={`help-${category.id}`}>{category.title}</h2>
          {category.articles.map((article) => (
            <details key={article.id} className="help__article" open={category.id === anchor}>
              <summary>
                {article.title}
                <UiIcon name="chevron-down" size={18} />
              </summary>
              <SafeHtml className="help__content" html={article.contentHtml} />
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
