import type { Executor } from '../../platform/db/database.ts';
import * as store from './identity.store.ts';

/**
 * What the line module may know and change of a member's place: its type, status and upline. The
 * line's closure follows `upline_id` in the database (ADR 029), so setting it here is the move.
 */
export function memberUpline(db: Executor) {
  return {
    async find(
      memberId: bigint,
    ): Promise<{ id: bigint; type: number; status: string; uplineId: bigint | null } | undefined> {
      const member = await store.findMemberById(db, memberId);
      return member && { id: member.id, type: member.type, status: member.status, uplineId: member.uplineId };
    },
    async set(memberId: bigint, uplineId: bigint | null): Promise<void> {
      await store.updateMember(db, memberId, { uplineId });
    },
  };
}
