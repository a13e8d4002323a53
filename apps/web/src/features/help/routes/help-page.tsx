import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useHelpCenter } from '../api/get-help-center.ts';
import './help-page.css';

/** The help centre; `#term` opens at the terms and conditions (spec 2.1). */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const help = useHelpCenter(i18n.language);

  useEffect(() => {
    if (!help.data || !hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [help.data, hash]);

  return (
    <div className="help">
      <PageTitle>{t('help.title')}</PageTitle>
      <p className="help__intro">{t('help.intro')}</p>
      {help.isPending ? <p role="status">{t('help.loading')}</p> : null}
      {help.isError ? (
        <p className="help__error" role="alert">
          <UiIcon name="warning" /> {help.error.message}
        </p>
      ) : null}
      {help.data && help.data.length === 0 ? (
        <EmptyState title={t('help.empty')} text={t('pages.emptyText')} />
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
            <details key={article.id} className="help__article" open={category.id === hash.slice(1)}>
              <summary>{article.title}</summary>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises help HTML before sending it (help-center.ts). */}
              <div className="help__content" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
