import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge } from './count-badge.tsx';

describe('CountBadge', () => {
  it('when the count is 0 or below, then nothing is drawn', () => {
    const { container } = render(
      <>
        <CountBadge count={0} label="none" />
        <CountBadge count={-1} label="none" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('when the count is above 0, then it shows with its label, and above 99 as 99+', () => {
    render(
      <>
        <CountBadge count={3} label="3 unread" />
        <CountBadge count={150} label="150 unread" />
      </>,
    );
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
    expect(screen.getByLabelText('150 unread').textContent).toBe('99+');
  });
});
