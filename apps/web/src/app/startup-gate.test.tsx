import { GamePaths } from '@fortuna/contracts/games';
import type { MemberInfo } from '@fortuna/contracts/member';
import type { Permission } from '@fortuna/contracts/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { agentFixture } from '../test/member-fixture.ts';
import { permissionFixture } from '../test/permission-fixture.ts';
import { StartupGate } from './startup-gate.tsx';

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value, message: '', code: 'OK' }));

/** The server answers the permission call with `permission` (and the help centre with nothing). */
function serverAnswers(...permissions: (Permission | 'down')[]) {
  const queue = [...permissions];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/wps/system/permission')) return ok([]);
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next === 'down') throw new TypeError('Failed to fetch');
      return ok(next);
    }),
  );
}

/** The permission call answers normally; member info answers `member` (a status number is a refusal). */
function memberAnswers(member: MemberInfo | 401) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/wps/system/permission')) return ok(permissionFixture());
      if (url.startsWith('/wps/member/info') && member === 401)
        return new Response(
          JSON.stringify({ success: false, value: null, message: 'Expired', code: 'UNAUTHENTICATED' }),
          { status: 401 },
        );
      if (url === '/wps/member/info') return ok(member);
      return ok([]);
    }),
  );
}

const permissionCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/wps/system/permission')).length;

/**
 * Starts the lobby at `/` with a server that answers everything at once but the game categories
 * (vendors), held until the test answers them: resolves once the lobby has asked for them.
 */
async function startHoldingVendors(): Promise<(response: Response) => void> {
  let answerVendors: (response: Response) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/wps/system/permission')) return Promise.resolve(ok(permissionFixture()));
      if (url.startsWith(GamePaths.vendors))
        return new Promise<Response>((resolve) => {
          answerVendors = resolve;
        });
      return Promise.resolve(ok([]));
    }),
  );
  start('/');
  await vi.waitFor(() =>
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith(GamePaths.vendors))).toBe(true),
  );
  return (response) => answerVendors(response);
}

/** `retries`: the calls are retried as in the browser (3 times, with pauses) rather than never. */
function start(url = '/', { retries = false } = {}) {
  window.history.replaceState(null, '', url);
  const queryClient = new QueryClient({ defaultOptions: { queries: retries ? {} : { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StartupGate />
    </QueryClientProvider>,
  );
}

describe('start-up gate (spec 2.2, 4.1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it('when the site is in maintenance, then the maintenance page shows and the URL token is left alone', async () => {
    serverAnswers(permissionFixture({ maintenance: true, regionRestriction: true }));
    start('/?token=from-link');
    expect(await screen.findByTestId('maintenance-view')).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useSession.getState().isLogin).toBe(false);
  });

  it('when the status is normal, then the lobby opens with the token from the URL', async () => {
    serverAnswers(permissionFixture());
    start('/?token=from-link');
    expect(await screen.findByTestId('site-header')).toBeTruthy();
    expect(useSession.getState().token).toBe('from-link');
    expect(window.location.search).toBe('');
  });

  it('when the game categories are still loading, then the lobby waits for them, so that its menus never grow under the reader', async () => {
    const answerVendors = await startHoldingVendors();
    await vi.waitFor(() =>
      expect(
        vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/wps/system/permission')),
      ).toBe(true),
    );
    expect(screen.queryByTestId('site-header')).toBeNull();
    answerVendors(
      ok([
        {
          gameType: 'FISH',
          vendors: [
            { code: 'FC', name: 'Fa Chai', status: 'ACTIVE', gameCount: 1, launchableCount: 0, logoUrl: '' },
          ],
        },
      ]),
    );
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByRole('link', { name: 'Fishing' })).toBeTruthy();
  });

  it('when index.html painted the frame, then it stays as the loading state (no spinner) until the lobby opens, which removes it', async () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="first-paint"><div class="banner-carousel"></div></div>',
    );
    const answerVendors = await startHoldingVendors();
    expect(screen.queryByTestId('app-loader')).toBeNull();
    expect(document.getElementById('first-paint')).not.toBeNull();
    answerVendors(ok([]));
    expect(await screen.findByTestId('site-header', {}, { timeout: 5_000 })).toBeTruthy();
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('when the game categories call fails, then the lobby opens without waiting for its retries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/wps/system/permission')) return ok(permissionFixture());
        if (url.startsWith(GamePaths.vendors)) throw new TypeError('Failed to fetch');
        return ok([]);
      }),
    );
    start('/', { retries: true });
    expect(await screen.findByTestId('site-header')).toBeTruthy();
  });

  it('when the permission call fails twice, then a retry screen shows, and retrying opens the lobby', async () => {
    serverAnswers('down', 'down', permissionFixture());
    // The call is retried once by itself after a pause; the clock is moved on rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    start();
    await vi.waitFor(() => expect(permissionCalls()).toBe(1));
    await vi.advanceTimersByTimeAsync(5000);
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('site-header')).toBeTruthy();
  });

  it('when the stored token is dead, then the session ends quietly, keeping the merchant code, and the lobby opens', async () => {
    memberAnswers(401);
    sessionStorage.setItem('token', 'dead-token');
    sessionStorage.setItem('merchantCode', 'FORTUNA');
    start('/');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(useSession.getState().isLogin).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('FORTUNA');
  });

  it("when the stored token is an agent's, then the agent centre opens on reload instead of sending them away", async () => {
    memberAnswers(agentFixture({ nickname: 'Ana' }));
    sessionStorage.setItem('token', 'agent-token');
    start('/agentHome');
    expect(await screen.findByRole('heading', { name: 'Agent centre' })).toBeTruthy();
    expect(window.location.pathname).toBe('/agentHome');
    expect(useSession.getState().memberInfo?.nickname).toBe('Ana');
  });

  it('when the host has a domain route, then its start page opens instead of home', async () => {
    const permission = permissionFixture();
    permission.info.domainRoute = [{ domain: window.location.hostname, path: '/agent' }];
    serverAnswers(permission);
    start('/');
    expect(await screen.findByRole('heading', { name: 'Agent portal' })).toBeTruthy();
    expect(window.location.pathname).toBe('/agent');
  });
});
