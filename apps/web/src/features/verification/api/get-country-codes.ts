import {
  type CountryCode,
  CountryCodesResponseSchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

export function fetchCountryCodes(): Promise<CountryCode[]> {
  return apiGet(VerificationPaths.countryCodes, CountryCodesResponseSchema);
}

/** The list changes with a release, not during a visit. */
export const countryCodesQuery = queryOptions({
  queryKey: ['verification', 'countryCodes'],
  queryFn: fetchCountryCodes,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCountryCodes() {
  return useQuery(countryCodesQuery);
}
