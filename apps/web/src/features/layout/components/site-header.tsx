import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { BrandLogo, BrandMark } from '../../../shared/art/brand-logo.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { CategoryNavLink } from '../../../shared/navigation/category-nav-link.tsx';
import { navigationItems } from '../../../shared/navigation/nav-items.ts';
import { useCategoryNav } from '../../../shared/navigation/use-category-nav.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { useSideMenu } from '../../../shared/state/side-menu.ts';
import { LanguageSelect } from '../../../shared/ui/language-select.tsx';
import { AccountMenu } from './account-menu.tsx';
import { HeaderBalance } from './header-balance.tsx';
import { useItemsThatFit } from './use-items-that-fit.ts';
import './site-header.css';

/**
 * Spec 2.4: brand, navigation bar, language; log in and register for visitors, the deposit and
 * withdraw shortcuts, the balance and the account dropdown for members.
 */
export function SiteHeader({ showMenuButton }: { showMenuButton: boolean }) {
  const { t } = useTranslation();
  const showPopup = usePopups((state) => state.show);
  const isLogin = useSession((state) => state.isLogin);
  const isTrial = useSession((state) => state.isTrial);
  const setDrawer = useSideMenu((state) => state.setDrawer);
  const { brandName } = useSiteInfo();
  const categories = useCategoryNav();
  const navItems = navigationItems(categories);
  const navRef = useRef<HTMLElement>(null);
  const fitting = useItemsThatFit(navRef, navItems.map((item) => item.path).join(' '));
  return (
    <header className="site-header" data-testid="site-header">
      {showMenuButton ? (
        <button
          type="button"
          className="icon-button site-header__menu"
          aria-label={t('header.openMenu')}
          onClick={() => setDrawer(true)}
        >
          <UiIcon name="menu" />
        </button>
      ) : null}
      <Link to="/" className="site-header__brand" aria-label={t('header.homeLink', { brand: brandName })}>
        <BrandLogo height={34} className="site-header__logo" />
        <BrandMark size={36} className="site-header__mark" />
      </Link>
      <nav className="site-header__nav" aria-label={t('header.mainNavigation')} ref={navRef}>
        {navItems.map((item, index) => {
          const category = categories.find((entry) => entry.path === item.path);
          // A link that does not fit is set aside, not squeezed: the side menu has every one.
          const spare = index >= fitting ? ' site-header__nav-item--spare' : '';
          return category ? (
            <CategoryNavLink
              key={item.path}
              item={category}
              className="site-header__nav-link"
              wrapperClassName={spare}
            />
          ) : (
            <NavLink key={item.path} to={item.path} end className={`site-header__nav-link${spare}`}>
              {t(item.labelKey)}
            </NavLink>
          );
        })}
      </nav>
      <div className="site-header__actions">
        <div className="site-header__language">
          <LanguageSelect compact />
        </div>
        {isLogin ? (
          <>
            {/* A trial account has no wallet to fill or empty. */}
            {isTrial ? null : (
              <>
                <HeaderBalance />
                <Link
                  className="button button--gold site-header__wallet"
                  to="/member?page=depositv2"
                  data-testid="header-deposit"
                  aria-label={t('header.deposit')}
                >
                  <UiIcon name="deposit" size={18} />
                  <span className="site-header__wallet-text">{t('header.deposit')}</span>
                  {/* A phone shows the short word; the link's name stays the full one. */}
                  <span className="site-header__wallet-short">{t('header.depositShort')}</span>
                </Link>
                <Link
                  className="button button--ghost site-header__wallet"
                  to="/member?page=withdraw"
                  data-testid="header-withdraw"
                  aria-label={t('header.withdraw')}
                >
                  <UiIcon name="withdraw" size={18} />
                  <span className="site-header__wallet-text">{t('header.withdraw')}</span>
                  <span className="site-header__wallet-short">{t('header.withdrawShort')}</span>
                </Link>
              </>
            )}
            <AccountMenu />
          </>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={() => showPopup('login')}>
              {t('header.login')}
            </button>
            <button type="button" className="button button--gold" onClick={() => showPopup('register')}>
              {t('header.register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
