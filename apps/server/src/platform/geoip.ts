import maxmind, { type CountryResponse } from 'maxmind';
import type { CountryLookup } from '../modules/system/region.ts';

/** Country lookup from a MaxMind-format .mmdb file; without one, countries are unknown. */
export async function openCountryLookup(databasePath: string | undefined): Promise<CountryLookup> {
  if (!databasePath) return () => null;
  const reader = await maxmind.open<CountryResponse>(databasePath);
  return (ip) => {
    try {
      return reader.get(ip)?.country?.iso_code ?? null;
    } catch {
      return null;
    }
  };
}
