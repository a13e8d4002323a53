import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { useAnnouncementPopup } from '../../../shared/state/announcement-popup.ts';
import { useNotices } from '../api/get-notices.ts';
import './notice-marquee.css';

/**
 * The notice marquee of the home page (spec 2.1). It runs right to left, stops while pointed at
 * or focused, and stands still for readers who ask for less motion. A notice opens the
 * announcement popup, on its announcement when it has one.
 */
export function NoticeMarquee() {
  const { t, i18n } = useTranslation();
  const notices = useNotices(i18n.language);
  const show = useAnnouncementPopup((state) => state.show);
  // Its place is held while the notices load, so that the banners and rows below do not move.
  if (notices.isPending)
    return <div className="notice-marquee" aria-hidden="true" data-testid="notice-marquee-loading" />;
  const items = notices.data ?? [];
  if (items.length === 0) return null;
  // The second copy only makes the loop seamless; it is hidden from screen readers and Tab.
  const run = (copy: boolean) =>
    items.map((notice) => (
      <button
        key={`${copy ? 'copy-' : ''}${notice.id}`}
        type="button"
        className="notice-marquee__item"
        tabIndex={copy ? -1 : undefined}
        onClick={() => show({ mode: 'all', selectedId: notice.announcementId ?? undefined })}
      >
        {notice.title}
      </button>
    ));
  return (
    <section className="notice-marquee" aria-label={t('notices.label')} data-testid="notice-marquee">
      <span className="notice-marquee__icon">
        <UiIcon name="megaphone" size={20} />
      </span>
      <div className="notice-marquee__viewport">
        <div
          className="notice-marquee__track"
          style={{ animationDuration: `${Math.max(20, items.length * 12)}s` }}
        >
          <div className="notice-marquee__run">{run(false)}</div>
          <div className="notice-marquee__run" aria-hidden="true">
            {run(true)}
          </div>
        </div>
      </div>
    </section>
  );
}
