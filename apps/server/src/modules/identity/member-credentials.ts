import type { Executor } from '../../platform/db/database.ts';
import * as store from './identity.store.ts';

/**
 * What other modules may know of a member's secrets: the stored hashes, never the passwords. The
 * wallet's payment password is kept on the member's row; the wallet reads and sets it here.
 */
export function memberCredentials(db: Executor) {
  return {
    async find(
      memberId: bigint,
    ): Promise<{ passwordHash: string | null; paymentPasswordHash: string | null } | undefined> {
      const member = await store.findMemberById(db, memberId);
      return member && { passwordHash: member.passwordHash, paymentPasswordHash: member.paymentPasswordHash };
    },
    async setPaymentPasswordHash(memberId: bigint, paymentPasswordHash: string): Promise<void> {
      await store.updateMember(db, memberId, { paymentPasswordHash });
    },
  };
}
