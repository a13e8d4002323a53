import { formatMinorUnits, type MemberTransfer, type MemberTransferRequest } from '@fortuna/contracts/wallet';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { isInLine } from '../line/line.service.ts';
import type { PaymentPasswords } from './payment-password.ts';
import * as store from './wallet.store.ts';
import { walletConfigCacheOf } from './wallet-config-cache.ts';

/**
 * Transfers between members of one line (spec 2.6 transferUpline, 4.3 agents): a member pays its
 * own direct upline; an agent pays any member below it in its line. Money goes main wallet to main
 * wallet, once per request id, behind the payment password.
 */
export function createMemberTransfers(deps: {
  db: Database;
  ledger: LedgerService;
  paymentPasswords: PaymentPasswords;
}) {
  const { db, ledger, paymentPasswords } = deps;
  const config = walletConfigCacheOf(db);

  /** Same answer whether the username is unknown or just not in the caller's line: no enumeration. */
  const notYours = (account: string) =>
    new AppError('FORBIDDEN', {
      message: `You cannot transfer to ${account}`,
      issues: [{ field: 'body.account', message: 'not your upline or in your line' }],
    });

  /** The receiving member, when the direction allows the caller to pay them. */
  async function recipientOf(
    caller: AuthenticatedMember,
    request: MemberTransferRequest,
    parties: store.TransferParties,
  ) {
    const other = parties.recipient;
    if (!other || other.id === caller.memberId || other.status !== 'ACTIVE') throw notYours(request.account);
    if (request.direction === 'UPLINE') {
      if (parties.caller.uplineId !== other.id) throw notYours(request.account);
    } else if (!caller.isAgent || !(await isInLine(db, caller.memberId, other.id))) {
      throw notYours(request.account);
    }
    return other;
  }

  /** The member's main account: as the parties query found it, or opened now on first use. */
  const mainAccountIdOf = async (memberId: bigint, found: bigint | null) =>
    found ?? (await ledger.mainAccountOf(memberId)).id;

  return {
    async transfer(caller: AuthenticatedMember, request: MemberTransferRequest): Promise<MemberTransfer> {
      // One read for the password hash, both members and their accounts (wallet.store.ts).
      const parties = await store.findTransferParties(db, request.account.toLowerCase(), caller.memberId);
      if (!parties) throw new AppError('UNAUTHENTICATED');
      // The password first: without it, nothing about the other account is looked at.
      await paymentPasswords.verifyAgainst(
        caller.memberId,
        parties.caller.paymentPasswordHash,
        request.paymentPassword,
        caller.sessionTokenHash,
      );
      const recipient = await recipientOf(caller, request, parties);
      const { settings } = await config.current();
      const amountMinor = BigInt(request.amountMinor);
      if (amountMinor < settings.transferMinMinor) {
        throw AppError.invalidField(
          'body.amountMinor',
          `must be at least ${formatMinorUnits(settings.transferMinMinor)}`,
        );
      }
      const [fromId, toId] = await Promise.all([
        mainAccountIdOf(caller.memberId, parties.caller.mainAccountId),
        mainAccountIdOf(recipient.id, recipient.mainAccountId),
      ]);
      const posted = await ledger.post({
        type: 'TRANSFER',
        reference: `${request.direction === 'UPLINE' ? 'to upline' : 'to downline'} ${recipient.username} from ${caller.username}`,
        actor: `member:${caller.memberId}`,
        idempotencyKey: `member-transfer:${caller.memberId}:${request.requestId}`,
        entries: [
          { accountId: fromId, amountMinor: -amountMinor },
          { accountId: toId, amountMinor },
        ],
      });
      const balanceAfter =
        posted.entries.find((entry) => entry.accountId === fromId)?.balanceAfterMinor ?? 0n;
      return {
        transactionId: posted.id.toString(),
        direction: request.direction,
        account: recipient.username,
        amountMinor: amountMinor.toString(),
        balanceMinor: balanceAfter.toString(),
        createdAt: posted.createdAt.toISOString(),
      };
    },
  };
}
export type MemberTransfers = ReturnType<typeof createMemberTransfers>;
