import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { DialogFrame } from './dialog-frame.tsx';

describe('the generic dialog (spec 2.2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const show = () => act(() => vi.advanceTimersByTime(100));

  it('when opened, then it appears only after the 100 ms show delay', () => {
    render(<DialogFrame title="Notice" onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
  });

  it('when a timeout is given, then it closes by itself after it', () => {
    const onClose = vi.fn();
    render(<DialogFrame title="Saved" timeoutMs={3000} onClose={onClose} />);
    show();
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('when the cover is clicked, then it closes, unless cover closing is disabled', () => {
    const onClose = vi.fn();
    const { unmount } = render(<DialogFrame title="A" onClose={onClose} />);
    show();
    fireEvent.click(screen.getByTestId('dialog-cover'));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();

    const stays = vi.fn();
    render(<DialogFrame title="B" onClose={stays} closeOnCoverClick={false} />);
    show();
    fireEvent.click(screen.getByTestId('dialog-cover'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(stays).not.toHaveBeenCalled();
  });

  it('when the close button is asked for, then it shows and closes the dialog', () => {
    const onClose = vi.fn();
    const { unmount } = render(<DialogFrame title="A" onClose={onClose} />);
    show();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    unmount();
    render(<DialogFrame title="B" onClose={onClose} showCloseButton />);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('when open on a scrolled page, then the page is pinned at its place and restored on close', () => {
    window.scrollTo(0, 640);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    const { unmount } = render(<DialogFrame title="A" onClose={() => {}} />);
    show();
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-640px');
    unmount();
    expect(document.body.style.position).toBe('');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
