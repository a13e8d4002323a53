import { BET_STATUSES, type BetStatus } from '@fortuna/contracts/bet-records';
import { GAME_CATEGORIES, type GameCategory } from '@fortuna/contracts/games';
import { useTranslation } from 'react-i18next';
import { lastDays, QUICK_RANGES, type QuickRange } from '../../../shared/format/records-range.ts';
import { useFilterVendors } from '../api/game-vendors.ts';
import './bets.css';

export interface BetsFilterValue {
  days: { from: string; to: string };
  quick: QuickRange | null;
  category: GameCategory | '';
  vendor: string;
  /** Absent where the page has no status choice (profit counts settled rounds only). */
  status?: BetStatus | '';
}

/** The date range with its quick picks, the category, the vendor and (records only) the status. */
export function BetsFilter({
  value,
  onChange,
}: {
  value: BetsFilterValue;
  onChange: (next: BetsFilterValue) => void;
}) {
  const { t } = useTranslation();
  const vendors = useFilterVendors();
  const { days } = value;
  return (
    <div className="bets-filter" data-testid="bets-filter">
      <label className="bets-filter__field">
        <span>{t('records.from')}</span>
        <input
          type="date"
          value={days.from}
          max={days.to}
          onChange={(event) =>
            onChange({ ...value, days: { ...days, from: event.target.value }, quick: null })
          }
        />
      </label>
      <label className="bets-filter__field">
        <span>{t('records.to')}</span>
        <input
          type="date"
          value={days.to}
          min={days.from}
          onChange={(event) => onChange({ ...value, days: { ...days, to: event.target.value }, quick: null })}
        />
      </label>
      <label className="bets-filter__field">
        <span>{t('bets.category')}</span>
        <select
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value as GameCategory | '' })}
        >
          <option value="">{t('bets.allCategories')}</option>
          {GAME_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`bets.categories.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="bets-filter__field">
        <span>{t('bets.vendor')}</span>
        <select value={value.vendor} onChange={(event) => onChange({ ...value, vendor: event.target.value })}>
          <option value="">{t('bets.allVendors')}</option>
          {(vendors.data ?? []).map((vendor) => (
            <option key={vendor.code} value={vendor.code}>
              {vendor.name}
            </option>
          ))}
        </select>
      </label>
      {value.status === undefined ? null : (
        <label className="bets-filter__field">
          <span>{t('bets.status')}</span>
          <select
            value={value.status}
            onChange={(event) => onChange({ ...value, status: event.target.value as BetStatus | '' })}
          >
            <option value="">{t('bets.allStatuses')}</option>
            {BET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`bets.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="bets-filter__quick">
        <legend className="visually-hidden">{t('records.quickPicks')}</legend>
        {QUICK_RANGES.map((count) => (
          <button
            key={count}
            type="button"
            className="bets-chip"
            aria-pressed={value.quick === count}
            onClick={() => onChange({ ...value, days: lastDays(count), quick: count })}
          >
            {t('records.lastDays', { count })}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
