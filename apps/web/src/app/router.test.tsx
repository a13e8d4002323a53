import { WEB_ROUTE_PATHS } from '@fortuna/contracts/routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createLobbyRouter } from './router.tsx';

function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the lobby router', () => {
  // The server answers these with the lobby, and the overflow test (e2e/tests/overflow.spec.ts)
  // walks them at every width: a route the router gains must be in the list too.
  it('when its routes are listed, then they are exactly the web routes of the contracts (and the not-found page)', () => {
    const routed = pathsOf(createLobbyRouter().routes).filter((path) => path !== '*');
    expect([...routed].sort()).toEqual([...WEB_ROUTE_PATHS].sort());
  });
});
