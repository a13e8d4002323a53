import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { NestedDialog } from './nested-dialog.tsx';

describe('a dialog over a popup', () => {
  it('when Escape is pressed in the inner dialog, then only the inner one closes', () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    vi.useFakeTimers();
    render(
      <DialogFrame title="Register" onClose={closeOuter} testId="outer">
        <NestedDialog>
          <DialogFrame title="Security check" onClose={closeInner} testId="inner" />
        </NestedDialog>
      </DialogFrame>,
    );
    act(() => vi.advanceTimersByTime(100));
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    fireEvent.keyDown(screen.getByTestId('inner'), { key: 'Escape' });
    expect(closeInner).toHaveBeenCalledOnce();
    expect(closeOuter).not.toHaveBeenCalled();
  });
});
