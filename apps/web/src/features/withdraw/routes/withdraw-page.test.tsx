import { type MemberBonus, PromotionPaths } from '@fortuna/contracts/promotions';
import { WalletCallPaths, WalletPaths } from '@fortuna/contracts/wallet';
import { type Payee, type Withdrawal, WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { WithdrawPage } from './withdraw-page.tsx';

const payee: Payee = {
  id: '41',
  kind: 'BANK',
  institution: 'BDO',
  accountName: 'Juan Dela Cruz',
  accountNumberMasked: '••••5678',
  createdAt: '2026-01-01T00:00:00Z',
};

function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    orderNo: 'W20260101-ABC123',
    amountMinor: '20000',
    status: 'PENDING',
    payee,
    receivedMinor: null,
    memberNote: null,
    decisionNote: null,
    confirmBy: null,
    forcedReceipt: false,
    canConfirm: false,
    createdAt: '2026-01-01T10:00:00Z',
    decidedAt: null,
    paidAt: null,
    confirmedAt: null,
    resolutionNote: null,
    resolvedAt: null,
    returnedMinor: null,
    ...overrides,
  };
}

function wageringBonus(overrides: Partial<MemberBonus> = {}): MemberBonus {
  return {
    id: '8',
    promotionTitle: 'First deposit doubled',
    grantedAt: '2026-01-01T00:00:00Z',
    bonusMinor: '60000',
    depositMinor: '60000',
    requiredMinor: '600000',
    wageredMinor: '150000',
    status: 'ACTIVE',
    closedAt: null,
    closedReason: null,
    multiplier: 5,
    includesDeposit: true,
    weightsPercent: { RNG: 100 },
    maxStakeMinor: null,
    withdrawalRule: 'FORFEIT',
    expiresAt: null,
    cancellable: true,
    ...overrides,
  };
}

function serve({
  isSet = true,
  payees = [payee],
  withdrawals = [] as Withdrawal[],
  extra = {} as Parameters<typeof fakeApi>[0],
} = {}) {
  return fakeApi({
    [`GET ${WalletPaths.balance}`]: () =>
      okAnswer({ balanceMinor: '1000000', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 }),
    [`GET ${WalletCallPaths.paymentPassword}`]: () => okAnswer({ isSet }),
    [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees, payeeName: payees[0]?.accountName ?? null }),
    [`GET ${WithdrawalPaths.withdrawals}`]: () =>
      okAnswer({ withdrawals, page: 1, pageSize: 10, total: withdrawals.length }),
    ...extra,
  });
}

function openPage() {
  return renderInLobby(
    <>
      <WithdrawPage />
      <DialogHost />
    </>,
    { path: '/member' },
  );
}

async function fillWithdrawal(amount: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Amount/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/^Payment password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
}

describe('withdraw page (spec 2.6 withdraw, 4.10)', () => {
  beforeEach(() => logInAs(memberFixture()));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it('when a bonus is still wagering, then before submitting the form says how much is held, the progress, and that withdrawing forfeits it or is blocked', async () => {
    serve({
      extra: {
        [`GET ${PromotionPaths.bonuses}`]: () =>
          okAnswer({
            heldMinor: '70000',
            bonuses: [
              wageringBonus(),
              wageringBonus({
                id: '9',
                promotionTitle: 'Slots week',
                bonusMinor: '10000',
                withdrawalRule: 'BLOCK',
              }),
              wageringBonus({ id: '10', promotionTitle: 'Old one', status: 'RELEASED' }),
            ],
          }),
      },
    });
    openPage();
    const hold = await screen.findByTestId('wagering-hold');
    expect(screen.getByTestId('bonus-held').textContent).toContain('₱ 700.00');
    const [forfeit, block, ...rest] = within(hold).getAllByRole('listitem');
    expect(rest).toHaveLength(0);
    expect(forfeit?.textContent).toContain(
      'First deposit doubled ₱ 600.00 · wagered ₱ 1,500.00 / ₱ 6,000.00 (still to wager: ₱ 4,500.00)',
    );
    expect(forfeit?.textContent).toContain('Withdrawing now forfeits this bonus');
    expect(block?.textContent).toContain('Slots week');
    expect(block?.textContent).toContain('Withdrawals are blocked until this wagering is met');
    // A generous timeout: the page makes several calls, and a loaded machine takes seconds over them.
  }, 20_000);

  it('when no bonus is wagering, then the form holds nothing back and says nothing of it', async () => {
    serve({
      extra: {
        [`GET ${PromotionPaths.bonuses}`]: () =>
          okAnswer({ heldMinor: '0', bonuses: [wageringBonus({ status: 'RELEASED' })] }),
      },
    });
    openPage();
    await screen.findByTestId('withdraw-form');
    await waitFor(() => expect(screen.queryByTestId('wagering-hold')).toBeNull());
    expect(screen.queryByTestId('bonus-held')).toBeNull();
  });

  it('when no payment password is set, then the page says so and links to My account', async () => {
    serve({ isSet: false });
    openPage();
    const note = await screen.findByTestId('payment-password-needed');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/member?page=securityCenter');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('when there is no payee account, then a bad number is refused here and a good one is added', async () => {
    const api = serve({
      payees: [],
      extra: { [`POST ${WithdrawalPaths.payees}`]: () => okAnswer(payee) },
    });
    openPage();
    const form = await screen.findByTestId('add-payee-form');
    fireEvent.change(within(form).getByLabelText(/^Bank/), { target: { value: 'BDO' } });
    fireEvent.change(within(form).getByLabelText(/^Account name/), { target: { value: 'Juan Dela Cruz' } });
    fireEvent.change(within(form).getByLabelText(/^Account number/), { target: { value: '1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add account' }));
    expect((await screen.findByTestId('field-error-accountNumber')).textContent).toBe(
      'Must be 8 to 20 digits',
    );
    expect(api.callsTo('POST', WithdrawalPaths.payees)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Account number/), { target: { value: '1234 5678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(api.callsTo('POST', WithdrawalPaths.payees)).toHaveLength(1));
    expect(api.callsTo('POST', WithdrawalPaths.payees)[0]?.body).toEqual({
      kind: 'BANK',
      institution: 'BDO',
      accountName: 'Juan Dela Cruz',
      accountNumber: '12345678',
    });
  });

  it('when the amount has three decimals or the password is not 6 digits, then nothing is sent', async () => {
    const api = serve();
    openPage();
    await fillWithdrawal('200.005', '12345');
    expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe('At most 2 decimals');
    expect(screen.getByTestId('field-error-paymentPassword').textContent).toBe(
      'The payment password is 6 digits',
    );
    expect(screen.queryByTestId('confirm-withdrawal')).toBeNull();
    expect(api.callsTo('POST', WithdrawalPaths.withdrawals)).toHaveLength(0);
  });

  it('when the member confirms in the dialog, then the request goes once with a requestId and the balance is asked again', async () => {
    const api = serve({
      extra: { [`POST ${WithdrawalPaths.withdrawals}`]: () => okAnswer(withdrawalFixture()) },
    });
    openPage();
    await fillWithdrawal('200', '246810');
    const dialog = await screen.findByTestId('confirm-withdrawal');
    expect(within(dialog).getByTestId('confirm-withdrawal-amount').textContent).toBe('₱ 200.00');
    expect(api.callsTo('POST', WithdrawalPaths.withdrawals)).toHaveLength(0);
    const balanceAsks = api.callsTo('GET', WalletPaths.balance).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await screen.findByTestId('withdrawal-requested');
    const [call] = api.callsTo('POST', WithdrawalPaths.withdrawals);
    expect(call?.body).toMatchObject({
      payeeAccountId: '41',
      amountMinor: '20000',
      paymentPassword: '246810',
    });
    expect((call?.body as { requestId?: string } | undefined)?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.callsTo('GET', WalletPaths.balance).length).toBeGreaterThan(balanceAsks);
  });

  it('when the server refuses the amount with its limits, then the limits show under the amount in words', async () => {
    serve({
      extra: {
        [`POST ${WithdrawalPaths.withdrawals}`]: () =>
          failAnswer(400, 'VALIDATION_FAILED', 'Invalid request', {
            issues: [
              {
                field: 'body.amountMinor',
                message: 'must be from 100.00 to 50,000.00 (10000 to 5000000 minor units)',
              },
            ],
          }),
      },
    });
    openPage();
    await fillWithdrawal('60,000', '246810');
    fireEvent.click(
      within(await screen.findByTestId('confirm-withdrawal')).getByRole('button', { name: 'Withdraw' }),
    );
    expect((await screen.findByTestId('field-error-amountMinor')).textContent).toBe(
      'Withdrawals must be from 100.00 to 50,000.00',
    );
  });

  it('when the payment password is wrong, then it says so under the password', async () => {
    serve({
      extra: {
        [`POST ${WithdrawalPaths.withdrawals}`]: () =>
          failAnswer(400, 'PAYMENT_PASSWORD_WRONG', 'The payment password is incorrect'),
      },
    });
    openPage();
    await fillWithdrawal('200', '111111');
    fireEvent.click(
      within(await screen.findByTestId('confirm-withdrawal')).getByRole('button', { name: 'Withdraw' }),
    );
    expect((await screen.findByTestId('field-error-paymentPassword')).textContent).toBe(
      'The payment password is incorrect',
    );
  });

  it('when a paid withdrawal is partially received, then a gif is refused in the browser and the png goes with the amount', async () => {
    const paid = withdrawalFixture({
      status: 'PAID',
      canConfirm: true,
      confirmBy: new Date(Date.now() + 90 * 60_000).toISOString(),
    });
    const api = serve({
      withdrawals: [paid],
      extra: {
        [`POST ${WithdrawalPaths.confirm.replace(':orderNo', paid.orderNo)}`]: () =>
          okAnswer({ ...paid, status: 'PARTIALLY_RECEIVED', canConfirm: false }),
      },
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    openPage();
    const form = await screen.findByTestId(`confirm-receipt-${paid.orderNo}`);
    expect(within(form).getByTestId('time-left').textContent).toMatch(/1 h 3\d min/);
    fireEvent.click(within(form).getByRole('radio', { name: 'Partially received' }));
    const input = within(form).getByTestId('image-input');
    const gif = new File(['GIF89a'], 'photo.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(within(form).getByTestId('field-error-images').textContent).toBe(
      'photo.gif: Only png or jpg images',
    );
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(within(form).getAllByRole('img')).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText(/^Amount received/), { target: { value: '250' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation' }));
    expect((await within(form).findByTestId('field-error-receivedMinor')).textContent).toBe(
      'Must be less than the amount paid out',
    );
    fireEvent.change(within(form).getByLabelText(/^Amount received/), { target: { value: '150' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation' }));
    await waitFor(() =>
      expect(api.callsTo('POST', WithdrawalPaths.confirm.replace(':orderNo', paid.orderNo))).toHaveLength(1),
    );
    expect(api.callsTo('POST', WithdrawalPaths.confirm.replace(':orderNo', paid.orderNo))[0]?.body).toEqual({
      outcome: 'PARTIALLY_RECEIVED',
      receivedMinor: '15000',
      images: [{ fileName: 'receipt.png', size: 4 }],
    });
  });

  it('when a paid withdrawal arrived, then Received goes without images', async () => {
    const paid = withdrawalFixture({
      status: 'PAID',
      canConfirm: true,
      confirmBy: new Date(Date.now() + 60_000).toISOString(),
    });
    const api = serve({
      withdrawals: [paid],
      extra: {
        [`POST ${WithdrawalPaths.confirm.replace(':orderNo', paid.orderNo)}`]: () =>
          okAnswer({ ...paid, status: 'RECEIVED', canConfirm: false }),
      },
    });
    openPage();
    const form = await screen.findByTestId(`confirm-receipt-${paid.orderNo}`);
    expect(within(form).queryByTestId('image-picker')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation' }));
    await waitFor(() =>
      expect(api.callsTo('POST', WithdrawalPaths.confirm.replace(':orderNo', paid.orderNo))[0]?.body).toEqual(
        {
          outcome: 'RECEIVED',
        },
      ),
    );
  });
});
