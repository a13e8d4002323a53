import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { agentFixture, logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { TransferUplinePage } from './transfer-upline-page.tsx';

const balance = { balanceMinor: '1000000', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 };
const transferred = {
  transactionId: '9',
  direction: 'UPLINE',
  account: 'agent01',
  amountMinor: '123450',
  balanceMinor: '876550',
  createdAt: '2026-11-23T08:00:00Z',
};

function routes(extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    [`GET ${WalletCallPaths.paymentPassword}`]: () => okAnswer({ isSet: true }),
    'GET /wps/v2/wallets/balance': () => okAnswer(balance),
    [`POST ${WalletCallPaths.memberTransfer}`]: () => okAnswer(transferred),
    ...extra,
  });
}

async function fillAndSend(account: string, amount: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/account name/), { target: { value: account } });
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/^Payment password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
}

describe('transfer to upline (spec 2.6 transferUpline)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when sent, then a dialog shows recipient and amount first, and confirming sends it once, sealed, with a request id', async () => {
    const api = routes();
    logInAs(memberFixture());
    renderMemberPage(<TransferUplinePage />);
    await fillAndSend('agent01', '1,234.50', '246810');
    const dialog = await screen.findByTestId('confirm-member-transfer');
    expect(within(dialog).getByTestId('confirm-recipient').textContent).toBe('agent01');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('₱ 1,234.50');
    expect(api.callsTo('POST', WalletCallPaths.memberTransfer)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByTestId('transfer-done')).toBeTruthy();
    const calls = api.callsTo('POST', WalletCallPaths.memberTransfer);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.contentType).toMatch(/sealed/);
    expect(calls[0]?.body).toEqual({
      direction: 'UPLINE',
      account: 'agent01',
      amountMinor: '123450',
      paymentPassword: '246810',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('when the member cancels the confirmation, then nothing is sent', async () => {
    const api = routes();
    logInAs(memberFixture());
    renderMemberPage(<TransferUplinePage />);
    await fillAndSend('agent01', '10', '246810');
    fireEvent.click(
      within(await screen.findByTestId('confirm-member-transfer')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.callsTo('POST', WalletCallPaths.memberTransfer)).toHaveLength(0);
  });

  it.each([
    ['1.234', 'At most 2 decimals'],
    ['0', 'The amount must be greater than zero'],
    ['-5', 'Please enter an amount such as 1,234.56'],
  ])(
    'when the amount is %s, then it says "%s" under the amount and nothing is sent',
    async (amount, message) => {
      const api = routes();
      logInAs(memberFixture());
      renderMemberPage(<TransferUplinePage />);
      await fillAndSend('agent01', amount, '246810');
      expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe(message);
      expect(screen.queryByTestId('confirm-member-transfer')).toBeNull();
      expect(api.callsTo('POST', WalletCallPaths.memberTransfer)).toHaveLength(0);
    },
  );

  it('when the account is not the upline, then the refusal shows under the account name', async () => {
    routes({
      [`POST ${WalletCallPaths.memberTransfer}`]: () =>
        failAnswer(403, 'FORBIDDEN', 'You cannot transfer to someone', {
          issues: [{ field: 'body.account', message: 'not your upline or in your line' }],
        }),
    });
    logInAs(memberFixture());
    renderMemberPage(<TransferUplinePage />);
    await fillAndSend('someone', '10', '246810');
    fireEvent.click(
      within(await screen.findByTestId('confirm-member-transfer')).getByRole('button', { name: 'Transfer' }),
    );
    expect((await screen.findByTestId('field-error-account')).textContent).toBe(
      'This account is not your upline or in your line',
    );
  });

  it('when an agent chooses downline, then the transfer goes to DOWNLINE', async () => {
    const api = routes();
    logInAs(agentFixture());
    renderMemberPage(<TransferUplinePage />);
    fireEvent.click(await screen.findByLabelText('To my downline'));
    await fillAndSend('player01', '5', '246810');
    fireEvent.click(
      within(await screen.findByTestId('confirm-member-transfer')).getByRole('button', { name: 'Transfer' }),
    );
    await vi.waitFor(() => expect(api.callsTo('POST', WalletCallPaths.memberTransfer)).toHaveLength(1));
    expect(api.callsTo('POST', WalletCallPaths.memberTransfer)[0]?.body).toMatchObject({
      direction: 'DOWNLINE',
      account: 'player01',
      amountMinor: '500',
    });
  });

  it('when no payment password is set, then the page says so and links to the security centre', async () => {
    routes({ [`GET ${WalletCallPaths.paymentPassword}`]: () => okAnswer({ isSet: false }) });
    logInAs(memberFixture());
    const { router } = renderMemberPage(<TransferUplinePage />, { search: '?page=transferUpline' });
    expect(await screen.findByTestId('payment-password-needed')).toBeTruthy();
    expect(screen.queryByTestId('member-transfer-form')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Set it now' }));
    expect(router.state.location.search).toBe('?page=securityCenter');
  });
});
