import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionQuery } from '../shared/api/site.ts';
import { DialogHost } from '../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../shared/ui/dialog/dialog-store.ts';
import { permissionFixture } from './permission-fixture.ts';

/**
 * Renders a member centre page at `/member?page=…` with the dialog host beside the routes, as the
 * root layout has it; other paths render their name.
 */
export function renderMemberPage(page: ReactNode, { search = '' }: { search?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQuery.queryKey, permissionFixture());
  const router = createMemoryRouter(
    [
      { path: '/member', element: page },
      { path: '*', element: <p>page elsewhere</p> },
    ],
    { initialEntries: [`/member${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** Closes what a test left open: the dialog store outlives a test's render. */
export function closeAllDialogs() {
  act(() => useDialogs.setState({ dialogs: [] }));
}
