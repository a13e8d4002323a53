import { describe, expect, it } from 'vitest';
import { compileRegionPolicy, type RegionPolicy } from './region.ts';

const open: RegionPolicy = { allowedCountries: [], blockedCountries: [], allowedCidrs: [], blockedCidrs: [] };
const countries: Record<string, string> = { '198.51.100.9': 'US', '192.0.2.5': 'PH' };
const lookup = (ip: string) => countries[ip] ?? null;

describe('region policy', () => {
  it('when no rule is set, then nobody is restricted', () => {
    expect(compileRegionPolicy(open, lookup).isRestricted('198.51.100.9')).toBe(false);
  });

  it('when the IP is inside a blocked network, then it is restricted, IPv4-mapped IPv6 too', () => {
    const policy = compileRegionPolicy(
      { ...open, blockedCidrs: ['203.0.113.0/24', '2001:db8::/32'] },
      lookup,
    );
    expect(policy.isRestricted('203.0.113.7')).toBe(true);
    expect(policy.isRestricted('::ffff:203.0.113.7')).toBe(true);
    expect(policy.isRestricted('2001:db8::1')).toBe(true);
    expect(policy.isRestricted('203.0.114.1')).toBe(false);
  });

  it('when the IP is in an allowed network, then a blocked network or country does not restrict it', () => {
    const policy = compileRegionPolicy(
      {
        ...open,
        blockedCountries: ['US'],
        blockedCidrs: ['198.51.100.0/24'],
        allowedCidrs: ['198.51.100.9/32'],
      },
      lookup,
    );
    expect(policy.isRestricted('198.51.100.9')).toBe(false);
    expect(policy.isRestricted('198.51.100.10')).toBe(true);
  });

  it('when countries are blocked or an allow list is set, then other known countries follow it', () => {
    expect(
      compileRegionPolicy({ ...open, blockedCountries: ['US'] }, lookup).isRestricted('198.51.100.9'),
    ).toBe(true);
    const onlyPh = compileRegionPolicy({ ...open, allowedCountries: ['PH'] }, lookup);
    expect(onlyPh.isRestricted('192.0.2.5')).toBe(false);
    expect(onlyPh.isRestricted('198.51.100.9')).toBe(true);
    // Unknown country (no GeoIP answer): the country rules cannot judge it.
    expect(onlyPh.isRestricted('10.1.2.3')).toBe(false);
  });

  it('when the IP is not an address, then it is not restricted and nothing throws', () => {
    expect(
      compileRegionPolicy({ ...open, blockedCidrs: ['0.0.0.0/0'] }, lookup).isRestricted('garbage'),
    ).toBe(false);
  });
});
