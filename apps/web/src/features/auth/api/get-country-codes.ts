import {
  type CountryCode,
  CountryCodesResponseSchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

export function getCountryCodes(): Promise<CountryCode[]> {
  return apiGet(VerificationPaths.countryCodes, CountryCodesResponseSchema);
}

export const countryCodesQuery = queryOptions({
  queryKey: ['verification', 'countryCodes'],
  queryFn: getCountryCodes,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The dialling codes offered beside a mobile number field. */
export function useCountryCodes() {
  return useQuery(countryCodesQuery);
}
