import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { TransferFundPage } from './transfer-fund-page.tsx';

const currency = { currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 };
const jdb = { code: 'JDB', name: 'JDB Gaming', balanceMinor: '25000' };

function walletRoutes(isSingle: boolean, extra: Parameters<typeof fakeApi>[0] = {}, leftover = false) {
  const wallets = isSingle && !leftover ? [] : [jdb];
  return fakeApi({
    [`GET ${WalletCallPaths.consolidatedFunds}`]: () =>
      okAnswer({
        mainBalanceMinor: '1000000',
        wallets,
        totalMinor: wallets.length === 0 ? '1000000' : '1025000',
        ...currency,
      }),
    [`GET ${WalletCallPaths.transferVendors}`]: () => okAnswer({ isSingle, vendors: isSingle ? [] : [jdb] }),
    ...extra,
  });
}

const transferAnswer = {
  transactionId: '5',
  amountMinor: '10050',
  from: { wallet: 'MAIN', balanceMinor: '989950' },
  to: { wallet: 'JDB', balanceMinor: '35050' },
  createdAt: '2026-11-23T08:00:00Z',
};

describe('my wallet (spec 2.6 transferFund)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when one wallet serves every game, then the main balance shows and there is nothing to transfer', async () => {
    walletRoutes(true);
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    expect((await screen.findByTestId('main-wallet-balance')).textContent).toBe('₱ 10,000.00');
    expect(screen.getByTestId('single-wallet-note').textContent).toMatch(/One wallet serves every game/);
    expect(screen.queryByTestId('wallet-transfer-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'All back to main wallet' })).toBeNull();
  });

  it('when money is left in a game wallet after the switch to one wallet, then it is listed and can only be brought back', async () => {
    const api = walletRoutes(
      true,
      { [`POST ${WalletCallPaths.walletTransfer}`]: () => okAnswer(transferAnswer) },
      true,
    );
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    expect((await screen.findByTestId('vendor-wallets')).textContent).toContain('JDB Gaming₱ 250.00');
    expect(screen.getByTestId('single-wallet-note')).toBeTruthy();
    expect(screen.queryByTestId('wallet-transfer-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All back to main wallet' }));
    await vi.waitFor(() => expect(api.callsTo('POST', WalletCallPaths.walletTransfer)).toHaveLength(1));
    expect(api.callsTo('POST', WalletCallPaths.walletTransfer)[0]?.body).toMatchObject({
      from: 'JDB',
      to: 'MAIN',
      amountMinor: '25000',
    });
  });

  it('when the member hides balances, then the wallet shows asterisks', async () => {
    localStorage.setItem('balanceHidden', '1');
    walletRoutes(true);
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    expect((await screen.findByTestId('main-wallet-balance')).textContent).toMatch(/^₱ \*{6}/);
    localStorage.removeItem('balanceHidden');
  });

  it('when transfer wallets exist, then each shows its balance and a transfer sends exact minor units with a request id', async () => {
    const api = walletRoutes(false, {
      [`POST ${WalletCallPaths.walletTransfer}`]: () => okAnswer(transferAnswer),
    });
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    expect((await screen.findByTestId('vendor-wallets')).textContent).toContain('JDB Gaming₱ 250.00');
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByTestId('transfer-done')).toBeTruthy();
    expect(api.callsTo('POST', WalletCallPaths.walletTransfer)[0]?.body).toEqual({
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '10050',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('when the balance is short, then the refusal shows under the amount', async () => {
    walletRoutes(false, {
      [`POST ${WalletCallPaths.walletTransfer}`]: () =>
        failAnswer(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance'),
    });
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    fireEvent.click(await screen.findByLabelText('Game wallet → main'));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '1,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe('Insufficient balance');
  });

  it('when the network fails and the member sends again, then the same request id goes again', async () => {
    let attempts = 0;
    const api = walletRoutes(false, {
      [`POST ${WalletCallPaths.walletTransfer}`]: () => {
        attempts += 1;
        return attempts === 1 ? failAnswer(502, 'INTERNAL', 'Unknown error') : okAnswer(transferAnswer);
      },
    });
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    fireEvent.change(await screen.findByLabelText(/^Amount/), { target: { value: '100.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByTestId('transfer-done')).toBeTruthy();
    const ids = api
      .callsTo('POST', WalletCallPaths.walletTransfer)
      .map((call) => (call.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('when the member brings everything back, then each game wallet with money moves its whole balance home', async () => {
    const api = walletRoutes(false, {
      [`POST ${WalletCallPaths.walletTransfer}`]: () => okAnswer(transferAnswer),
    });
    logInAs(memberFixture());
    renderMemberPage(<TransferFundPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'All back to main wallet' }));
    await vi.waitFor(() => expect(api.callsTo('POST', WalletCallPaths.walletTransfer)).toHaveLength(1));
    expect(api.callsTo('POST', WalletCallPaths.walletTransfer)[0]?.body).toMatchObject({
      from: 'JDB',
      to: 'MAIN',
      amountMinor: '25000',
    });
  });
});
