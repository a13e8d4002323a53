import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { type NavItem, navigationItems } from '../../../shared/navigation/nav-items.ts';
import { useCategoryNav } from '../../../shared/navigation/use-category-nav.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { useAnnouncementPopup } from '../../../shared/state/announcement-popup.ts';
import { useSideMenu } from '../../../shared/state/side-menu.ts';
import { DownloadQr } from '../../../shared/ui/download-qr.tsx';
import { LanguageSelect } from '../../../shared/ui/language-select.tsx';
import { useMediaQuery } from '../../../shared/ui/use-media-query.ts';
import { appDownloadsToOffer, phonePlatform } from './app-downloads.ts';
import { customerServiceIcon } from './cs-link-icon.ts';
import { ThemeSwitch } from './theme-switch.tsx';
import './side-menu.css';

/** Where the rail becomes an off-canvas drawer (side-menu.css). */
const PHONE_DRAWER = '(max-width: 960px)';

/** Spec 2.5: categories, rewards, invite, app downloads, customer service and language. */
export function SideMenu() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const categories = useCategoryNav();
  const { collapsed, drawerOpen, toggleCollapsed, setDrawer } = useSideMenu();
  const closeDrawer = () => setDrawer(false);
  // The phone drawer closes with Escape, like the dialogs.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, setDrawer]);
  // On a phone the menu is a closed drawer until asked for: its ~250 elements are drawn when it
  // first opens, not in the lobby's first render; once drawn they stay (it slides out with them).
  const drawer = useMediaQuery(PHONE_DRAWER);
  const [opened, setOpened] = useState(false);
  if (drawerOpen && !opened) setOpened(true);
  const drawn = !drawer || opened;
  const isAgent = useSession((state) => state.isAgent);
  const showAnnouncements = useAnnouncementPopup((state) => state.show);
  const location = useLocation();
  const links: NavItem[] = [
    ...navigationItems(categories),
    { path: '/member?page=rewardCenter', labelKey: 'sideMenu.rewardCenter', icon: 'REWARD' },
    // Spec 2.5: agents see their register centre where players see invite friends.
    isAgent
      ? { path: '/agentHome?page=registerCenter', labelKey: 'sideMenu.agentRegister', icon: 'AGENT' }
      : { path: '/member?page=referral', labelKey: 'sideMenu.inviteFriends', icon: 'INVITE' },
    { path: '/help', labelKey: 'sideMenu.help', icon: 'HELP' },
  ];
  // A member centre entry (/member?page=…) is current on its own page only, not on every page of the centre.
  const isCurrent = (path: string) => {
    const [linkPath, linkQuery] = path.split('?');
    if (location.pathname !== linkPath) return false;
    return (
      linkQuery === undefined ||
      new URLSearchParams(linkQuery).get('page') === new URLSearchParams(location.search).get('page')
    );
  };
  const support = site.customerService.filter((entry) => entry.csPosition === 'SIDE_MENU');
  const phone = phonePlatform(navigator.userAgent);
  const downloads = appDownloadsToOffer(site.appDownloads, phone);

  return (
    <>
      {drawerOpen ? <div className="side-menu__scrim" aria-hidden="true" onClick={closeDrawer} /> : null}
      <nav
        className={`side-menu${collapsed ? ' side-menu--collapsed' : ''}${drawerOpen ? ' side-menu--open' : ''}`}
        aria-label={t('sideMenu.label')}
        data-testid="side-menu"
      >
        {drawn ? (
          <>
            <div className="side-menu__top">
              <button
                type="button"
                className="icon-button side-menu__collapse"
                aria-label={t(collapsed ? 'sideMenu.expand' : 'sideMenu.collapse')}
                aria-expanded={!collapsed}
                onClick={toggleCollapsed}
              >
                <UiIcon name={collapsed ? 'chevron-right' : 'chevron-left'} />
              </button>
              <button
                type="button"
                className="icon-button side-menu__close"
                aria-label={t('sideMenu.close')}
                onClick={closeDrawer}
              >
                <UiIcon name="close" />
              </button>
            </div>
            <ul className="side-menu__links">
              {links.map((link) => (
                <li key={link.labelKey}>
                  <Link
                    to={link.path}
                    className={`side-menu__link${isCurrent(link.path) ? ' active' : ''}`}
                    aria-current={isCurrent(link.path) ? 'page' : undefined}
                    onClick={closeDrawer}
                    title={t(link.labelKey)}
                  >
                    <CategoryIcon name={link.icon} />
                    <span className="side-menu__text">{t(link.labelKey)}</span>
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="side-menu__link side-menu__button"
                  title={t('announcements.menu')}
                  data-testid="side-menu-announcements"
                  onClick={() => {
                    closeDrawer();
                    showAnnouncements({ mode: 'all' });
                  }}
                >
                  <UiIcon name="megaphone" size={22} />
                  <span className="side-menu__text">{t('announcements.menu')}</span>
                </button>
              </li>
            </ul>
            {downloads.length > 0 ? (
              <div className="side-menu__section side-menu__expanded-only">
                <h2 className="side-menu__heading">{t('sideMenu.getTheApp')}</h2>
                {phone ? (
                  // A QR code is for another device: the phone gets its own app's link.
                  downloads.map((download) => (
                    <a
                      key={download.platform}
                      className="button button--gold side-menu__app"
                      href={download.url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <UiIcon name="download" size={16} />
                      {t('sideMenu.getAppFor', { platform: download.platform })}
                    </a>
                  ))
                ) : (
                  <div className="side-menu__qr">
                    {downloads.map((download) => (
                      <DownloadQr key={download.platform} url={download.url} platform={download.platform} />
                    ))}
                  </div>
                )}
                <Link to="/download" className="side-menu__guide" onClick={closeDrawer}>
                  {t('download.howTo')}
                </Link>
              </div>
            ) : null}
            {support.length > 0 ? (
              <div className="side-menu__section">
                <h2 className="side-menu__heading side-menu__expanded-only">
                  {t('sideMenu.customerService')}
                </h2>
                <ul className="side-menu__support">
                  {support.map((entry) => (
                    <li key={`${entry.csType}-${entry.path}`}>
                      <a
                        className="side-menu__link"
                        href={entry.path}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={entry.title}
                      >
                        <UiIcon name={customerServiceIcon(entry)} />
                        <span className="side-menu__text">{entry.title}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="side-menu__section side-menu__expanded-only">
              <LanguageSelect />
              <ThemeSwitch />
            </div>
          </>
        ) : null}
      </nav>
    </>
  );
}
