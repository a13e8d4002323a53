import {
  type MemberTransferRequest,
  MemberTransferResponseSchema,
  WalletCallPaths,
} from '@fortuna/contracts/wallet';
import { apiSend } from '../../../shared/api/client.ts';

/** Pays the upline or (agents) a member of one's own line; sealed, as it carries the payment password. */
export function transferToMember(request: MemberTransferRequest) {
  return apiSend('POST', WalletCallPaths.memberTransfer, request, MemberTransferResponseSchema, {
    sealed: true,
  });
}
