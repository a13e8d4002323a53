import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import { AgentPaths, agentApi, endAgentTest, openAgentPage, period } from '../agent.test-helpers.tsx';
import { IncomePage } from './income-page.tsx';

const income = (items: unknown[]) =>
  okAnswer({
    period,
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    totals: {
      amountMinor: '1280050',
      bySource: [
        { source: 'BONUS', count: 2, amountMinor: '1000000' },
        { source: 'TRANSFER_IN', count: 1, amountMinor: '250050' },
        { source: 'DAILY_SALARY', count: 0, amountMinor: '0' },
        { source: 'HOUR_SALARY', count: 0, amountMinor: '0' },
        { source: 'REALTIME_SALARY', count: 0, amountMinor: '0' },
        { source: 'DIVIDEND', count: 1, amountMinor: '30000' },
      ],
    },
  });

describe('my income (spec 2.7 agentRevenueReport)', () => {
  afterEach(endAgentTest);

  it('when opened, then it says what income is (contract payments included), shows each day and source and the totals per source', async () => {
    const api = agentApi({
      [`GET ${AgentPaths.incomeReport}`]: () =>
        income([
          { period: '2026-11-25', source: 'BONUS', count: 2, amountMinor: '1000000' },
          { period: '2026-11-24', source: 'TRANSFER_IN', count: 1, amountMinor: '250050' },
          { period: '2026-11-24', source: 'DIVIDEND', count: 1, amountMinor: '30000' },
        ]),
    });
    openAgentPage(<IncomePage />);
    const rows = await screen.findAllByTestId('income-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-11-25Bonuses and commissions2₱ 10,000.00',
      '2026-11-24Transfers received1₱ 2,500.50',
      '2026-11-24Dividend1₱ 300.00',
    ]);
    expect(screen.getByTestId('report-totals-total').textContent).toBe('Total income₱ 12,800.50');
    expect(screen.getByTestId('report-totals-HOUR_SALARY').textContent).toBe('Hourly salary₱ 0.00');
    expect(screen.getByTestId('report-totals-TRANSFER_IN').textContent).toBe('Transfers received₱ 2,500.50');
    expect(screen.getByText(/what your contracts paid you \(salaries and dividends, as paid/)).toBeTruthy();
    expect(api.callsTo('GET', AgentPaths.incomeReport)[0]?.query.get('grain')).toBe('DAY');
  });

  it('when the agent asks per month for transfers only, then the query follows and the column says Month', async () => {
    const api = agentApi({
      [`GET ${AgentPaths.incomeReport}`]: (call) =>
        income(
          call.query.get('grain') === 'MONTH'
            ? [{ period: '2026-11', source: 'TRANSFER_IN', count: 1, amountMinor: '250050' }]
            : [],
        ),
    });
    openAgentPage(<IncomePage />);
    expect((await screen.findByTestId('report-empty')).textContent).toBe('No income in this period.');
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'MONTH' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'TRANSFER_IN' } });
    await vi.waitFor(() => {
      const last = api.callsTo('GET', AgentPaths.incomeReport).at(-1)?.query;
      expect([last?.get('grain'), last?.get('source')]).toEqual(['MONTH', 'TRANSFER_IN']);
    });
    const table = await screen.findByTestId('income-table');
    expect(within(table).getByRole('columnheader', { name: 'Month' })).toBeTruthy();
  });
});
