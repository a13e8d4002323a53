import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

export interface RegionPolicy {
  allowedCountries: string[];
  blockedCountries: string[];
  allowedCidrs: string[];
  blockedCidrs: string[];
}

/** Looks a visitor's country up; null when no GeoIP database is configured or the IP is unknown. */
export type CountryLookup = (ip: string) => string | null;

function parseAddress(ip: string): Address | null {
  try {
    // An IPv4 visitor on a dual-stack socket shows as ::ffff:a.b.c.d; compare it as IPv4.
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

function parseNetwork(cidr: string): Network {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  return [address.kind() === 'ipv6' ? ipaddr.process(address.toString()) : address, prefix] as Network;
}

function inAny(address: Address, networks: Network[]): boolean {
  return networks.some(
    ([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix),
  );
}

export function isValidCidr(value: string): boolean {
  return ipaddr.isValidCIDR(value);
}

/**
 * Decides whether a visitor is region-restricted. An allowed network always passes; a blocked
 * network is refused; then the country rules apply when the country is known: a blocked country
 * is refused, and a non-empty allowed list refuses every other known country.
 */
export function compileRegionPolicy(policy: RegionPolicy, countryOf: CountryLookup) {
  const allowedNetworks = policy.allowedCidrs.map(parseNetwork);
  const blockedNetworks = policy.blockedCidrs.map(parseNetwork);
  const blockedCountries = new Set(policy.blockedCountries);
  const allowedCountries = new Set(policy.allowedCountries);
  const usesCountries = blockedCountries.size > 0 || allowedCountries.size > 0;
  const hasRules = usesCountries || blockedNetworks.length > 0;

  return {
    countryOf,
    isRestricted(ip: string): boolean {
      // Every visitor polls the status: with no rule that could refuse anyone, skip parsing.
      if (!hasRules) return false;
      const address = parseAddress(ip);
      if (!address) return false;
      if (inAny(address, allowedNetworks)) return false;
      if (inAny(address, blockedNetworks)) return true;
      if (!usesCountries) return false;
      const country = countryOf(ip);
      if (!country) return false;
      if (blockedCountries.has(country)) return true;
      return allowedCountries.size > 0 && !allowedCountries.has(country);
    },
  };
}
export type CompiledRegionPolicy = ReturnType<typeof compileRegionPolicy>;
