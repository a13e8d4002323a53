import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import {
  AgentPaths,
  agentApi,
  betTotals,
  downline,
  endAgentTest,
  failingFirst,
  openAgentPage,
  period,
  subAgent,
  zeroBets,
} from '../agent.test-helpers.tsx';
import { lastSiteDays } from '../report-period.ts';
import { UserLossPage } from './user-loss-page.tsx';

const line = (
  of: { id: string; username: string; type: number; isAgent: boolean },
  profitMinor: string,
  team: boolean,
) => ({
  id: of.id,
  username: of.username,
  type: of.type,
  isAgent: of.isAgent,
  level: 1,
  own: { bets: { ...betTotals, profitMinor }, bonusMinor: '500' },
  team: team ? { bets: { ...betTotals, profitMinor: '-123456789' }, bonusMinor: '1000' } : null,
});

const report = (items: unknown[], total = items.length) =>
  okAnswer({
    period,
    items,
    page: 1,
    pageSize: 20,
    total,
    totals: { bets: { ...betTotals, profitMinor: '-123456789' }, bonusMinor: '1500' },
  });

describe('user loss (spec 2.7 palStatementsAgentCopy)', () => {
  afterEach(endAgentTest);

  it("when opened, then the site's last 7 days of direct downlines are asked for and each line shows own and team results", async () => {
    const api = agentApi({
      [`GET ${AgentPaths.profitLossReport}`]: () =>
        report([line(downline, '-60000', false), line(subAgent, '25000', true)]),
    });
    openAgentPage(<UserLossPage />);
    const rows = await screen.findAllByTestId('user-loss-row');
    expect(rows[0]?.textContent).toContain('player31');
    expect(rows[0]?.querySelector('.money--out')?.textContent).toBe('−₱ 600.00');
    // A member has no team: its team cell says so instead of a zero.
    expect(rows[0]?.lastElementChild?.textContent).toBe('—');
    expect(rows[1]?.querySelector('.money--in')?.textContent).toBe('+₱ 250.00');
    expect(rows[1]?.lastElementChild?.textContent).toBe('−₱ 1,234,567.89');
    expect(within(screen.getByTestId('report-totals-profit')).getByText('−₱ 1,234,567.89')).toBeTruthy();
    expect(screen.getByTestId('report-count').textContent).toBe('2 lines');
    const query = api.callsTo('GET', AgentPaths.profitLossReport)[0]?.query;
    const days = lastSiteDays(7, '+08:00');
    expect([query?.get('from'), query?.get('to'), query?.get('level')]).toEqual([days.from, days.to, '1']);
    expect(query?.has('username')).toBe(false);
  });

  it('when the agent picks level 2, searches a name and goes to page 2, then the query follows and starts at page 1 on each filter', async () => {
    const api = agentApi({
      [`GET ${AgentPaths.profitLossReport}`]: () => report([line(downline, '0', false)], 45),
    });
    openAgentPage(<UserLossPage />);
    await screen.findAllByTestId('user-loss-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(api.callsTo('GET', AgentPaths.profitLossReport).at(-1)?.query.get('page')).toBe('2'),
    );
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' play ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', AgentPaths.profitLossReport).at(-1)?.query;
      expect([last?.get('level'), last?.get('username'), last?.get('page')]).toEqual(['2', 'play', '1']);
    });
  });

  it('when nobody played, then it says so; when the period is reversed, then it says so and asks nothing', async () => {
    const api = agentApi({
      [`GET ${AgentPaths.profitLossReport}`]: () =>
        okAnswer({
          period,
          items: [],
          page: 1,
          pageSize: 20,
          total: 0,
          totals: { bets: zeroBets, bonusMinor: '0' },
        }),
    });
    openAgentPage(<UserLossPage />);
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'Nobody in your team played or got a bonus in this period.',
    );
    const calls = api.callsTo('GET', AgentPaths.profitLossReport).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    expect(api.callsTo('GET', AgentPaths.profitLossReport)).toHaveLength(calls);
  });

  it('when the read fails, then the failure shows with Try again, which shows the lines', async () => {
    agentApi({
      [`GET ${AgentPaths.profitLossReport}`]: failingFirst(() => report([line(downline, '0', false)])),
    });
    openAgentPage(<UserLossPage />);
    const failure = await screen.findByRole('alert');
    fireEvent.click(within(failure).getByRole('button'));
    expect(await screen.findAllByTestId('user-loss-row')).toHaveLength(1);
  });
});
