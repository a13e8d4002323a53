import type { AnnouncementItem } from '@fortuna/contracts/announcements';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { SafeHtml } from '../../../shared/ui/safe-html.tsx';

/** The selected announcement: title, time, cover image (sequence 1) and its sanitised HTML. */
export function AnnouncementDetail({ item, id }: { item: AnnouncementItem; id: string }) {
  const cover = item.images.find((image) => image.sequence === 1);
  return (
    <article
      id={id}
      className="announcement-detail"
      data-testid="announcement-detail"
      lang={item.lang === 'TY' ? 'tl' : 'en'}
    >
      <h3 className="announcement-detail__title">{item.title}</h3>
      <time className="announcement-detail__time" dateTime={item.publishedAt}>
        {formatDateTime(item.publishedAt)}
      </time>
      {cover ? <img className="announcement-detail__cover" src={cover.url} alt="" loading="lazy" /> : null}
      <SafeHtml className="announcement-detail__content" html={item.content} />
    </article>
  );
}
