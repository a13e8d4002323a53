import { type CountryCode, VerificationCalls } from '@fortuna/contracts/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export function getCountryCodes(): Promise<CountryCode[]> {
  return callApi(VerificationCalls.countryCodes);
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
