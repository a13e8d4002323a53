import ipaddr from 'ipaddr.js';
import type { CountryLookup } from '../../platform/geoip.ts';
import { compileNetworkSet, parseAddress } from '../../platform/network-set.ts';

export interface RegionPolicy {
  allowedCountries: string[];
  blockedCountries: string[];
  allowedCidrs: string[];
  blockedCidrs: string[];
}

export function isValidCidr(value: string): boolean {
  return ipaddr.isValidCIDR(value);
}

/**
 * Decides whether a visitor is region-restricted. An allowed network always passes; a blocked
 * network is refused; then the country rules apply when the country is known: a blocked country
 * is refused, and a non-empty allowed list refuses every other known country. Compiled once per
 * configuration load; each request only looks its address up.
 */
export function compileRegionPolicy(policy: RegionPolicy, countryOf: CountryLookup) {
  const allowedNetworks = compileNetworkSet(policy.allowedCidrs);
  const blockedNetworks = compileNetworkSet(policy.blockedCidrs);
  const blockedCountries = new Set(policy.blockedCountries);
  const allowedCountries = new Set(policy.allowedCountries);
  const usesCountries = blockedCountries.size > 0 || allowedCountries.size > 0;
  const hasRules = usesCountries || blockedNetworks.size > 0;

  return {
    countryOf,
    isRestricted(ip: string): boolean {
      // Every visitor polls the status: with no rule that could refuse anyone, skip parsing.
      if (!hasRules) return false;
      const address = parseAddress(ip);
      if (!address) return false;
      if (allowedNetworks.has(address)) return false;
      if (blockedNetworks.has(address)) return true;
      if (!usesCountries) return false;
      const country = countryOf(ip);
      if (!country) return false;
      if (blockedCountries.has(country)) return true;
      return allowedCountries.size > 0 && !allowedCountries.has(country);
    },
  };
}

export type CompiledRegionPolicy = ReturnType<typeof compileRegionPolicy>;
