import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n.ts';
// Loaded ahead, so the centre's lazy page resolves at once instead of being transformed mid-test.
import '../features/agent/routes/customer-service-page.tsx';
import { permissionQuery } from '../shared/api/site.ts';
import { useSession } from '../shared/session/session-store.ts';
import { DialogHost } from '../shared/ui/dialog/dialog-host.tsx';
import { fakeApi } from '../test/fake-api.ts';
import { agentFixture, logInAs, memberFixture } from '../test/member-fixture.ts';
import { permissionFixture } from '../test/permission-fixture.ts';
import { closeAllDialogs } from '../test/render-member-page.tsx';
import { AgentHomeRoute } from './agent-home-route.tsx';

function openCentre(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQuery.queryKey, permissionFixture());
  const router = createMemoryRouter(
    [
      { path: '/agentHome', element: <AgentHomeRoute /> },
      { path: '*', element: <p>page elsewhere</p> },
    ],
    { initialEntries: [`/agentHome${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { router };
}

describe('agent centre /agentHome (spec 2.1, 2.7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when a player opens it, then they are sent to the agent landing page', () => {
    fakeApi({});
    logInAs(memberFixture());
    const { router } = openCentre();
    expect(router.state.location.pathname).toBe('/agent');
  });

  it("when an agent opens it, then the menu lists spec 2.7's pages in order and the team overview is the default", async () => {
    fakeApi({});
    logInAs(agentFixture({ nickname: 'Boss' }));
    openCentre();
    const menu = screen.getByRole('navigation', { name: 'Agent centre pages' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Agent announcements',
      'Team overview',
      'Register centre',
      'Team management',
      'Team betting',
      'User loss',
      'My income',
      'Account details',
      'Deposit',
      'Withdraw',
      'Platform messages',
      'Customer service',
    ]);
    expect(within(menu).getByRole('link', { name: 'Team overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Team overview');
    // The bare layout's header: the site's offset, the clock, the nickname, the language and sign out.
    expect(screen.getByTestId('agent-clock').textContent).toMatch(
      /^GMT\+08:00\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(screen.getByTestId('agent-nickname').textContent).toBe('Boss');
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('when the agent picks customer service, then the page shows the site channels and the URL names it', async () => {
    fakeApi({});
    logInAs(agentFixture());
    const { router } = openCentre();
    fireEvent.click(screen.getByRole('link', { name: 'Customer service' }));
    expect(router.state.location.search).toBe('?page=customerService');
    const channels = await screen.findByTestId('agent-customer-service');
    expect(within(channels).getByRole('link', { name: 'Live chat' }).getAttribute('href')).toBe(
      'https://chat.example',
    );
  });

  it('when the agent signs out, then the logout confirmation of spec 4.9 opens', async () => {
    fakeApi({});
    logInAs(agentFixture());
    openCentre('?page=customerService');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('logout-dialog')).toBeTruthy();
  });
});
