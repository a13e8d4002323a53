import { SystemStatus } from '@fortuna/contracts/system';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { restoreSession } from '../features/auth/restore-session.ts';
import { MaintenanceView } from '../features/startup/components/maintenance-view.tsx';
import { RestrictedView } from '../features/startup/components/restricted-view.tsx';
import { deriveSystemStatus } from '../features/startup/status.ts';
import { applyLanguage, initialLanguage } from '../i18n/i18n.ts';
import { gameVendorsQuery } from '../shared/api/game-vendors.ts';
import { permissionQuery } from '../shared/api/site.ts';
import { useSession } from '../shared/session/session-store.ts';
import { adoptStartupToken } from '../shared/session/session-token.ts';
import { FullPageLoader } from '../shared/ui/loader.tsx';
import { firstPaintOnPage, removeFirstPaint } from './first-paint.ts';
import { LoadFailed } from './load-failed.tsx';
import { createLobbyRouter } from './router.tsx';

type Router = ReturnType<typeof createLobbyRouter>;

/**
 * Start-up (spec 2.2, 4.1): load the permission data, settle the language, then show the
 * lobby, the maintenance page or the restricted page. The session token is taken only when the
 * status is normal, and a host listed in the domain routes opens its own start page. A stored
 * session is checked (member info) before the lobby opens, and so are the game categories (the
 * vendors call): the side menu and header list them, and items arriving after the first paint
 * would push the page down. That call's failure does not keep the lobby shut.
 */
export function StartupGate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permission = useQuery(permissionQuery);
  const setToken = useSession((state) => state.setToken);
  const [router, setRouter] = useState<Router | null>(null);
  const data = permission.data;

  // Asked beside the permission data rather than after it: one round trip less before the lobby.
  useEffect(() => {
    void queryClient.prefetchQuery(gameVendorsQuery);
  }, [queryClient]);

  useEffect(() => {
    if (!data) return;
    const offered = data.info.languages.map((language) => language.code);
    void applyLanguage(initialLanguage(offered, data.info.defaultLanguage), data.info.defaultLanguage);
    const normal = deriveSystemStatus(data) === SystemStatus.NORMAL;
    const token = adoptStartupToken(normal, window.location, window.history);
    setToken(token);
    const hostRoute = data.info.domainRoute.find((route) => route.domain === window.location.hostname);
    if (normal && hostRoute && window.location.pathname === '/')
      window.history.replaceState(null, '', hostRoute.path);
    if (!normal) return;
    // Routes decide on agent and trial flags, so a stored session's member info comes first.
    // prefetchQuery neither throws nor retries: a failing vendors call opens the lobby at once.
    const ready = [queryClient.prefetchQuery(gameVendorsQuery), token ? restoreSession(queryClient) : null];
    // A transition: React builds the lobby in slices, leaving the page able to answer input meanwhile.
    void Promise.all(ready).then(() => startTransition(() => setRouter(createLobbyRouter())));
  }, [data, setToken, queryClient]);

  const status = data ? deriveSystemStatus(data) : null;
  const loading = !permission.isError && (!data || (status === SystemStatus.NORMAL && !router));
  // The frame index.html painted stays until something else is drawn, then leaves before the paint.
  useLayoutEffect(() => {
    if (!loading) removeFirstPaint();
  }, [loading]);

  if (permission.isError) return <LoadFailed onRetry={() => void permission.refetch()} />;
  // While loading, the painted frame is the loading state; once it is gone (a retry after a
  // failure, or a page without it), the spinner.
  if (loading || !data) return firstPaintOnPage() ? null : <FullPageLoader label={t('startup.loading')} />;
  if (status === SystemStatus.MAINTENANCE) return <MaintenanceView permission={data} />;
  if (status === SystemStatus.RESTRICTED) return <RestrictedView permission={data} />;
  return router ? <RouterProvider router={router} /> : null;
}
