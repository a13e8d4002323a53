import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n.ts';
import { permissionQuery } from '../shared/api/site.ts';
import { useSession } from '../shared/session/session-store.ts';
import { permissionFixture } from '../test/permission-fixture.ts';
import { RootLayout } from './root-layout.tsx';

function renderLayoutAt(path: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(permissionQuery.queryKey, permissionFixture());
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: '*', element: <p>content</p> }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('root layout (spec 2.1, 2.3)', () => {
  afterEach(() => useSession.getState().setToken(null));

  it('when an ordinary page is open, then the side menu, header and footer show', async () => {
    renderLayoutAt('/promotions');
    await screen.findByText('content');
    expect(screen.queryByTestId('side-menu')).not.toBeNull();
    expect(screen.queryByTestId('site-header')).not.toBeNull();
    expect(screen.queryByTestId('site-footer')).not.toBeNull();
  });

  it.each(['/seamless', '/vnLottery', '/seaLottery'])(
    'when the game page %s is open, then the side menu is hidden',
    async (path) => {
      useSession.getState().setToken('member-token');
      renderLayoutAt(path);
      await screen.findByText('content');
      expect(screen.queryByTestId('side-menu')).toBeNull();
      expect(screen.queryByTestId('site-header')).not.toBeNull();
    },
  );
});
