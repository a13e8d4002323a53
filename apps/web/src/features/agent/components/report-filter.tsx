import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lastSiteDays, QUICK_RANGES, type ReportPeriod } from '../report-period.ts';
import './agent-report.css';

/**
 * A report's filter: the period (days of the site's clock) with spec 9's quick picks, then the
 * page's own fields (`children`). A date typed by hand clears the quick pick it no longer matches.
 */
export function ReportFilter({
  period,
  onPeriod,
  gmtOffset,
  children,
}: {
  period: ReportPeriod;
  onPeriod: (next: ReportPeriod) => void;
  gmtOffset: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="report-filter" data-testid="report-filter">
      <label className="report-filter__field">
        <span>{t('records.from')}</span>
        <input
          type="date"
          value={period.from}
          max={period.to}
          onChange={(event) => onPeriod({ ...period, from: event.target.value, quick: null })}
        />
      </label>
      <label className="report-filter__field">
        <span>{t('records.to')}</span>
        <input
          type="date"
          value={period.to}
          min={period.from}
          onChange={(event) => onPeriod({ ...period, to: event.target.value, quick: null })}
        />
      </label>
      {children}
      <fieldset className="report-filter__quick">
        <legend className="visually-hidden">{t('records.quickPicks')}</legend>
        {QUICK_RANGES.map((count) => (
          <button
            key={count}
            type="button"
            className="report-chip"
            aria-pressed={period.quick === count}
            onClick={() => onPeriod(lastSiteDays(count, gmtOffset))}
          >
            {t('records.lastDays', { count })}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** A labelled select or text box among the filter's fields (the control is the child, inside the label). */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as `children`, inside the label.
    <label className="report-filter__field">
      <span>{label}</span>
      {children}
    </label>
  );
}
