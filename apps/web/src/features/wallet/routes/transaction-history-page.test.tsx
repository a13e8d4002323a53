import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { lastDays } from '../../../shared/format/records-range.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { TransactionHistoryPage } from './transaction-history-page.tsx';

const opening = {
  id: '1',
  transactionId: '1',
  type: 'ADJUSTMENT',
  wallet: 'MAIN',
  reference: 'opening credit',
  amountMinor: '1000000',
  balanceAfterMinor: '1000000',
  createdAt: new Date(2026, 10, 20, 9, 5, 7).toISOString(),
};
const transferOut = {
  ...opening,
  id: '2',
  transactionId: '2',
  type: 'TRANSFER_OUT',
  amountMinor: '-123450',
  balanceAfterMinor: '876550',
};

function recordRoutes(total = 2) {
  return fakeApi({
    'GET /wps/v2/wallets/balance': () =>
      okAnswer({ balanceMinor: '876550', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 }),
    [`GET ${WalletCallPaths.records}`]: (call) =>
      okAnswer({ items: [transferOut, opening], page: Number(call.query.get('page')), pageSize: 20, total }),
  });
}

describe('account records (spec 2.6 transactionHistory)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when opened, then the last 7 days are asked for and each line shows time, type, signed amount and balance after', async () => {
    const api = recordRoutes();
    logInAs(memberFixture());
    renderMemberPage(<TransactionHistoryPage />);
    const rows = await screen.findAllByTestId('record-row');
    expect(rows[0]?.textContent).toContain('2026-11-20 09:05:07');
    expect(rows[0]?.textContent).toContain('Transfer out');
    expect(rows[0]?.querySelector('.money--out')?.textContent).toBe('−₱ 1,234.50');
    expect(rows[0]?.textContent).toContain('₱ 8,765.50');
    expect(rows[1]?.querySelector('.money--in')?.textContent).toBe('+₱ 10,000.00');
    const query = api.callsTo('GET', WalletCallPaths.records)[0]?.query;
    const week = lastDays(7);
    expect(query?.get('from')).toMatch(new RegExp(`^${week.from}T00:00:00[+-]`));
    expect(query?.get('to')).toMatch(new RegExp(`^${week.to}T23:59:59\\.999[+-]`));
    expect(query?.get('page')).toBe('1');
    expect(query?.has('type')).toBe(false);
  });

  it('when the member picks a type, the last 30 days and the next page, then the query follows', async () => {
    const api = recordRoutes(45);
    logInAs(memberFixture());
    renderMemberPage(<TransactionHistoryPage />);
    await screen.findAllByTestId('record-row');
    expect(screen.getByTestId('records-page').textContent).toBe('Page 1 of 3');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'DEPOSIT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', WalletCallPaths.records).at(-1)?.query;
      expect(last?.get('type')).toBe('DEPOSIT');
      expect(last?.get('from')?.slice(0, 10)).toBe(lastDays(30).from);
      expect(last?.get('page')).toBe('2');
    });
  });

  it('when the start date is after the end date, then it says so and asks nothing', async () => {
    const api = recordRoutes();
    logInAs(memberFixture());
    renderMemberPage(<TransactionHistoryPage />);
    await screen.findAllByTestId('record-row');
    const before = api.callsTo('GET', WalletCallPaths.records).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/start date must not be after/);
    expect(api.callsTo('GET', WalletCallPaths.records)).toHaveLength(before);
  });
});
