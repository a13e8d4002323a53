import { describe, expect, it } from 'vitest';
import { loadHouseGamesConfig } from './config.ts';

const OPERATORS =
  'ops.anna:config-test-operator-anna-0123456789abcdef,ops.binh:config-test-operator-binh-0123456789abcdef';
const BASE = {
  HOUSE_VENDOR_SECRET: 'config-test-vendor-secret-0123456789',
  PLATFORM_URL: 'http://127.0.0.1:8080',
  LOTTERY_RESULT_OPERATORS: OPERATORS,
};

describe('the house games’ start settings: the movable regional clock (ADR 071)', () => {
  it('when LOTTERY_MOVABLE_CLOCK is not set, then the regional draws keep the wall clock, in production too', () => {
    expect(loadHouseGamesConfig(BASE).LOTTERY_MOVABLE_CLOCK).toBe('off');
    expect(loadHouseGamesConfig({ ...BASE, NODE_ENV: 'production' }).LOTTERY_MOVABLE_CLOCK).toBe('off');
  });

  it('when a browser test or a trying site asks for it, then it is on', () => {
    expect(loadHouseGamesConfig({ ...BASE, LOTTERY_MOVABLE_CLOCK: 'on' }).LOTTERY_MOVABLE_CLOCK).toBe('on');
    expect(
      loadHouseGamesConfig({ ...BASE, NODE_ENV: 'test', LOTTERY_MOVABLE_CLOCK: 'on' }).LOTTERY_MOVABLE_CLOCK,
    ).toBe('on');
  });

  it('when a production start asks for it, then the start is refused naming the setting', () => {
    expect(() =>
      loadHouseGamesConfig({ ...BASE, NODE_ENV: 'production', LOTTERY_MOVABLE_CLOCK: 'on' }),
    ).toThrow(/LOTTERY_MOVABLE_CLOCK must not be on with NODE_ENV=production/);
  });

  it('when it is on without result operators or set to anything but on or off, then the start is refused naming it', () => {
    const { LOTTERY_RESULT_OPERATORS: _operators, ...withoutOperators } = BASE;
    expect(() => loadHouseGamesConfig({ ...withoutOperators, LOTTERY_MOVABLE_CLOCK: 'on' })).toThrow(
      /LOTTERY_MOVABLE_CLOCK=on needs LOTTERY_RESULT_OPERATORS/,
    );
    for (const value of ['yes', 'ON', 'true', '1', 'on\u0000'])
      expect(() => loadHouseGamesConfig({ ...BASE, LOTTERY_MOVABLE_CLOCK: value }), value).toThrow(
        /LOTTERY_MOVABLE_CLOCK must be on or off/,
      );
  });
});
