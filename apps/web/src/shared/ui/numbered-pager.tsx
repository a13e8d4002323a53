import { useTranslation } from 'react-i18next';
import { pageItems } from './page-items.ts';
import './numbered-pager.css';

/** Previous, numbered pages with gaps (spec 9 range and margins), next. Hidden for one page. */
export function NumberedPager({
  page,
  totalPages,
  range,
  margin,
  onPage,
  testId,
}: {
  page: number;
  totalPages: number;
  range: number;
  margin: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="numbered-pager" aria-label={t('pager.label')} data-testid={testId}>
      <button
        type="button"
        className="numbered-pager__step"
        aria-label={t('pager.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹
      </button>
      {pageItems(page, totalPages, range, margin).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
          <span key={`gap-${index}`} className="numbered-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="numbered-pager__page"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pager.page', { page: item })}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="numbered-pager__step"
        aria-label={t('pager.next')}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
