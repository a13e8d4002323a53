import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import {
  AgentPaths,
  agentApi,
  betTotals,
  endAgentTest,
  openAgentPage,
  period,
  zeroBets,
} from '../agent.test-helpers.tsx';
import { lastSiteDays } from '../report-period.ts';
import { TeamOverviewPage } from './team-overview-page.tsx';

// uPlot draws on a canvas, which the test DOM has not: the fake keeps what it was asked to draw.
type LegendValue = (chart: unknown, raw: number | null, series: number, index: number | null) => string;
const drawn = vi.hoisted(() => ({
  charts: [] as { data: number[][]; labels: string[]; legend: (index: number | null) => string[] }[],
}));
vi.mock('uplot', () => ({
  default: class {
    constructor(options: { series: { label?: string; value?: LegendValue }[] }, data: number[][]) {
      drawn.charts.push({
        data,
        labels: options.series.map((series) => series.label ?? ''),
        // What the legend reads with the pointer on day `index`, or on no day (null).
        legend: (index) =>
          options.series.map(
            (series, at) => series.value?.(this, index === null ? null : 0, at, index) ?? '',
          ),
      });
    }
    setSize() {}
    destroy() {}
  },
}));

const day = (date: string, validBetMinor: string, depositMinor: string) => ({
  day: date,
  newMembers: 1,
  depositMinor,
  withdrawalMinor: '0',
  bonusMinor: '0',
  bets: { ...zeroBets, rounds: 1, validBetMinor, profitMinor: '-2500' },
});

const overview = {
  period,
  directCount: 2,
  teamCount: 5,
  newMembers: 2,
  activeMembers: 3,
  teamBalanceMinor: '123456789',
  depositMinor: '300000',
  withdrawalMinor: '50000',
  bonusMinor: '1000',
  bets: betTotals,
  series: [day('2026-11-24', '10000', '300000'), day('2026-11-25', '135050', '0')],
};

describe('team overview (spec 2.7 agentTeamOverview)', () => {
  afterEach(() => {
    endAgentTest();
    drawn.charts.length = 0;
  });

  it("when opened, then the site's last 7 days are asked for and the team's size and money show with 2 decimals", async () => {
    const api = agentApi({ [`GET ${AgentPaths.teamOverview}`]: () => okAnswer(overview) });
    openAgentPage(<TeamOverviewPage />);
    expect((await screen.findByTestId('team-size-team')).textContent).toBe('Whole team5');
    expect(screen.getByTestId('team-size-balance').textContent).toBe('Team balance₱ 1,234,567.89');
    expect(screen.getByTestId('team-totals-deposits').textContent).toBe('Deposits₱ 3,000.00');
    expect(screen.getByTestId('team-totals-profit').textContent).toBe('Win/loss−₱ 600.00');
    const query = api.callsTo('GET', AgentPaths.teamOverview)[0]?.query;
    const days = lastSiteDays(7, '+08:00');
    expect([query?.get('from'), query?.get('to')]).toEqual([days.from, days.to]);
  });

  it('when the overview arrives, then the chart draws each day of the series in major units, and the days are a table too', async () => {
    agentApi({ [`GET ${AgentPaths.teamOverview}`]: () => okAnswer(overview) });
    openAgentPage(<TeamOverviewPage />);
    await screen.findByTestId('team-chart');
    await vi.waitFor(() => expect(drawn.charts).toHaveLength(1));
    const [chart] = drawn.charts;
    expect(chart?.labels).toEqual(['Day', 'Valid bet', 'Win/loss', 'Deposits', 'Withdrawals']);
    expect(chart?.data).toEqual([
      [0, 1],
      [100, 1350.5],
      [-25, -25],
      [3000, 0],
      [0, 0],
    ]);
    expect(screen.getAllByTestId('team-day-row').map((row) => row.firstElementChild?.textContent)).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('when the pointer is on no day, then the legend shows the last day rather than blanks; on a day, that day', async () => {
    agentApi({ [`GET ${AgentPaths.teamOverview}`]: () => okAnswer(overview) });
    openAgentPage(<TeamOverviewPage />);
    await vi.waitFor(() => expect(drawn.charts).toHaveLength(1));
    const [chart] = drawn.charts;
    expect(chart?.legend(null)).toEqual(['2026-11-25', '1,350.50', '-25.00', '0.00', '0.00']);
    expect(chart?.legend(0)).toEqual(['2026-11-24', '100.00', '-25.00', '3,000.00', '0.00']);
  });

  it('when the last 30 days are picked, then they are asked for; a period over 92 days is refused before asking', async () => {
    const api = agentApi({ [`GET ${AgentPaths.teamOverview}`]: () => okAnswer(overview) });
    openAgentPage(<TeamOverviewPage />);
    await screen.findByTestId('team-size');
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await vi.waitFor(() =>
      expect(api.callsTo('GET', AgentPaths.teamOverview).at(-1)?.query.get('from')).toBe(
        lastSiteDays(30, '+08:00').from,
      ),
    );
    const calls = api.callsTo('GET', AgentPaths.teamOverview).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a period of at most 92 days.');
    expect(api.callsTo('GET', AgentPaths.teamOverview)).toHaveLength(calls);
  });
});
