import { type DepositChannel, type DepositOrder, DepositPaths } from '@fortuna/contracts/deposit';
import { WalletPaths } from '@fortuna/contracts/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { leaveForGateway } from '../leave-for-gateway.ts';
import { DepositPage } from './deposit-page.tsx';

vi.mock('../leave-for-gateway.ts', () => ({ leaveForGateway: vi.fn() }));

const gateway: DepositChannel = {
  code: 'FORTUNA_PAY',
  name: 'Fortuna Pay',
  kind: 'GATEWAY',
  minMinor: '10000',
  maxMinor: '10000000',
  feeBasisPoints: 0,
  feeFixedMinor: '0',
  instructions: {},
  available: true,
  unavailableReason: null,
};
const bank: DepositChannel = {
  ...gateway,
  code: 'BANK_TRANSFER',
  name: 'Bank transfer',
  kind: 'BANK_TRANSFER',
  minMinor: '50000',
  instructions: {
    bank: 'Banco de Oro (BDO)',
    accountName: 'Fortuna Gaming Inc.',
    accountNumber: '0012-3456-7890',
  },
};

function orderFixture(overrides: Partial<DepositOrder> = {}): DepositOrder {
  return {
    orderNo: 'D20260101-ABC123',
    channelCode: 'FORTUNA_PAY',
    channelKind: 'GATEWAY',
    amountMinor: '50000',
    feeMinor: '0',
    status: 'PENDING',
    payUrl: 'http://127.0.0.1:8290/pay/D20260101-ABC123',
    payerReference: null,
    reviewNote: null,
    createdAt: '2026-01-01T10:00:00Z',
    settledAt: null,
    expiredAt: null,
    ...overrides,
  };
}

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${WalletPaths.balance}`]: () =>
      okAnswer({ balanceMinor: '1000000', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 }),
    [`GET ${DepositPaths.channels}`]: () => okAnswer({ channels: [gateway, bank] }),
    [`GET ${DepositPaths.orders}`]: () => okAnswer({ orders: [], page: 1, pageSize: 10, total: 0 }),
    ...extra,
  });
}

const amountInput = () => screen.findByLabelText(/^Amount/);

describe('deposit page (spec 2.6 depositv2)', () => {
  beforeEach(() => logInAs(memberFixture()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(leaveForGateway).mockReset();
    useSession.getState().endSession();
  });

  it('when the channels load, then each card shows its kind, limits and fee, the first one chosen', async () => {
    serve();
    renderInLobby(<DepositPage />, { path: '/member' });
    const card = await screen.findByTestId('deposit-channel-FORTUNA_PAY');
    expect((screen.getByRole('radio', { name: /Fortuna Pay/ }) as HTMLInputElement).checked).toBe(true);
    expect(card.textContent).toContain('Online payment');
    expect(card.textContent).toContain('₱ 100.00 – ₱ 100,000.00');
    expect(card.textContent).toContain('No fee');
    expect((screen.getByRole('radio', { name: /Bank transfer/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('when the amount is below the channel minimum, then the minimum is named under it and nothing is sent', async () => {
    const api = serve();
    renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.change(await amountInput(), { target: { value: '99.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe(
      'The minimum for this channel is ₱ 100.00',
    );
    expect(api.callsTo('POST', DepositPaths.orders)).toHaveLength(0);
  });

  it('when the amount has three decimals, then it is refused rather than rounded', async () => {
    const api = serve();
    renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.change(await amountInput(), { target: { value: '500.005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe('At most 2 decimals');
    expect(api.callsTo('POST', DepositPaths.orders)).toHaveLength(0);
  });

  it('when a quick amount is picked for the gateway, then the order is opened and the browser goes to its pay page', async () => {
    const api = serve({ [`POST ${DepositPaths.orders}`]: () => okAnswer(orderFixture()) });
    renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.click(await screen.findByRole('button', { name: '₱ 500.00' }));
    expect(((await amountInput()) as HTMLInputElement).value).toBe('500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(leaveForGateway).toHaveBeenCalledWith('http://127.0.0.1:8290/pay/D20260101-ABC123'),
    );
    const [call] = api.callsTo('POST', DepositPaths.orders);
    expect(call?.body).toMatchObject({ channelCode: 'FORTUNA_PAY', amountMinor: '50000' });
    expect((call?.body as { requestId?: string } | undefined)?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the network fails and the member presses again, then the same requestId goes again', async () => {
    let tries = 0;
    const api = serve({
      [`POST ${DepositPaths.orders}`]: () =>
        ++tries === 1 ? failAnswer(502, 'INTERNAL', 'Unknown error') : okAnswer(orderFixture()),
    });
    renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.change(await amountInput(), { target: { value: '1,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leaveForGateway).toHaveBeenCalled());
    const [first, second] = api
      .callsTo('POST', DepositPaths.orders)
      .map((call) => call.body as { requestId: string });
    expect(second?.requestId).toBe(first?.requestId);
  });

  it('when the server refuses the channel, then the message shows under the channel and the browser stays', async () => {
    serve({
      [`POST ${DepositPaths.orders}`]: () =>
        failAnswer(503, 'PAYMENT_GATEWAY_UNAVAILABLE', 'The payment gateway is unavailable'),
    });
    renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.change(await amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(leaveForGateway).not.toHaveBeenCalled();
  });

  it('when bank transfer is chosen, then its bank details show and the reference is required', async () => {
    const api = serve({
      [`POST ${DepositPaths.orders}`]: (call) =>
        okAnswer(
          orderFixture({
            channelCode: 'BANK_TRANSFER',
            channelKind: 'BANK_TRANSFER',
            payUrl: null,
            payerReference: (call.body as { payerReference: string }).payerReference,
          }),
        ),
    });
    const { router } = renderInLobby(<DepositPage />, { path: '/member' });
    fireEvent.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    expect(screen.getByTestId('bank-instructions').textContent).toContain('0012-3456-7890');
    fireEvent.change(await amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'I have sent the transfer' }));
    expect((await screen.findByTestId('field-error-payerReference')).textContent).toBe(
      'This field is required',
    );
    expect(api.callsTo('POST', DepositPaths.orders)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Transfer reference/), { target: { value: 'BDO-778812' } });
    fireEvent.click(screen.getByRole('button', { name: 'I have sent the transfer' }));
    await waitFor(() => expect(router.state.location.search).toContain('order=D20260101-ABC123'));
    expect(api.callsTo('POST', DepositPaths.orders)[0]?.body).toMatchObject({
      channelCode: 'BANK_TRANSFER',
      amountMinor: '50000',
      payerReference: 'BDO-778812',
    });
    expect(leaveForGateway).not.toHaveBeenCalled();
  });

  it('when the member comes back with a pending order that then gets paid, then the status turns Paid and the balance is asked again', async () => {
    let asks = 0;
    const api = serve({
      [`GET ${DepositPaths.order.replace(':orderNo', 'D20260101-ABC123')}`]: () =>
        okAnswer(orderFixture({ status: ++asks >= 2 ? 'PAID' : 'PENDING' })),
    });
    const { router } = renderInLobby(<DepositPage />, { path: '/member' });
    await act(() => router.navigate('/member?page=depositv2&order=D20260101-ABC123'));
    const order = await screen.findByTestId('deposit-order');
    await waitFor(() => expect(within(order).getByText('Pending')).toBeTruthy());
    const balanceAsksBefore = api.callsTo('GET', WalletPaths.balance).length;
    fireEvent.click(within(order).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(order).getByText('Paid')).toBeTruthy());
    await waitFor(() =>
      expect(api.callsTo('GET', WalletPaths.balance).length).toBeGreaterThan(balanceAsksBefore),
    );
  });

  it('when there are deposits, then the history lists them with status badges and pages', async () => {
    const api = serve({
      [`GET ${DepositPaths.orders}`]: (call) =>
        okAnswer({
          orders: [
            orderFixture({ orderNo: `D20260101-PAGE${call.query.get('page')}`, status: 'APPROVED' }),
            orderFixture({ orderNo: 'D20260101-GONE01', channelCode: 'RETIRED_PAY', channelKind: 'GATEWAY' }),
          ],
          page: Number(call.query.get('page')),
          pageSize: 10,
          total: 12,
        }),
    });
    renderInLobby(<DepositPage />, { path: '/member' });
    const history = await screen.findByTestId('deposit-history');
    await waitFor(() => expect(within(history).getByText('D20260101-PAGE1')).toBeTruthy());
    expect(within(history).getByText('Approved')).toBeTruthy();
    // Issue 19: channels by name, never by code; one no longer offered by its kind.
    expect(within(history).getByTestId('deposit-D20260101-PAGE1').textContent).toContain('Fortuna Pay');
    expect(within(history).getByTestId('deposit-D20260101-GONE01').textContent).toContain('Online payment');
    expect(history.textContent).not.toMatch(/FORTUNA_PAY|RETIRED_PAY/);
    fireEvent.click(within(history).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(history).getByText('D20260101-PAGE2')).toBeTruthy());
    expect(api.callsTo('GET', DepositPaths.orders).at(-1)?.query.get('pageSize')).toBe('10');
  });
});
