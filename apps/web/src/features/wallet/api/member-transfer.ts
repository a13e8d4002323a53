import { type MemberTransferRequest, WalletCalls } from '@fortuna/contracts/wallet';
import { callApi } from '../../../shared/api/client.ts';

/** Pays the upline or (agents) a member of one's own line; sealed, as it carries the payment password. */
export function transferToMember(request: MemberTransferRequest) {
  return callApi(WalletCalls.memberTransfer, { body: request });
}
