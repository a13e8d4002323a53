import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('when nothing is set, then the defaults run on PGlite at port 8080', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toMatch(/\/data$/);
    expect(config.TRUSTED_PROXIES).toEqual([]);
    expect(config.DATABASE_POOL_SIZE).toBe(20);
    expect(config.LOTTERY_PRIZE_MODES).toEqual(['LOTT', 'ZY', 'ELOTT', 'SEA']);
  });

  it('when the brand lists its prize modes, then they are kept once each', () => {
    expect(loadConfig({ LOTTERY_PRIZE_MODES: ' ELOTT, LOTT ,ELOTT' }).LOTTERY_PRIZE_MODES).toEqual([
      'ELOTT',
      'LOTT',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ TRUSTED_PROXIES: '10.0.0.1, not-an-ip' }, 'TRUSTED_PROXIES'],
    [{ OPS_TOKEN: 'short' }, 'OPS_TOKEN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ HOUSE_VENDOR_SECRET: 'short' }, 'HOUSE_VENDOR_SECRET'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ HOUSE_GAMES_URL: 'http://127.0.0.1:8100' }, 'HOUSE_VENDOR_SECRET'],
    [{ HOUSE_GAMES_URL: 'ftp://games', HOUSE_VENDOR_SECRET: '0123456789abcdef' }, 'HOUSE_GAMES_URL'],
    [{ DEPLOYMENT_NAME: 'Site A' }, 'DEPLOYMENT_NAME'],
    [{ DEPLOYMENT_NAME: 'a'.repeat(33) }, 'DEPLOYMENT_NAME'],
    [{ DEPLOYMENT_NAME: 'fortuna:other' }, 'DEPLOYMENT_NAME'],
    [{ DATABASE_URL: 'postgres://db.example/fortuna.live' }, 'DEPLOYMENT_NAME'],
    [{ LOTTERY_PRIZE_MODES: 'LOTT,elott' }, 'LOTTERY_PRIZE_MODES'],
    [{ LOTTERY_PRIZE_MODES: '' }, 'LOTTERY_PRIZE_MODES'],
  ])('when %o is set, then start-up stops naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: .*${variable}`));
  });

  it('when PORT is out of range, then the message says what a good value is', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(
      'Invalid configuration: PORT must be an integer between 1 and 65535',
    );
  });

  it('when several variables are bad, then each is named', () => {
    expect(() => loadConfig({ PORT: 'x', OPS_TOKEN: 'short' })).toThrow(
      /PORT .*; OPS_TOKEN must be at least 24/,
    );
  });

  it('when neither DATABASE_URL nor DEMO_DATA is set, then demo data is on (trying Fortuna on PGlite) and development endpoints are off', () => {
    const config = loadConfig({});
    expect(config.DEMO_DATA).toBe('on');
    expect(config.DEV_ENDPOINTS).toBe('off');
  });

  it('when DATABASE_URL is set, then demo data is off unless DEMO_DATA=on asks for it', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/fortuna';
    expect(loadConfig({ DATABASE_URL: url }).DEMO_DATA).toBe('off');
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: 'on' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ DEMO_DATA: 'off' }).DEMO_DATA).toBe('off');
  });

  it('when trusted proxies are listed, then addresses and networks are kept', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('when DEPLOYMENT_NAME is not set, then it is the database name, or the PGlite directory name', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.example:5432/Fortuna_PH' }).DEPLOYMENT_NAME).toBe(
      'fortuna_ph',
    );
    expect(loadConfig({ PGLITE_DIR: '/var/lib/fortuna/trial-1' }).DEPLOYMENT_NAME).toBe('trial-1');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example/fortuna.live', DEPLOYMENT_NAME: 'live' })
        .DEPLOYMENT_NAME,
    ).toBe('live');
  });
});
