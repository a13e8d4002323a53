import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import { AgentPaths, agentApi, endAgentTest, openAgentPage } from '../agent.test-helpers.tsx';
import { AgentAnnouncementsPage } from './agent-announcements-page.tsx';

const item = (id: string, title: string) => ({
  id,
  type: 'B',
  popupType: null,
  lang: 'EN',
  title,
  content: `<p>${title} <b>details</b></p>`,
  images: [],
  publishedAt: '2026-11-25T01:00:00.000Z',
});

describe('agent announcements (spec 2.7 agentAnnouncement)', () => {
  afterEach(endAgentTest);

  it("when opened, then the agents' announcements in the agent's language are listed, the newest open", async () => {
    const api = agentApi({
      [`GET ${AgentPaths.announcements}`]: () =>
        okAnswer({
          list: [item('2', 'New rates'), item('1', 'Welcome')],
          pageNo: 1,
          pageSize: 9,
          total: 2,
          totalPages: 1,
        }),
    });
    openAgentPage(<AgentAnnouncementsPage />);
    const titles = await screen.findAllByRole('button', { expanded: true });
    expect(titles.map((title) => title.textContent?.startsWith('New rates'))).toEqual([true]);
    expect(screen.getByText('details')).toBeTruthy();
    // 01:00 UTC is 09:00 on the site's clock (GMT+08:00), whatever the device's zone.
    expect(titles[0]?.querySelector('time')?.textContent).toBe('2026-11-25 09:00:00');
    expect(api.callsTo('GET', AgentPaths.announcements)[0]?.query.get('lang')).toBe('EN');
    // Choosing the open one again closes it; choosing another opens that one.
    fireEvent.click(titles[0] as HTMLElement);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Welcome/ }));
    expect(screen.getByRole('button', { expanded: true }).textContent).toMatch(/^Welcome/);
  });

  it('when there are none, then it says so', async () => {
    agentApi({
      [`GET ${AgentPaths.announcements}`]: () =>
        okAnswer({ list: [], pageNo: 1, pageSize: 9, total: 0, totalPages: 0 }),
    });
    openAgentPage(<AgentAnnouncementsPage />);
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'No announcements for agents right now.',
    );
  });
});
