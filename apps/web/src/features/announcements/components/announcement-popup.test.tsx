import type { AnnouncementItem, AnnouncementPage } from '@fortuna/contracts/announcements';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { announcementsQuery } from '../api/get-announcements.ts';
import { AnnouncementPopup } from './announcement-popup.tsx';

const item = (id: string, title: string): AnnouncementItem => ({
  id,
  type: 'B',
  popupType: null,
  lang: 'EN',
  title,
  content: `<p>About ${title}</p>`,
  images: [],
  publishedAt: '2026-11-20T08:30:05.000Z',
});

function renderPopup(onClose = vi.fn()) {
  const page: AnnouncementPage = {
    list: [item('2', 'Second'), item('1', 'First')],
    pageNo: 1,
    pageSize: 9,
    total: 2,
    totalPages: 1,
  };
  const { queryClient } = renderInLobby(<AnnouncementPopup view={{ mode: 'all' }} onClose={onClose} />);
  queryClient.setQueryData(
    announcementsQuery({ lang: 'EN', popup: false, pageNo: 1, isLogin: false }).queryKey,
    page,
  );
  return onClose;
}

const titleButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('announcement popup (spec 2.8)', () => {
  it('when it opens, then the first announcement is shown with its time as YYYY-MM-DD HH:mm:ss', async () => {
    renderPopup();
    expect(await screen.findByText('About Second')).toBeTruthy();
    expect(titleButton('Second').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).length).toBeGreaterThan(0);
  });

  it('when the selected title is chosen again, then it collapses; chosen once more, it opens', async () => {
    renderPopup();
    await screen.findByText('About Second');
    fireEvent.click(titleButton('Second'));
    expect(screen.queryByText('About Second')).toBeNull();
    expect(titleButton('Second').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(titleButton('Second'));
    expect(screen.getByText('About Second')).toBeTruthy();
  });

  it('when another title is chosen, then it replaces the open one', async () => {
    renderPopup();
    await screen.findByText('About Second');
    fireEvent.click(titleButton('First'));
    expect(screen.getByText('About First')).toBeTruthy();
    expect(screen.queryByText('About Second')).toBeNull();
  });

  it('when the reward centre link is followed, then the popup closes', async () => {
    const onClose = renderPopup();
    fireEvent.click(await screen.findByTestId('announcement-reward-link'));
    expect(onClose).toHaveBeenCalled();
  });
});
