import { describe, expect, it, vi } from 'vitest';
import { runHousekeeping } from './housekeeping.ts';

describe('housekeeping', () => {
  it('when it runs, then every task runs; a failing task is logged, the others still run, and the run fails for the queue to retry', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const first = vi.fn(async () => {
      throw new Error('database away');
    });
    const second = vi.fn(async () => 3);
    const run = runHousekeeping(
      [
        { name: 'first', run: first },
        { name: 'second', run: second },
      ],
      log,
    );
    await expect(run()).rejects.toThrow('housekeeping tasks failed: first');
    expect(second).toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'first' }),
      'housekeeping task failed',
    );
    expect(log.info).toHaveBeenCalledWith({ task: 'second', removed: 3 }, 'housekeeping');
  });

  it('when every task succeeds, then the run answers what each removed', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const run = runHousekeeping(
      [
        { name: 'links', run: async () => 0 },
        { name: 'codes', run: async () => 2 },
      ],
      log,
    );
    await expect(run()).resolves.toEqual({ links: 0, codes: 2 });
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});
