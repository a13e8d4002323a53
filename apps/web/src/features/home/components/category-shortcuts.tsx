import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon, type CategoryIconName } from '../../../shared/art/category-icon.tsx';
import './category-shortcuts.css';

/** The lobby's game categories (spec 2.1) as doors from home into their pages. */
const SHORTCUTS: ReadonlyArray<{ path: string; labelKey: string; icon: CategoryIconName }> = [
  { path: '/rng', labelKey: 'pages.rng', icon: 'RNG' },
  { path: '/live', labelKey: 'pages.live', icon: 'LIVE' },
  { path: '/fish', labelKey: 'pages.fish', icon: 'FISH' },
  { path: '/pvp', labelKey: 'pages.pvp', icon: 'PVP' },
  { path: '/sports', labelKey: 'pages.sports', icon: 'SPORTS' },
  { path: '/esports', labelKey: 'pages.esports', icon: 'ESPORTS' },
  { path: '/cockfight', labelKey: 'pages.cockfight', icon: 'COCKFIGHT' },
  { path: '/lott', labelKey: 'pages.lott', icon: 'LOTTERY' },
];

export function CategoryShortcuts() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-categories-title">
      <h2 id="home-categories-title" className="home__section-title">
        {t('home.categoriesTitle')}
      </h2>
      <ul className="category-shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <li key={shortcut.path}>
            <Link className="category-shortcuts__tile" to={shortcut.path}>
              <span className="category-shortcuts__icon">
                <CategoryIcon name={shortcut.icon} size={36} />
              </span>
              <span className="category-shortcuts__label">{t(shortcut.labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
