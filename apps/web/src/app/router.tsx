import { GAME_CENTRE_PATHS, GAME_LIST_PATHS, HOME_PATHS, LOTTERY_PATHS } from '@fortuna/contracts/routes';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/routes/home-page.tsx';
import { useSession } from '../shared/session/session-store.ts';
import { OpenPopupRoute } from './open-popup-route.tsx';
import { AgentLayout, RootLayout } from './root-layout.tsx';

const ComingPage = lazy(() =>
  import('../features/pages/routes/coming-page.tsx').then((m) => ({ default: m.ComingPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/pages/routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const HelpPage = lazy(() =>
  import('../features/help/routes/help-page.tsx').then((m) => ({ default: m.HelpPage })),
);
const AgentLanding = lazy(() =>
  import('../features/agent/routes/agent-landing.tsx').then((m) => ({ default: m.AgentLanding })),
);

/** Routes whose screens later modules fill: each shows its title and an honest empty state. */
const laterScreens = [
  '/member',
  ...GAME_CENTRE_PATHS,
  ...GAME_LIST_PATHS,
  '/favorite',
  '/recent',
  ...LOTTERY_PATHS,
  '/promotions',
  '/pointMall',
  '/seamless',
];

const lobbyRoutes: RouteObject[] = [
  ...HOME_PATHS.map((path) => ({ path, element: <HomePage /> })),
  { path: '/login', element: <OpenPopupRoute popup="login" /> },
  { path: '/register', element: <OpenPopupRoute popup="register" /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/helpmc', element: <HelpPage /> },
  ...laterScreens.map((path) => ({ path, element: <ComingPage titleKey={`pages.${path.slice(1)}`} /> })),
  { path: '*', element: <NotFoundPage /> },
];

/** /agentHome is for agents; anyone else goes to the agent landing page (spec 2.1). */
function AgentHomeRoute() {
  const isAgent = useSession((state) => state.isAgent);
  return isAgent ? <ComingPage titleKey="pages.agentHome" /> : <Navigate to="/agent" replace />;
}

export function createLobbyRouter() {
  return createBrowserRouter([
    { element: <RootLayout />, children: lobbyRoutes },
    {
      element: <AgentLayout />,
      children: [
        { path: '/agent', element: <AgentLanding /> },
        { path: '/agentHome', element: <AgentHomeRoute /> },
      ],
    },
  ]);
}
