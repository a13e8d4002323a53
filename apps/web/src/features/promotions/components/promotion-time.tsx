import { formatDateTime } from '../../../shared/format/date-time.ts';

/**
 * An instant inside a sentence of the terms, as the rest of the page shows it, kept on one line:
 * the terms' values break anywhere, and a date split at its hyphens reads as two.
 */
export function PromotionTime({ iso }: { iso: string }) {
  return (
    <time className="promotion-time" dateTime={iso}>
      {formatDateTime(iso)}
    </time>
  );
}
