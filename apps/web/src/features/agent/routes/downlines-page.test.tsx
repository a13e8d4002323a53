import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, okAnswer } from '../../../test/fake-api.ts';
import {
  AgentPaths,
  agentApi,
  downline,
  endAgentTest,
  openAgentPage,
  subAgent,
} from '../agent.test-helpers.tsx';
import { DownlinesPage } from './downlines-page.tsx';

const detailPath = (id: string) => AgentPaths.downline.replace(':id', id);
const list = (items: unknown[], total = items.length) => okAnswer({ items, page: 1, pageSize: 20, total });

describe('team management (spec 2.7 downlineManagmentView)', () => {
  afterEach(endAgentTest);

  it('when opened, then every level of the line is listed with balance, upline, dates on the site clock and status', async () => {
    const api = agentApi({ [`GET ${AgentPaths.downlines}`]: () => list([downline, subAgent], 2) });
    openAgentPage(<DownlinesPage />);
    const rows = await screen.findAllByTestId('downline-row');
    expect(rows[0]?.textContent).toBe('player31Member1agent01₱ 12,345.672026-11-20 10:00:00NeverActive');
    expect(rows[1]?.textContent).toContain('Agent');
    expect(rows[1]?.textContent).toContain('2026-11-25 12:05:06');
    const query = api.callsTo('GET', AgentPaths.downlines)[0]?.query;
    expect([...(query?.keys() ?? [])].sort()).toEqual(['page', 'pageSize']);
  });

  it('when the agent filters by level, kind, status and name, then the query carries each', async () => {
    const api = agentApi({ [`GET ${AgentPaths.downlines}`]: () => list([downline]) });
    openAgentPage(<DownlinesPage />);
    await screen.findAllByTestId('downline-row');
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'AGENT' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DISABLED' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'sub' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', AgentPaths.downlines).at(-1)?.query;
      expect([last?.get('level'), last?.get('type'), last?.get('status'), last?.get('username')]).toEqual([
        '1',
        'AGENT',
        'DISABLED',
        'sub',
      ]);
    });
  });

  it('when the agent opens a sub-agent, then its detail shows its team and that it must still change its password', async () => {
    agentApi({
      [`GET ${AgentPaths.downlines}`]: () => list([downline, subAgent]),
      [`GET ${detailPath('32')}`]: () =>
        okAnswer({ ...subAgent, directCount: 4, teamCount: 17, mustChangePassword: true }),
    });
    openAgentPage(<DownlinesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'subagent32' }));
    const detail = await screen.findByTestId('downline-detail');
    await within(detail).findByText('17');
    expect(within(detail).getByText('Must change the first password')).toBeTruthy();
    expect(within(detail).getByTestId('downline-detail-balance').textContent).toBe('₱ 12,345.67');
    fireEvent.click(within(detail).getByRole('button', { name: 'Close the detail' }));
    expect(screen.queryByTestId('downline-detail')).toBeNull();
  });

  it('when a detail is refused (not in the line), then the failure shows in its place', async () => {
    agentApi({
      [`GET ${AgentPaths.downlines}`]: () => list([downline]),
      [`GET ${detailPath('31')}`]: () => failAnswer(404, 'NOT_FOUND', 'Not found', null),
    });
    openAgentPage(<DownlinesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'player31' }));
    expect(await within(screen.getByTestId('downline-detail')).findByRole('alert')).toBeTruthy();
  });

  it('when no downline matches, then it says so', async () => {
    agentApi({ [`GET ${AgentPaths.downlines}`]: () => list([]) });
    openAgentPage(<DownlinesPage />);
    expect((await screen.findByTestId('report-empty')).textContent).toBe('No downlines match these filters.');
  });
});
