import { describe, expect, it } from 'vitest';
import { betProblem } from './bet-types.ts';

describe('what a bet may select', () => {
  it('when bets are well formed, then they pass', () => {
    expect(betProblem('north', 'lo2', [0])).toBeNull();
    expect(betProblem('south', '3cang', [999])).toBeNull();
    expect(betProblem('central', 'xien4', [1, 2, 3, 99])).toBeNull();
    expect(betProblem('5d', 'straight', [0, 9, 9, 0, 1])).toBeNull();
    expect(betProblem('sea-2d', 'position', [2, 9])).toBeNull();
    expect(betProblem('3d', 'big-small', [0])).toBeNull();
    expect(betProblem('keno', 'keno-pick-5', [1, 20, 40, 60, 80])).toBeNull();
    expect(betProblem('race', 'race-position', [10, 10])).toBeNull();
    expect(betProblem('race', 'race-exacta', [1, 10])).toBeNull();
  });

  it('when a bet type is not offered on the draw, then the bet type is named', () => {
    expect(betProblem('keno', 'lo2', [1])).toEqual({
      field: 'betType',
      message: 'bet type lo2 is not offered on keno draws',
    });
    expect(betProblem('north', 'straight', [1])?.field).toBe('betType');
    expect(betProblem('race', 'x'.repeat(10_000), [1])?.field).toBe('betType');
    expect(betProblem('3d', '\u0000', [1])?.field).toBe('betType');
  });

  it('when numbers fall outside their range or are not whole, then the selection is named', () => {
    const bad: [Parameters<typeof betProblem>[0], string, unknown[]][] = [
      ['north', 'lo2', [100]],
      ['north', 'de', [-1]],
      ['north', '3cang', [1000]],
      ['north', 'lo2', [1.5]],
      ['north', 'lo2', [Number.NaN]],
      ['north', 'lo2', ['07']],
      ['north', 'lo2', [2 ** 64]],
      ['3d', 'straight', [1, 2, 10]],
      ['3d', 'position', [4, 1]],
      ['3d', 'big-small', [2]],
      ['keno', 'keno-pick-1', [0]],
      ['keno', 'keno-pick-1', [81]],
      ['race', 'race-position', [11, 1]],
      ['race', 'race-position', [1, 0]],
    ];
    for (const [kind, betType, selection] of bad)
      expect(betProblem(kind, betType, selection as number[])?.field, `${kind} ${betType} ${selection}`).toBe(
        'selection',
      );
  });

  it('when a selection has the wrong count, repeats, or is not a list, then the selection is named', () => {
    expect(betProblem('north', 'xien3', [1, 2])?.message).toBe('must hold 3 numbers');
    expect(betProblem('north', 'xien2', [7, 7])?.message).toBe('must not repeat a number');
    expect(betProblem('keno', 'keno-pick-2', [5, 5])?.message).toBe('must not repeat a number');
    expect(betProblem('race', 'race-exacta', [3, 3])?.message).toBe('must name two different runners');
    expect(betProblem('5d', 'straight', [1, 2, 3])?.message).toBe('must hold 5 numbers');
    expect(
      betProblem(
        'north',
        'lo2',
        Array.from({ length: 100_000 }, () => 1),
      )?.field,
    ).toBe('selection');
    expect(betProblem('north', 'lo2', '07' as unknown as number[])).toEqual({
      field: 'selection',
      message: 'must be a list of numbers',
    });
  });
});
