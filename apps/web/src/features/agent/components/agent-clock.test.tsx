import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentClock } from './agent-clock.tsx';

describe('the agent header clock (spec 2.7, 9: updates every second)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T15:59:58Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("when seconds pass, then the clock shows the site's time, one second at a time, across the site's midnight", () => {
    render(<AgentClock gmtOffset="+08:00" />);
    const clock = screen.getByTestId('agent-clock');
    expect(clock.textContent).toBe('GMT+08:002026-11-26 23:59:58');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe('GMT+08:002026-11-26 23:59:59');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe('GMT+08:002026-11-27 00:00:00');
  });
});
