import { BET_STATUSES, type BetStatus } from '@fortuna/contracts/bet-records';
import { GAME_CATEGORIES, type GameCategory } from '@fortuna/contracts/games';
import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../../shared/api/game-vendors.ts';
import { FilterField } from './report-filter.tsx';

export interface GameFilterValue {
  category: GameCategory | '';
  vendor: string;
  status: BetStatus | '';
}

/** Vendors once each (the call lists them per category), by name. */
function useVendorChoices() {
  const categories = useGameVendors().data ?? [];
  const byCode = new Map<string, string>();
  for (const { vendors } of categories) for (const vendor of vendors) byCode.set(vendor.code, vendor.name);
  return [...byCode].map(([code, name]) => ({ code, name }));
}

/** Team betting's category, vendor and status choices, each "all" to start with. */
export function GameFilters({
  value,
  onChange,
}: {
  value: GameFilterValue;
  onChange: (next: GameFilterValue) => void;
}) {
  const { t } = useTranslation();
  const vendors = useVendorChoices();
  return (
    <>
      <FilterField label={t('bets.category')}>
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
      </FilterField>
      <FilterField label={t('bets.vendor')}>
        <select value={value.vendor} onChange={(event) => onChange({ ...value, vendor: event.target.value })}>
          <option value="">{t('bets.allVendors')}</option>
          {vendors.map((vendor) => (
            <option key={vendor.code} value={vendor.code}>
              {vendor.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('bets.status')}>
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
      </FilterField>
    </>
  );
}
