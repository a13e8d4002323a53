import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { DialogHost } from './dialog-host.tsx';
import { openDialog, useDialogs } from './dialog-store.ts';

describe('openDialog (spec 2.2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<DialogHost />);
  });
  afterEach(() => {
    act(() => useDialogs.setState({ dialogs: [] }));
    vi.useRealTimers();
  });

  const open = (options: Parameters<typeof openDialog>[0]) => {
    let handle: ReturnType<typeof openDialog> | undefined;
    act(() => {
      handle = openDialog(options);
    });
    act(() => vi.advanceTimersByTime(100));
    return handle as ReturnType<typeof openDialog>;
  };

  it('when opened with an icon, title, html and buttons, then they show, translated', () => {
    open({
      icon: 'warning',
      title: 'Notice',
      html: '<p>Server <strong>message</strong></p>',
      buttons: [{ labelKey: 'dialog.cancel', variant: 'ghost' }, { labelKey: 'dialog.ok' }],
    });
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.querySelector('strong')?.textContent).toBe('message');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('when a button is pressed, then its handler runs, the dialog closes and onClose is told', () => {
    const confirmed = vi.fn();
    const onClose = vi.fn();
    open({ title: 'Log out?', buttons: [{ labelKey: 'dialog.ok', onClick: confirmed }], onClose });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(confirmed).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the handle is closed, then the dialog goes away', () => {
    const handle = open({ title: 'Working' });
    expect(screen.getByRole('dialog', { name: 'Working' })).toBeTruthy();
    act(() => handle.close());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when another dialog opens meanwhile, then the first one still closes on its own timeout', () => {
    open({ title: 'First', timeoutMs: 1000 });
    act(() => vi.advanceTimersByTime(600));
    open({ title: 'Second' });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('dialog', { name: 'First' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeTruthy();
  });
});
