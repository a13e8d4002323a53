import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { useSiteInfo } from '../api/site.ts';
import { tellServerLanguage } from '../api/update-language.ts';
import { UiIcon } from '../art/ui-icon.tsx';
import './language-select.css';

/**
 * Offers the site's configured languages by the names they use for themselves; a choice is saved
 * locally and applied (spec 4.10), and told to the server for a logged-in member.
 */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const id = useId();
  const queryClient = useQueryClient();
  const choose = async (code: string) => {
    await chooseLanguage(code, site.defaultLanguage);
    await tellServerLanguage(queryClient, code);
  };
  return (
    <div className={`language-select${compact ? ' language-select--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'language-select__label'}>
        {t('sideMenu.language')}
      </label>
      <div className="language-select__control">
        <UiIcon name="globe" size={18} />
        {/* Compact, the control shows the chosen language's code; the list still names each one. */}
        {compact ? (
          <span className="language-select__code" aria-hidden="true">
            {i18n.language}
          </span>
        ) : null}
        <select
          id={id}
          aria-label={t('sideMenu.language')}
          value={i18n.language}
          onChange={(event) => void choose(event.target.value)}
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
