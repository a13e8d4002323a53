import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { customerServiceIcon } from './cs-link-icon.ts';
import './cs-widget.css';

/** The floating customer-service widget (spec 2.3): a button that opens the FLOAT entries. */
export function CsWidget() {
  const { t } = useTranslation();
  const entries = useSiteInfo().customerService.filter((entry) => entry.csPosition === 'FLOAT');
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <div className="cs-widget">
      {open ? (
        <div className="cs-widget__panel" id="cs-widget-panel">
          <p className="cs-widget__title">{t('widgets.supportTitle')}</p>
          <ul>
            {entries.map((entry) => (
              <li key={`${entry.csType}-${entry.path}`}>
                <a href={entry.path} target="_blank" rel="noopener noreferrer">
                  <UiIcon name={customerServiceIcon(entry)} />
                  {entry.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button
        type="button"
        className="cs-widget__button"
        aria-expanded={open}
        aria-controls="cs-widget-panel"
        aria-label={t(open ? 'widgets.closeSupport' : 'widgets.openSupport')}
        onClick={() => setOpen(!open)}
      >
        <UiIcon name={open ? 'close' : 'headset'} size={26} />
      </button>
    </div>
  );
}
