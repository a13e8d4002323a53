import { ANNOUNCEMENT_MARGIN_PAGES, ANNOUNCEMENT_PAGE_RANGE } from '@fortuna/contracts/announcements';
import { NEWS_PATH } from '@fortuna/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import type { AnnouncementPopupView } from '../../../shared/state/announcement-popup.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { NumberedPager } from '../../../shared/ui/numbered-pager.tsx';
import { useMediaQuery } from '../../../shared/ui/use-media-query.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementDetail } from './announcement-detail.tsx';
import { AnnouncementTitles } from './announcement-titles.tsx';
import './announcement-popup.css';

/**
 * Spec 2.8: paged titles on the left, the selected announcement on the right; the first one is
 * open until the reader chooses; a link to the reward centre closes the popup.
 */
export function AnnouncementPopup({ view, onClose }: { view: AnnouncementPopupView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  // undefined: the reader has not chosen yet, so the asked-for one (when listed) or the first is open.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const narrow = useMediaQuery('(max-width: 720px)');
  const list = useAnnouncements(i18n.language, view.mode === 'popup', pageNo);
  const items = list.data?.list ?? [];
  const asked = items.find((item) => item.id === view.selectedId);
  const selectedId = chosen === undefined ? ((asked ?? items[0])?.id ?? null) : chosen;
  const selected = items.find((item) => item.id === selectedId);

  return (
    <DialogFrame
      title={t('announcements.title')}
      onClose={onClose}
      showCloseButton
      className="announcement-popup"
      testId="announcement-popup"
    >
      {list.isPending ? <FullPageLoader label={t('announcements.loading')} inline /> : null}
      {list.isError ? (
        <p className="announcement-popup__error" role="alert">
          <UiIcon name="warning" /> {t('announcements.loadFailed')}
        </p>
      ) : null}
      {list.data && items.length === 0 ? (
        <EmptyState title={t('announcements.empty')} text={t('announcements.emptyText')} />
      ) : null}
      {items.length > 0 ? (
        <div className="announcement-popup__layout">
          <div className="announcement-popup__list">
            <AnnouncementTitles items={items} selectedId={selectedId} onSelect={setChosen} inline={narrow} />
            <NumberedPager
              page={pageNo}
              totalPages={list.data?.totalPages ?? 1}
              range={ANNOUNCEMENT_PAGE_RANGE}
              margin={ANNOUNCEMENT_MARGIN_PAGES}
              onPage={(page) => {
                setPageNo(page);
                setChosen(undefined);
              }}
              testId="announcement-pager"
            />
          </div>
          {narrow ? null : (
            <div className="announcement-popup__reader">
              {selected ? (
                <AnnouncementDetail item={selected} id={`announcement-${selected.id}`} />
              ) : (
                <p className="announcement-popup__hint">{t('announcements.chooseOne')}</p>
              )}
            </div>
          )}
        </div>
      ) : null}
      <footer className="announcement-popup__footer">
        <Link to={NEWS_PATH} className="button button--ghost" onClick={onClose}>
          {t('announcements.allNews')}
        </Link>
        <Link
          to="/member?page=rewardCenter"
          className="button button--gold"
          onClick={onClose}
          data-testid="announcement-reward-link"
        >
          <UiIcon name="success" size={18} /> {t('announcements.toRewardCenter')}
        </Link>
      </footer>
    </DialogFrame>
  );
}
