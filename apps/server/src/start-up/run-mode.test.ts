import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { runModeLine } from './run-mode.ts';

const postgres = 'postgres://postgres@127.0.0.1:5432/fortuna';

describe('the start-up line that names the mode', () => {
  it('when nothing is set, then it says trying mode with the demo accounts, on PGlite, not for real money', () => {
    const line = runModeLine(loadConfig({ PGLITE_DIR: '/srv/data', DEV_ENDPOINTS: 'on' }));
    expect(line).toMatch(
      /^Trying mode on embedded PGlite in \/srv\/data: demo site and accounts on \(demo01, /,
    );
    expect(line).toContain('admin01');
    expect(line).toContain('development endpoints on');
    expect(line).toContain('not for real money');
  });

  it('when DATABASE_URL is set, then it says deployment mode without demo data and how to ask for it', () => {
    expect(runModeLine(loadConfig({ DATABASE_URL: postgres }))).toBe(
      'Deployment mode on PostgreSQL: no demo data (DEMO_DATA=on asks for it), development endpoints off',
    );
  });

  it('when DEMO_DATA=on on PostgreSQL, then it is a trial on PostgreSQL', () => {
    expect(runModeLine(loadConfig({ DATABASE_URL: postgres, DEMO_DATA: 'on' }))).toMatch(
      /^Trying mode on PostgreSQL: demo site and accounts on/,
    );
  });

  it('when NODE_ENV=production, then it says production and that development providers and secrets are refused', () => {
    expect(runModeLine(loadConfig({ DATABASE_URL: postgres, NODE_ENV: 'production' }))).toBe(
      'Production mode (NODE_ENV=production) on PostgreSQL: no demo data, development endpoints off, development providers and secrets refused',
    );
  });
});
