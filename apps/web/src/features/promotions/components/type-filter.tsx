import { PROMOTION_TYPES } from '@fortuna/contracts/promotion-setup';
import { useTranslation } from 'react-i18next';

/**
 * Spec 2.12's type filters. Only types that have a promotion are offered, each with its count,
 * so a chip never leads to an empty list; "All" first.
 */
export function TypeFilter({
  types,
  selected,
  onSelect,
}: {
  /** The type of each listed promotion. */
  types: string[];
  selected: string | null;
  onSelect: (type: string | null) => void;
}) {
  const { t } = useTranslation();
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  const offered = PROMOTION_TYPES.filter((type) => counts.has(type));
  const chip = (type: string | null, label: string, count: number) => (
    <button
      key={type ?? 'ALL'}
      type="button"
      className="promotion-filter__chip"
      aria-pressed={selected === type}
      data-testid={`promotion-filter-${type ?? 'ALL'}`}
      onClick={() => onSelect(type)}
    >
      {label} <span className="promotion-filter__count">{count}</span>
    </button>
  );
  return (
    <fieldset className="promotion-filter" aria-label={t('promotions.filterLabel')}>
      {chip(null, t('promotions.all'), types.length)}
      {offered.map((type) => chip(type, t(`promotions.types.${type}`), counts.get(type) ?? 0))}
    </fieldset>
  );
}
