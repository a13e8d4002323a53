import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../shared/session/session-store.ts';
import { useLoader } from '../shared/ui/loader.tsx';
import { useRouteGuard } from './use-route-guard.ts';

function Guarded() {
  const redirect = useRouteGuard();
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Guarded />,
        children: ['/', '/member', '/promotions', '/login', '/favorite'].map((route) => ({
          path: route,
          element: <p>page {route}</p>,
        })),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('routing guard (spec 2.1)', () => {
  afterEach(() => useSession.getState().setToken(null));

  it('when a visitor without a token opens a protected route, then they land on /login', async () => {
    const router = renderAt('/member');
    expect(await screen.findByText('page /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('when a visitor opens a public route, then they stay there', async () => {
    renderAt('/promotions');
    expect(await screen.findByText('page /promotions')).toBeTruthy();
  });

  it('when a member with a session opens a protected route, then it opens', async () => {
    useSession.getState().setToken('session-token');
    renderAt('/favorite');
    expect(await screen.findByText('page /favorite')).toBeTruthy();
  });

  it('when a navigation completes, then the loader is hidden', async () => {
    useLoader.getState().show();
    renderAt('/');
    await screen.findByText('page /');
    expect(useLoader.getState().visible).toBe(false);
  });

  it('when the visitor moves to another page, then it opens at the top', async () => {
    const router = renderAt('/');
    await screen.findByText('page /');
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await act(() => router.navigate('/promotions'));
    expect(await screen.findByText('page /promotions')).toBeTruthy();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
