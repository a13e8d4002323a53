import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { PayeeAccounts } from './payee-accounts.tsx';

const bdo = {
  id: '3',
  kind: 'BANK',
  institution: 'BDO',
  accountName: 'Juan Dela Cruz',
  accountNumberMasked: '••••7890',
  createdAt: '2026-11-23T08:00:00Z',
};

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('payee accounts (spec 2.6 securityCenter)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when the first account is added, then the name is free and the account is sent as typed', async () => {
    let payees: unknown[] = [];
    const api = fakeApi({
      [`GET ${WithdrawalPaths.payees}`]: () =>
        okAnswer({ payees, payeeName: payees.length ? 'Juan Dela Cruz' : null }),
      [`POST ${WithdrawalPaths.payees}`]: () => {
        payees = [bdo];
        return okAnswer(bdo);
      },
    });
    logInAs(memberFixture());
    renderMemberPage(<PayeeAccounts />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payee account' }));
    fill(/^Bank name/, 'BDO');
    fill(/^Account name/, 'Juan Dela Cruz');
    fill(/^Account number/, '1234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByTestId('payee-item')).textContent).toContain('BDO · Bank');
    expect(api.callsTo('POST', WithdrawalPaths.payees)[0]?.body).toEqual({
      kind: 'BANK',
      institution: 'BDO',
      accountName: 'Juan Dela Cruz',
      accountNumber: '1234567890',
    });
  });

  it('when an e-wallet number is too short, then its bounds are named and nothing is sent', async () => {
    const api = fakeApi({
      [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees: [bdo], payeeName: 'Juan Dela Cruz' }),
    });
    logInAs(memberFixture());
    renderMemberPage(<PayeeAccounts />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payee account' }));
    fireEvent.click(screen.getByLabelText('E-wallet'));
    expect((screen.getByLabelText(/^Account name/) as HTMLInputElement).value).toBe('Juan Dela Cruz');
    expect((screen.getByLabelText(/^Account name/) as HTMLInputElement).readOnly).toBe(true);
    fill(/^E-wallet provider/, 'GCASH');
    fill(/^E-wallet mobile number/, '0917');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByTestId('field-error-accountNumber')).textContent).toBe(
      'Must be 10 to 13 digits',
    );
    expect(api.callsTo('POST', WithdrawalPaths.payees)).toHaveLength(0);
  });

  it('when the server says the name is not the member’s, then it shows under the name', async () => {
    fakeApi({
      [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees: [], payeeName: null }),
      [`POST ${WithdrawalPaths.payees}`]: () =>
        failAnswer(400, 'VALIDATION_FAILED', 'Some fields are not valid', {
          issues: [
            {
              field: 'body.accountName',
              message: "must be the member's own name, as on the first payee account",
            },
          ],
        }),
    });
    logInAs(memberFixture());
    renderMemberPage(<PayeeAccounts />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payee account' }));
    fill(/^Bank name/, 'BDO');
    fill(/^Account name/, 'Someone Else');
    fill(/^Account number/, '1234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByTestId('field-error-accountName')).textContent).toBe(
      'Must be your own name, as on your first payee account',
    );
  });

  it('when the member removes one after confirming, then the removal is sent for that id', async () => {
    let payees: unknown[] = [bdo];
    const api = fakeApi({
      [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees, payeeName: 'Juan Dela Cruz' }),
      'DELETE /wps/wallet/payees/3': () => {
        payees = [];
        return okAnswer({ removed: true });
      },
    });
    logInAs(memberFixture());
    renderMemberPage(<PayeeAccounts />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove BDO ••••7890' }));
    const dialog = await screen.findByTestId('confirm-payee-removal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No payee accounts yet. Add one to withdraw.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/wps/wallet/payees/3')).toHaveLength(1);
  });

  it('when the member has the most accounts allowed, then no add form is offered', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({ ...bdo, id: String(n) }));
    fakeApi({
      [`GET ${WithdrawalPaths.payees}`]: () => okAnswer({ payees: five, payeeName: 'Juan Dela Cruz' }),
    });
    logInAs(memberFixture());
    renderMemberPage(<PayeeAccounts />);
    expect(await screen.findByText(/the most payee accounts allowed \(5\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a payee account' })).toBeNull();
  });
});
