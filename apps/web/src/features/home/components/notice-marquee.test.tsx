import { NoticePaths } from '@fortuna/contracts/home-content';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value, message: '', code: 'OK' }));

/** The notices call answers when the test says so. */
function heldNotices() {
  let answer: (notices: unknown[]) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith(NoticePaths.list)) return ok([]);
      return new Promise<Response>((resolve) => {
        answer = (notices) => resolve(ok(notices));
      });
    }),
  );
  return (notices: unknown[]) => answer(notices);
}

describe('notice marquee (spec 2.1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the notices are loading, then their place is held, and the notices take it', async () => {
    const answer = heldNotices();
    renderInLobby(<NoticeMarquee />);
    const held = screen.getByTestId('notice-marquee-loading');
    expect(held.className).toBe('notice-marquee');
    expect(held.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    answer([{ id: '1', title: 'Weekend reload bonus', announcementId: null }]);
    expect((await screen.findByTestId('notice-marquee')).textContent).toContain('Weekend reload bonus');
    expect(screen.queryByTestId('notice-marquee-loading')).toBeNull();
  });

  it('when there are no notices, then nothing is shown', async () => {
    const answer = heldNotices();
    renderInLobby(<NoticeMarquee />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    answer([]);
    await waitFor(() => expect(screen.queryByTestId('notice-marquee-loading')).toBeNull());
    expect(screen.queryByTestId('notice-marquee')).toBeNull();
  });
});
