import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import './language-select.css';

/** Offers the site's configured languages by the names they use for themselves. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const id = useId();
  return (
    <div className={`language-select${compact ? ' language-select--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'language-select__label'}>
        {t('sideMenu.language')}
      </label>
      <div className="language-select__control">
        <UiIcon name="globe" size={18} />
        <select
          id={id}
          aria-label={t('sideMenu.language')}
          value={i18n.language}
          onChange={(event) => void chooseLanguage(event.target.value, site.defaultLanguage)}
        >
          {site.languages.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </select>
        <UiIcon name="chevron-down" size={16} />
      </div>
    </div>
  );
}
