import { describe, expect, it, vi } from 'vitest';
import { startHousekeeping } from './housekeeping.ts';

describe('housekeeping', () => {
  it('when the period passes, then every task runs; a failing task is logged and the others still run', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const first = vi.fn(async () => {
      throw new Error('database away');
    });
    const second = vi.fn(async () => 3);
    const housekeeping = startHousekeeping(
      [
        { name: 'first', run: first },
        { name: 'second', run: second },
      ],
      log,
      20,
    );
    await vi.waitFor(() => expect(second).toHaveBeenCalled());
    await housekeeping.stop();
    expect(first).toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'first' }),
      'housekeeping task failed',
    );
    expect(log.info).toHaveBeenCalledWith({ task: 'second', removed: 3 }, 'housekeeping');
  });
});
