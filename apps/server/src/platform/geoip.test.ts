import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCountryMmdb } from '../test/country-mmdb.ts';
import { openCountryLookup } from './geoip.ts';

describe('GeoIP country lookup', () => {
  let dir: string;
  let databasePath: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fortuna-geoip-'));
    databasePath = join(dir, 'countries.mmdb');
    writeFileSync(databasePath, writeCountryMmdb({ '198.51.100.0/24': 'US', '192.0.2.0/25': 'PH' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when GEOIP_DATABASE names a country database, then visitors get their country', async () => {
    const countryOf = await openCountryLookup(databasePath);
    expect(countryOf('198.51.100.9')).toBe('US');
    expect(countryOf('192.0.2.5')).toBe('PH');
    expect(countryOf('192.0.2.200')).toBeNull();
    expect(countryOf('::ffff:198.51.100.9')).toBe('US');
  });

  it('when an address cannot be looked up, then the country is unknown and nothing throws', async () => {
    const countryOf = await openCountryLookup(databasePath);
    expect(countryOf('2001:db8::1')).toBeNull();
    expect(countryOf('not-an-ip')).toBeNull();
  });

  it('when no GeoIP database is configured, then every country is unknown', async () => {
    expect((await openCountryLookup(undefined))('198.51.100.9')).toBeNull();
  });

  it('when GEOIP_DATABASE names a missing file, then start-up fails naming it', async () => {
    await expect(openCountryLookup(join(dir, 'missing.mmdb'))).rejects.toThrow(/missing\.mmdb/);
  });
});
