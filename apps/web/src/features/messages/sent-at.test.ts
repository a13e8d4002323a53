import { describe, expect, it } from 'vitest';
import { formatSentAt } from './sent-at.ts';

describe('formatSentAt', () => {
  it('when a time is shown, then it reads year-month-day hour:minute:second with leading zeros', () => {
    const local = new Date(2026, 0, 5, 7, 3, 9);
    expect(formatSentAt(local.toISOString())).toBe('2026-01-05 07:03:09');
  });
});
