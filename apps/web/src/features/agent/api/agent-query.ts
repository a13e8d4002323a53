import type { Call, CallAnswer } from '@fortuna/contracts/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** A call's query as a page's filter holds it: any choice may be left at "all" (''). */
export type FilterOf<Query> = { [Name in keyof Query]?: Query[Name] | '' };

/** The filter as the contract takes it: a choice left at "all" is absent, so not sent. */
function withoutAll(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
}

// callApi's input is typed per declaration; the hooks below type theirs (FilterOf<CallQuery<…>>).
const callDeclared = callApi as <C extends Call>(call: C, input: unknown) => Promise<CallAnswer<C>>;

/**
 * One agent-centre GET declared in contracts. Keyed under the member's queries, so signing out
 * drops what an agent saw of its line; the previous page stays on screen while the next one loads.
 */
export function useAgentCall<const C extends Call>(
  call: C,
  input: { query?: Record<string, unknown>; params?: Record<string, string> },
  enabled = true,
) {
  const sent = { ...input, ...(input.query ? { query: withoutAll(input.query) } : {}) };
  return useQuery({
    queryKey: [...MEMBER_QUERY_KEY, 'agent', call.path, sent],
    queryFn: () => callDeclared(call, sent),
    retry: false,
    placeholderData: keepPreviousData,
    enabled,
  });
}
