import { describe, expect, it } from 'vitest';
import { deriveSystemStatus } from './status.ts';

describe('start-up status', () => {
  it.each([
    [false, false, 0],
    [true, false, 1],
    [false, true, 2],
    [true, true, 1],
  ])(
    'when maintenance is %s and restriction is %s, then the status is %i',
    (maintenance, regionRestriction, status) => {
      expect(deriveSystemStatus({ maintenance, regionRestriction })).toBe(status);
    },
  );
});
