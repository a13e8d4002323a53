import {
  ANNOUNCEMENT_MARGIN_PAGES,
  ANNOUNCEMENT_PAGE_RANGE,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
} from '@fortuna/contracts/announcements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { NumberedPager } from '../../../shared/ui/numbered-pager.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementDetail } from '../components/announcement-detail.tsx';
import './news-page.css';

/** Spec 2.12 news: the published announcements as articles, newest first, by type, 9 a page. */
export function NewsPage() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<AnnouncementType | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const news = useAnnouncements(i18n.language, false, pageNo, type);
  const choose = (next: AnnouncementType | undefined) => {
    setType(next);
    setPageNo(1);
  };
  return (
    <div className="news">
      <PageTitle icon={<UiIcon name="megaphone" size={30} />}>{t('news.title')}</PageTitle>
      <fieldset className="news__filters">
        <legend className="visually-hidden">{t('news.filter')}</legend>
        {[undefined, ...ANNOUNCEMENT_TYPES].map((option) => (
          <button
            key={option ?? 'all'}
            type="button"
            className="news__chip"
            aria-pressed={option === type}
            onClick={() => choose(option)}
          >
            {t(option ? `news.types.${option}` : 'news.all')}
          </button>
        ))}
      </fieldset>
      {news.isPending ? <FullPageLoader label={t('announcements.loading')} inline /> : null}
      {news.isError ? (
        <p className="news__error" role="alert">
          <UiIcon name="warning" /> {t('announcements.loadFailed')}
        </p>
      ) : null}
      {news.data && news.data.list.length === 0 ? (
        <EmptyState title={t('announcements.empty')} text={t('announcements.emptyText')} />
      ) : null}
      <div className="news__list" data-testid="news-list">
        {news.data?.list.map((item) => (
          <div key={item.id} className="news__article">
            <AnnouncementDetail item={item} id={`news-${item.id}`} />
          </div>
        ))}
      </div>
      <NumberedPager
        page={pageNo}
        totalPages={news.data?.totalPages ?? 1}
        range={ANNOUNCEMENT_PAGE_RANGE}
        margin={ANNOUNCEMENT_MARGIN_PAGES}
        onPage={(page) => {
          setPageNo(page);
          window.scrollTo({ top: 0 });
        }}
        testId="news-pager"
      />
    </div>
  );
}
