import type { Balance } from '@fortuna/contracts/wallet';
import { WalletPaths } from '@fortuna/contracts/wallet';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { BALANCE_HIDDEN_KEY } from '../../../shared/state/balance-hidden.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { BALANCE_REFRESH_THROTTLE_MS } from './header-balance.tsx';
import { SiteHeader } from './site-header.tsx';

function balanceFixture(overrides: Partial<Balance> = {}): Balance {
  return { balanceMinor: '123456789', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2, ...overrides };
}

/**
 * The header against a fake server whose balance answers are taken, in order, from `answers`
 * (the last one repeats); 'down' answers a server failure.
 */
function renderHeader(...answers: (Balance | 'down')[]) {
  let served = 0;
  const api = fakeApi({
    'GET /wps/member/info/icon': () => okAnswer({ iconUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    [`GET ${WalletPaths.balance}`]: () => {
      const balance = answers[Math.min(served, answers.length - 1)];
      served += 1;
      return balance === 'down' || !balance
        ? failAnswer(500, 'INTERNAL', 'Unknown error')
        : okAnswer(balance);
    },
  });
  const view = renderInLobby(<SiteHeader showMenuButton={false} />);
  return { ...view, balanceCalls: () => api.callsTo('GET', WalletPaths.balance) };
}

const amount = () => screen.getByTestId('header-balance-amount');
/** Lets any call a render would start go out before a test says none did. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('header balance (spec 2.4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => useSession.getState().endSession());
  });

  it('when a member is logged in, then the balance shows with its currency symbol, 2 decimals and grouping', async () => {
    logInAs(memberFixture());
    const { balanceCalls } = renderHeader(balanceFixture({ balanceMinor: '123456789' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 1,234,567.89'));
    expect(screen.getByRole('group', { name: 'Balance' })).toBeTruthy();
    expect(balanceCalls()[0]?.query.toString()).toBe('');
  });

  it('when the balance has no cents or is under one unit, then it still shows 2 decimals', async () => {
    logInAs(memberFixture());
    renderHeader(balanceFixture({ balanceMinor: '5', currencySymbol: '$' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('$ 0.05'));
  });

  it('when the balance is loading, then a skeleton stands in for it and says so to screen readers', () => {
    logInAs(memberFixture());
    renderHeader(balanceFixture());
    expect(amount().querySelector('.header-balance__skeleton')).not.toBeNull();
    expect(amount().textContent).toBe('Loading balance');
  });

  it('when the hide toggle is pressed, then asterisks replace the amount and the choice survives a new page', async () => {
    logInAs(memberFixture());
    renderHeader(balanceFixture({ balanceMinor: '1000000' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 10,000.00'));
    const toggle = screen.getByRole('button', { name: 'Hide balance' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(amount().textContent).toBe('₱ ******Balance hidden');
    expect(amount().textContent).not.toContain('10,000');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');

    // A fresh page load: everything rendered again from scratch, only local storage is left.
    cleanup();
    renderHeader(balanceFixture({ balanceMinor: '1000000' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ ******Balance hidden'));
    expect(screen.getByRole('button', { name: 'Hide balance' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('when a hidden balance is shown again, then the amount is back and the device forgets the choice', async () => {
    localStorage.setItem(BALANCE_HIDDEN_KEY, '1');
    logInAs(memberFixture());
    renderHeader(balanceFixture({ balanceMinor: '1000000' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ ******Balance hidden'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(amount().textContent).toBe('₱ 10,000.00');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBeNull();
  });

  it('when refresh is pressed, then the server is asked again and the new balance shows', async () => {
    logInAs(memberFixture());
    const { balanceCalls } = renderHeader(
      balanceFixture({ balanceMinor: '1000000' }),
      balanceFixture({ balanceMinor: '1250050' }),
    );
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 10,000.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 12,500.50'));
    expect(balanceCalls()).toHaveLength(2);
  });

  it('when refresh is pressed again within a second, then no second call goes out; after a second it does', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    logInAs(memberFixture());
    const { balanceCalls } = renderHeader(balanceFixture());
    await vi.waitFor(() => expect(balanceCalls()).toHaveLength(1));
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 1,234,567.89'));
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    fireEvent.click(refresh);
    await vi.waitFor(() => expect(balanceCalls()).toHaveLength(2));
    await vi.waitFor(() => expect(refresh.getAttribute('aria-busy')).toBe('false'));
    now += BALANCE_REFRESH_THROTTLE_MS - 1;
    fireEvent.click(refresh);
    now += 1;
    fireEvent.click(refresh);
    await vi.waitFor(() => expect(balanceCalls()).toHaveLength(3));
  });

  it('when the balance cannot be loaded, then a dash shows and the refresh button offers a retry that works', async () => {
    logInAs(memberFixture());
    const { balanceCalls } = renderHeader('down', balanceFixture({ balanceMinor: '1000000' }));
    const retry = await screen.findByRole('button', { name: 'Try loading the balance again' });
    expect(amount().textContent).toBe('—Balance unavailable');
    fireEvent.click(retry);
    await vi.waitFor(() => expect(amount().textContent).toBe('₱ 10,000.00'));
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toBeTruthy();
    expect(balanceCalls()).toHaveLength(2);
  });

  it('when a trial account is logged in, then there is no balance and no balance call', async () => {
    logInAs(memberFixture({ isTrial: true, type: 4 }));
    const { balanceCalls } = renderHeader(balanceFixture());
    expect(screen.getByTestId('account-menu-button')).toBeTruthy();
    // The account menu's avatar call shows the page has made its calls by then.
    await vi.waitFor(() =>
      expect(screen.getByTestId('account-menu-button').querySelector('img')).not.toBeNull(),
    );
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(balanceCalls()).toHaveLength(0);
  });

  it('when a session has begun but member info has not arrived, then nobody asks for a balance yet', async () => {
    act(() => useSession.getState().startSession('member-token', 'username'));
    const { balanceCalls } = renderHeader(balanceFixture());
    await settle();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(balanceCalls()).toHaveLength(0);
  });

  it('when a guest visits, then there is no balance and no balance call', async () => {
    const { balanceCalls } = renderHeader(balanceFixture());
    await settle();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(balanceCalls()).toHaveLength(0);
  });
});
