import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import { AgentPaths, agentApi, endAgentTest, openAgentPage, period } from '../agent.test-helpers.tsx';
import { DownlineTransactionsPage } from './downline-transactions-page.tsx';

const line = {
  id: '9001',
  transactionId: '8001',
  username: 'player31',
  level: 1,
  type: 'WITHDRAWAL',
  amountMinor: '-50000',
  balanceAfterMinor: '120000',
  createdAt: '2026-11-25T01:00:00.000Z',
};

const totals = [
  { type: 'DEPOSIT', count: 1, amountMinor: '170000' },
  { type: 'WITHDRAWAL', count: 1, amountMinor: '-50000' },
  { type: 'WITHDRAWAL_RETURNED', count: 0, amountMinor: '0' },
  { type: 'TRANSFER_IN', count: 0, amountMinor: '0' },
  { type: 'TRANSFER_OUT', count: 0, amountMinor: '0' },
  { type: 'BONUS', count: 0, amountMinor: '0' },
];

describe('account details of downlines (spec 2.7 agentDownlineTransactionDetailsCopy)', () => {
  afterEach(endAgentTest);

  it('when opened, then each line shows whose it is, signed, with the balance after and the totals per type', async () => {
    agentApi({
      [`GET ${AgentPaths.transactionsReport}`]: () =>
        okAnswer({ period, items: [line], page: 1, pageSize: 20, total: 1, totals }),
    });
    openAgentPage(<DownlineTransactionsPage />);
    const [row] = await screen.findAllByTestId('downline-transaction-row');
    expect(row?.textContent).toBe('2026-11-25 09:00:00player311Withdrawal−₱ 500.00₱ 1,200.00');
    expect(screen.getByTestId('report-totals-DEPOSIT').textContent).toBe('Deposit+₱ 1,700.00');
    expect(screen.getByTestId('report-totals-BONUS').textContent).toBe('Bonus₱ 0.00');
  });

  it('when the agent picks a type and a downline, then the query carries them; none found says so', async () => {
    const api = agentApi({
      [`GET ${AgentPaths.transactionsReport}`]: () =>
        okAnswer({ period, items: [], page: 1, pageSize: 20, total: 0, totals }),
    });
    openAgentPage(<DownlineTransactionsPage />);
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'No account records of your downlines in this period.',
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'DEPOSIT' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'player31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', AgentPaths.transactionsReport).at(-1)?.query;
      expect([last?.get('type'), last?.get('username')]).toEqual(['DEPOSIT', 'player31']);
    });
  });
});
