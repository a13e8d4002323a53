import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import {
  AgentPaths,
  agentApi,
  betTotals,
  endAgentTest,
  failingFirst,
  openAgentPage,
  period,
  zeroBets,
} from '../agent.test-helpers.tsx';
import { TeamBetsPage } from './team-bets-page.tsx';

const bet = {
  id: '501',
  vendorCode: 'FORTUNA',
  vendorName: 'Fortuna Originals',
  gameCode: 'neon-fruits',
  gameName: 'Neon Fruits',
  category: 'RNG',
  roundId: 'r-1',
  stakeMinor: '150000',
  payoutMinor: '90000',
  validBetMinor: '145000',
  profitMinor: '-60000',
  status: 'SETTLED',
  // 09:05:07 at +08:00.
  openedAt: '2026-11-25T01:05:07.000Z',
  settledAt: '2026-11-25T01:05:09.000Z',
  username: 'player31',
  level: 2,
};
const open = { ...bet, id: '502', payoutMinor: '0', profitMinor: null, status: 'OPEN' };

const answer = (items: unknown[], total = items.length) =>
  okAnswer({ period, items, page: 1, pageSize: 20, total, totals: betTotals });

describe('team betting (spec 2.7 personalHistoryCopy)', () => {
  afterEach(endAgentTest);

  it("when opened, then the team's rounds show with who played, the site's time and the totals over every page", async () => {
    const api = agentApi({ [`GET ${AgentPaths.betsReport}`]: () => answer([open, bet], 41) });
    openAgentPage(<TeamBetsPage />);
    const rows = await screen.findAllByTestId('team-bet-row');
    expect(rows[1]?.textContent).toContain('2026-11-25 09:05:07');
    expect(rows[1]?.textContent).toContain('player31');
    expect(rows[1]?.textContent).toContain('Fortuna Originals · Neon Fruits');
    expect(rows[1]?.querySelector('.money--out')?.textContent).toBe('−₱ 600.00');
    // An open round has no result yet.
    expect(rows[0]?.textContent).toContain('—');
    expect(rows[0]?.textContent).toContain('Open');
    expect(within(screen.getByTestId('report-totals-stake')).getByText('₱ 1,500.00')).toBeTruthy();
    expect(screen.getByTestId('report-count').textContent).toBe('41 lines');
    const query = api.callsTo('GET', AgentPaths.betsReport)[0]?.query;
    expect(query?.get('language')).toBe('EN');
    expect(query?.has('vendor') || query?.has('status') || query?.has('category')).toBe(false);
  });

  it('when the agent narrows by category, vendor, status and downline, then the query carries each', async () => {
    const api = agentApi({ [`GET ${AgentPaths.betsReport}`]: () => answer([bet]) });
    openAgentPage(<TeamBetsPage />);
    await screen.findAllByTestId('team-bet-row');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'RNG' } });
    await screen.findByRole('option', { name: 'Fortuna Originals' });
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'FORTUNA' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'SETTLED' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'player31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', AgentPaths.betsReport).at(-1)?.query;
      expect([
        last?.get('category'),
        last?.get('vendor'),
        last?.get('status'),
        last?.get('username'),
      ]).toEqual(['RNG', 'FORTUNA', 'SETTLED', 'player31']);
    });
  });

  it('when the last 30 days are picked, then it says single bets cover at most 31 days only when more is chosen', async () => {
    const api = agentApi({ [`GET ${AgentPaths.betsReport}`]: () => answer([bet]) });
    openAgentPage(<TeamBetsPage />);
    await screen.findAllByTestId('team-bet-row');
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await vi.waitFor(() => expect(api.callsTo('GET', AgentPaths.betsReport)).toHaveLength(2));
    const calls = api.callsTo('GET', AgentPaths.betsReport).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a period of at most 31 days.');
    expect(api.callsTo('GET', AgentPaths.betsReport)).toHaveLength(calls);
  });

  it('when the team placed no bets, then it says so; when the read fails, then Try again brings the rounds', async () => {
    agentApi({
      [`GET ${AgentPaths.betsReport}`]: failingFirst(() =>
        okAnswer({ period, items: [], page: 1, pageSize: 20, total: 0, totals: zeroBets }),
      ),
    });
    openAgentPage(<TeamBetsPage />);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button'));
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'No bets of your team in this period.',
    );
  });
});
