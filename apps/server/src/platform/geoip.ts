import maxmind, { type CountryResponse } from 'maxmind';
import { parseAddress } from './network-set.ts';

/** Looks a visitor's country up; null when no GeoIP database is configured or the IP is unknown. */
export type CountryLookup = (ip: string) => string | null;

/** Country lookup from a MaxMind-format .mmdb file; without one, countries are unknown. */
export async function openCountryLookup(databasePath: string | undefined): Promise<CountryLookup> {
  if (!databasePath) return () => null;
  const reader = await maxmind.open<CountryResponse>(databasePath);
  return (ip) => {
    // ::ffff:a.b.c.d (IPv4 on a dual-stack socket) is looked up as a.b.c.d.
    const address = parseAddress(ip);
    if (!address) return null;
    try {
      return reader.get(address.toString())?.country?.iso_code ?? null;
    } catch {
      // e.g. an IPv6 visitor against an IPv4-only database
      return null;
    }
  };
}
