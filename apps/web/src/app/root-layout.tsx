import { isGamePage } from '@fortuna/contracts/routes';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AnnouncementPopupHost } from '../features/announcements/components/announcement-popup-host.tsx';
import { useSocialLoginResult } from '../features/auth/social-login-result.ts';
import { ContractPopupHost } from '../features/contracts/components/contract-popup-host.tsx';
import { GameFrame } from '../features/games/components/game-frame.tsx';
import { CsWidget } from '../features/layout/components/cs-widget.tsx';
import { ScrollTop } from '../features/layout/components/scroll-top.tsx';
import { SideMenu } from '../features/layout/components/side-menu.tsx';
import { SiteFooter } from '../features/layout/components/site-footer.tsx';
import { SiteHeader } from '../features/layout/components/site-header.tsx';
import { useMemberEvents } from '../shared/events/use-member-events.ts';
import { useDeadSessionNotice } from '../shared/session/use-dead-session-notice.ts';
import { useSideMenu } from '../shared/state/side-menu.ts';
import { DialogHost } from '../shared/ui/dialog/dialog-host.tsx';
import { FullPageLoader, GlobalLoader } from '../shared/ui/loader.tsx';
import { AccountPopups } from './account-popups.tsx';
import { useRouteGuard } from './use-route-guard.ts';
import './root-layout.css';

/** The lobby frame of spec 2.3: side menu (hidden on game pages), header, content, footer, widgets. */
export function RootLayout() {
  const { t } = useTranslation();
  const redirect = useRouteGuard();
  const { pathname } = useLocation();
  const collapsed = useSideMenu((state) => state.collapsed);
  useSocialLoginResult();
  useMemberEvents();
  useDeadSessionNotice({ offerLogin: true });
  if (redirect) return <Navigate to={redirect} replace />;
  const showSideMenu = !isGamePage(pathname);
  const shellClass = `shell${showSideMenu ? '' : ' shell--no-menu'}${collapsed ? ' shell--collapsed' : ''}`;
  return (
    <div className={shellClass}>
      {showSideMenu ? <SideMenu /> : null}
      <div className="shell__main">
        <SiteHeader showMenuButton={showSideMenu} />
        <main className="content">
          <Suspense fallback={<FullPageLoader label={t('startup.loading')} inline />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <div className="floating-actions">
        <ScrollTop />
        <CsWidget />
      </div>
      <AccountPopups />
      <AnnouncementPopupHost />
      <ContractPopupHost />
      <GameFrame />
      <DialogHost />
      <GlobalLoader label={t('startup.loading')} />
    </div>
  );
}

/** The bare layout of /agent and /agentHome: no side menu, header or footer (spec 2.1). */
export function AgentLayout() {
  const { t } = useTranslation();
  const redirect = useRouteGuard();
  useDeadSessionNotice({ offerLogin: false });
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <Suspense fallback={<FullPageLoader label={t('startup.loading')} />}>
        <Outlet />
      </Suspense>
      <AccountPopups />
      <ContractPopupHost />
      <DialogHost />
      <GlobalLoader label={t('startup.loading')} />
    </>
  );
}
