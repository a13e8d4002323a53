import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { SecurityCenterPage } from './security-center-page.tsx';

const PASSWORD_PATH = WalletCallPaths.paymentPassword;

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('security centre (spec 2.6 securityCenter)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when the member opens it, then account, nickname and the masked phone and e-mail show', async () => {
    fakeApi({
      [`GET ${PASSWORD_PATH}`]: () => okAnswer({ isSet: true }),
      [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees: [], payeeName: null }),
    });
    logInAs(memberFixture({ mobile: '+63 9** *** 4567', email: 'p***@example.com' }));
    renderMemberPage(<SecurityCenterPage />);
    const summary = await screen.findByTestId('account-summary');
    expect(summary.textContent).toContain('player01');
    expect(summary.textContent).toContain('Lucky');
    expect(summary.textContent).toContain('+63 9** *** 4567');
    expect(summary.textContent).toContain('p***@example.com');
    expect((await screen.findByTestId('payment-password-state')).textContent).toBe('Set');
  });

  it('when none is set, then the login password and 6 digits set it, sealed, and the state turns to set', async () => {
    let isSet = false;
    const api = fakeApi({
      [`GET ${PASSWORD_PATH}`]: () => okAnswer({ isSet }),
      [`POST ${PASSWORD_PATH}`]: () => {
        isSet = true;
        return okAnswer({ isSet: true });
      },
    });
    logInAs(memberFixture());
    renderMemberPage(<SecurityCenterPage />);
    expect((await screen.findByTestId('payment-password-state')).textContent).toBe('Not set');
    fill(/^Login password/, 'secret123');
    fill(/^New payment password/, '246810');
    fill(/^Confirm payment password/, '246810');
    fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    await vi.waitFor(() => expect(screen.getByTestId('payment-password-state').textContent).toBe('Set'));
    const [call] = api.callsTo('POST', PASSWORD_PATH);
    expect(call?.contentType).toMatch(/sealed/);
    expect(call?.body).toEqual({
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
      loginPassword: 'secret123',
    });
  });

  it('when the new one is not 6 digits or the confirmation differs, then each field says so and nothing is sent', async () => {
    const api = fakeApi({ [`GET ${PASSWORD_PATH}`]: () => okAnswer({ isSet: false }) });
    logInAs(memberFixture());
    renderMemberPage(<SecurityCenterPage />);
    await screen.findByTestId('payment-password-set');
    fill(/^New payment password/, '12ab56');
    fill(/^Confirm payment password/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect((await screen.findByTestId('field-error-loginPassword')).textContent).toBe(
      'This field is required',
    );
    expect(screen.getByTestId('field-error-paymentPassword').textContent).toBe('Must be 6 digits');
    expect(screen.getByTestId('field-error-confirmPaymentPassword').textContent).toBe(
      'Incorrect confirmation input',
    );
    expect(api.callsTo('POST', PASSWORD_PATH)).toHaveLength(0);
  });

  it('when the login password is wrong, then the server message shows under it', async () => {
    fakeApi({
      [`GET ${PASSWORD_PATH}`]: () => okAnswer({ isSet: false }),
      [`POST ${PASSWORD_PATH}`]: () =>
        failAnswer(400, 'WRONG_PASSWORD', 'The login password is incorrect', {
          issues: [{ field: 'body.loginPassword', message: 'The login password is incorrect' }],
        }),
    });
    logInAs(memberFixture());
    renderMemberPage(<SecurityCenterPage />);
    await screen.findByTestId('payment-password-set');
    fill(/^Login password/, 'wrong1234');
    fill(/^New payment password/, '246810');
    fill(/^Confirm payment password/, '246810');
    fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect((await screen.findByTestId('field-error-loginPassword')).textContent).toBe(
      'The current password is incorrect',
    );
  });

  it('when one is set, then changing it asks for the old one and sends it instead of the login password', async () => {
    const api = fakeApi({
      [`GET ${PASSWORD_PATH}`]: () => okAnswer({ isSet: true }),
      [`POST ${PASSWORD_PATH}`]: () =>
        failAnswer(400, 'PAYMENT_PASSWORD_WRONG', 'The payment password is incorrect', {
          issues: [{ field: 'body.oldPaymentPassword', message: 'The payment password is incorrect' }],
        }),
    });
    logInAs(memberFixture());
    renderMemberPage(<SecurityCenterPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change payment password' }));
    expect(screen.queryByLabelText(/^Login password/)).toBeNull();
    fill(/^Current payment password/, '111111');
    fill(/^New payment password/, '222222');
    fill(/^Confirm payment password/, '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Change payment password' }));
    expect((await screen.findByTestId('field-error-oldPaymentPassword')).textContent).toBe(
      'The payment password is incorrect',
    );
    expect(api.callsTo('POST', PASSWORD_PATH)[0]?.body).toEqual({
      paymentPassword: '222222',
      confirmPaymentPassword: '222222',
      oldPaymentPassword: '111111',
    });
  });
});
