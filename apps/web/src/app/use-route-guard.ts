import { isProtectedPath } from '@fortuna/contracts/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../shared/session/session-store.ts';
import { useLoader } from '../shared/ui/loader.tsx';

/**
 * The routing guard of spec 2.1: where a visitor without a session must go instead (or null),
 * and after every navigation the page returns to the top (or its anchor) and the loader hides.
 */
export function useRouteGuard(): string | null {
  const location = useLocation();
  const isLogin = useSession((state) => state.isLogin);
  const hideLoader = useLoader((state) => state.hide);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, keyed by the location.
  useEffect(() => {
    // A link to an anchor (/help#term) lands on that anchor rather than the top of the page.
    const anchor = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (anchor) anchor.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
    hideLoader();
  }, [location.key, hideLoader]);

  return isProtectedPath(location.pathname) && !isLogin ? '/login' : null;
}
