import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { applyTheme, currentTheme, type Theme } from '../../../shared/theme/theme.ts';
import './theme-switch.css';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const choose = (next: Theme) => {
    applyTheme(next);
    setTheme(next);
  };
  return (
    <fieldset className="theme-switch">
      <legend className="visually-hidden">{t('sideMenu.theme')}</legend>
      {(['dark', 'light'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="theme-switch__option"
          aria-pressed={theme === option}
          aria-label={t(option === 'dark' ? 'sideMenu.useDarkTheme' : 'sideMenu.useLightTheme')}
          onClick={() => choose(option)}
        >
          <UiIcon name={option === 'dark' ? 'moon' : 'sun'} size={16} />
          <span>{t(option === 'dark' ? 'sideMenu.darkTheme' : 'sideMenu.lightTheme')}</span>
        </button>
      ))}
    </fieldset>
  );
}
