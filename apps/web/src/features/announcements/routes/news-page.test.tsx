import type { AnnouncementItem, AnnouncementPage } from '@fortuna/contracts/announcements';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { announcementsQuery } from '../api/get-announcements.ts';
import { NewsPage } from './news-page.tsx';

const page = (titles: string[]): AnnouncementPage => ({
  list: titles.map(
    (title, index): AnnouncementItem => ({
      id: String(index + 1),
      type: 'PR',
      popupType: null,
      lang: 'EN',
      title,
      content: `<p>${title} in full</p>`,
      images: [],
      publishedAt: '2026-11-20T08:30:05.000Z',
    }),
  ),
  pageNo: 1,
  pageSize: 9,
  total: titles.length,
  totalPages: 1,
});

describe('news (spec 2.12)', () => {
  it('when opened, then every announcement is an article; a type chip shows only that type', async () => {
    const { queryClient } = renderInLobby(<NewsPage />, { path: '/news' });
    const base = { lang: 'EN', popup: false, pageNo: 1, isLogin: false };
    queryClient.setQueryData(announcementsQuery(base).queryKey, page(['Maintenance', 'Reload']));
    queryClient.setQueryData(announcementsQuery({ ...base, type: 'PR' }).queryKey, page(['Reload']));
    expect(await screen.findByText('Maintenance in full')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Promotions' }));
    expect(await screen.findByText('Reload in full')).toBeTruthy();
    expect(screen.queryByText('Maintenance in full')).toBeNull();
    expect(screen.getByRole('button', { name: 'Promotions' }).getAttribute('aria-pressed')).toBe('true');
  });
});
