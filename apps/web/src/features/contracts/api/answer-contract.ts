import { ContractCalls } from '@fortuna/contracts/agent-contract-calls';
import type { ContractAction, ContractType } from '@fortuna/contracts/agent-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** Spec 7.4: each contract type is answered through its own processing call. */
const CALL_OF_TYPE = {
  DIVIDEND: ContractCalls.processDividend,
  DAILY_SALARY: ContractCalls.processDailySalary,
  HOUR_SALARY: ContractCalls.processHourSalary,
  REALTIME_SALARY: ContractCalls.processRealtimeSalary,
} as const satisfies Record<ContractType, unknown>;

/** Accepts or rejects an offer; the member's contract reads are asked again after. */
export function useAnswerContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { type: ContractType; contractId: string; action: ContractAction }) =>
      callApi(CALL_OF_TYPE[answer.type], { body: { contractId: answer.contractId, action: answer.action } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'contracts'] }),
  });
}
