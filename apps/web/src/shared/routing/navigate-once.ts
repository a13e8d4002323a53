import { useCallback } from 'react';
import type { Location, NavigateFunction, To } from 'react-router';
import { createPath, resolvePath, useLocation, useNavigate } from 'react-router';

/**
 * Spec 2.1: a repeated navigation to the place the visitor already is, is ignored rather than
 * stacked in the history or reported as an error.
 */
export function navigateOnce(navigate: NavigateFunction, current: Location, to: To): boolean {
  const target = resolvePath(to, current.pathname);
  if (
    createPath(target) ===
    createPath({ pathname: current.pathname, search: current.search, hash: current.hash })
  ) {
    return false;
  }
  void navigate(to);
  return true;
}

/** `navigate` for code that moves the visitor (after a login, a popup…), with duplicates ignored. */
export function useNavigateOnce(): (to: To) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback((to: To) => navigateOnce(navigate, location, to), [navigate, location]);
}
