import type { AnnouncementItem } from '@fortuna/contracts/announcements';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { AnnouncementDetail } from './announcement-detail.tsx';

/**
 * The page of titles on the left (spec 2.8). Selecting the selected one again collapses it. On a
 * phone the selected announcement opens under its title; on a wide screen it shows beside the list.
 */
export function AnnouncementTitles({
  items,
  selectedId,
  onSelect,
  inline,
}: {
  items: AnnouncementItem[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  inline: boolean;
}) {
  return (
    <ul className="announcement-titles" data-testid="announcement-titles">
      {items.map((item) => {
        const selected = item.id === selectedId;
        const detailId = `announcement-${item.id}`;
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`announcement-titles__item${selected ? ' announcement-titles__item--selected' : ''}`}
              aria-expanded={selected}
              aria-controls={selected ? detailId : undefined}
              onClick={() => onSelect(selected ? null : item.id)}
            >
              <span className="announcement-titles__title">{item.title}</span>
              <time className="announcement-titles__time" dateTime={item.publishedAt}>
                {formatDateTime(item.publishedAt)}
              </time>
            </button>
            {selected && inline ? <AnnouncementDetail item={item} id={detailId} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
