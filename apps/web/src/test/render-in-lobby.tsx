import type { Permission } from '@fortuna/contracts/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionQuery } from '../shared/api/site.ts';
import { permissionFixture } from './permission-fixture.ts';

/**
 * Renders `element` as the start-up gate would leave it: permission data loaded, inside a router
 * at `path` (with the query string `search`). Other paths render their own name, so a test can see
 * where a navigation went. `queryClient` lets a test put data in the cache first.
 */
export function renderInLobby(
  element: ReactNode,
  {
    path = '/',
    search = '',
    permission = permissionFixture(),
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { path?: string; search?: string; permission?: Permission; queryClient?: QueryClient } = {},
) {
  queryClient.setQueryData(permissionQuery.queryKey, permission);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>page elsewhere</p> },
    ],
    { initialEntries: [`${path}${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
