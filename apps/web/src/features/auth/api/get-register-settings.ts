import { SystemCalls } from '@fortuna/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

/** The registration field rules (spec 2.10): which fields show, which are required, their input type. */
export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'register-settings'],
  queryFn: () => callApi(SystemCalls.registerSettings),
  staleTime: 5 * 60_000,
});

export function useRegisterSettings() {
  return useQuery(registerSettingsQuery);
}
