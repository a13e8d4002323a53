import { useTranslation } from 'react-i18next';
import { FilterField } from './report-filter.tsx';

/** Levels offered by the filters: direct downlines (1) and the four below them; deeper lines are rare. */
const LEVELS = [1, 2, 3, 4, 5] as const;

/** The level of the line a report lists; `allowAll` adds "every level" (value 0). */
export function LevelSelect({
  value,
  onChange,
  allowAll = false,
}: {
  value: number;
  onChange: (level: number) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FilterField label={t('agent.level')}>
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {allowAll ? <option value={0}>{t('agent.allLevels')}</option> : null}
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            {level === 1 ? t('agent.directLevel') : t('agent.levelN', { level })}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
