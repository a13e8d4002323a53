import { RESET_PASSWORD_WEB_PATH } from '@fortuna/contracts/member';
import { DOWNLOAD_GUIDE_PATH, HOME_PATHS, NEWS_PATH, PROMOTION_DETAIL_PATH } from '@fortuna/contracts/routes';
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LATER_SCREENS } from '../features/pages/later-screens.ts';
import { GAME_LIST_ROUTE_PATHS, LOTTERY_CENTRE_PATHS } from '../shared/navigation/category-paths.ts';
import { HomePage } from './home-page.tsx';
import { OpenPopupRoute } from './open-popup-route.tsx';
import { AgentLayout, RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

const ComingPage = lazy(() =>
  import('../features/pages/routes/coming-page.tsx').then((m) => ({ default: m.ComingPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/pages/routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const DownloadGuidePage = lazy(() =>
  import('../features/download/routes/download-guide-page.tsx').then((m) => ({
    default: m.DownloadGuidePage,
  })),
);
const NewsPage = lazy(() =>
  import('../features/announcements/routes/news-page.tsx').then((m) => ({ default: m.NewsPage })),
);
const HelpPage = lazy(() =>
  import('../features/help/routes/help-page.tsx').then((m) => ({ default: m.HelpPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/routes/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const MemberCentreRoute = lazy(() =>
  import('./member-centre-route.tsx').then((m) => ({ default: m.MemberCentreRoute })),
);
const GameListPage = lazy(() =>
  import('../features/games/routes/game-list-page.tsx').then((m) => ({ default: m.GameListPage })),
);
const LotteryPage = lazy(() =>
  import('../features/games/routes/lottery-page.tsx').then((m) => ({ default: m.LotteryPage })),
);
const LotteryDrawPage = lazy(() =>
  import('../features/games/routes/lottery-draw-page.tsx').then((m) => ({ default: m.LotteryDrawPage })),
);
const MyGamesPage = lazy(() =>
  import('../features/games/routes/my-games-page.tsx').then((m) => ({ default: m.MyGamesPage })),
);
const PromotionsPage = lazy(() =>
  import('../features/promotions/routes/promotions-page.tsx').then((m) => ({ default: m.PromotionsPage })),
);
const PromotionDetailPage = lazy(() =>
  import('../features/promotions/routes/promotion-detail-page.tsx').then((m) => ({
    default: m.PromotionDetailPage,
  })),
);
const SeamlessPage = lazy(() =>
  import('../features/games/routes/seamless-page.tsx').then((m) => ({ default: m.SeamlessPage })),
);
const AgentLandingRoute = lazy(() =>
  import('./agent-landing-route.tsx').then((m) => ({ default: m.AgentLandingRoute })),
);
const AgentHomeRoute = lazy(() =>
  import('./agent-home-route.tsx').then((m) => ({ default: m.AgentHomeRoute })),
);

const lobbyRoutes: RouteObject[] = [
  ...HOME_PATHS.map((path) => ({ path, element: <HomePage /> })),
  { path: '/login', element: <OpenPopupRoute popup="login" /> },
  { path: '/register', element: <OpenPopupRoute popup="register" /> },
  { path: DOWNLOAD_GUIDE_PATH, element: <DownloadGuidePage /> },
  { path: NEWS_PATH, element: <NewsPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/helpmc', element: <HelpPage /> },
  { path: RESET_PASSWORD_WEB_PATH, element: <ResetPasswordPage /> },
  { path: '/member', element: <MemberCentreRoute /> },
  ...GAME_LIST_ROUTE_PATHS.map((path) => ({ path, element: <GameListPage /> })),
  ...LOTTERY_CENTRE_PATHS.map((path) => ({ path, element: <LotteryPage /> })),
  { path: '/lottery', element: <LotteryDrawPage /> },
  { path: '/vnLottery', element: <LotteryDrawPage /> },
  { path: '/seaLottery', element: <LotteryDrawPage /> },
  { path: '/favorite', element: <MyGamesPage kind="favorite" /> },
  { path: '/recent', element: <MyGamesPage kind="recent" /> },
  { path: '/seamless', element: <SeamlessPage /> },
  { path: '/promotions', element: <PromotionsPage /> },
  { path: PROMOTION_DETAIL_PATH, element: <PromotionDetailPage /> },
  ...LATER_SCREENS.map((screen) => ({ path: screen.path, element: <ComingPage screen={screen} /> })),
  { path: '*', element: <NotFoundPage /> },
];

export function createLobbyRouter() {
  return createBrowserRouter([
    // The pathless error boundary keeps the frame around a page that failed to load.
    { element: <RootLayout />, children: [{ errorElement: <RouteError />, children: lobbyRoutes }] },
    {
      element: <AgentLayout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: '/agent', element: <AgentLandingRoute /> },
            { path: '/agentHome', element: <AgentHomeRoute /> },
          ],
        },
      ],
    },
  ]);
}
