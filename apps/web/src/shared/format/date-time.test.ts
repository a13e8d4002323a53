import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('when given an instant, then it reads YYYY-MM-DD HH:mm:ss with leading zeros', () => {
    const local = new Date(2026, 0, 5, 7, 3, 9);
    expect(formatDateTime(local.toISOString())).toBe('2026-01-05 07:03:09');
  });

  it('when the value is not a date, then nothing is shown', () => {
    expect(formatDateTime('soon')).toBe('');
  });
});
