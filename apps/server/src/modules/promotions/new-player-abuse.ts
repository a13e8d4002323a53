import { SHARED_TRAITS } from '@fortuna/contracts/promotions';
import type { Executor } from '../../platform/db/database.ts';
import * as store from './promotions.store.ts';

/**
 * What the promotions ask of the accounts that look like one person (ADR 066); the referrals
 * module answers it (its read model of shared traits and its abuse flags, ADR 060).
 */
export interface SharedAccounts {
  /** Every other account sharing a payee name, an address or a browser's device id with the member (never a user agent). */
  sharingWith(tx: Executor, memberId: bigint): Promise<{ memberId: bigint; rule: string; detail: string }[]>;
  /** Tells operators a new-player bonus was refused, once per pair. */
  flagRefusal(
    tx: Executor,
    flag: { memberId: bigint; relatedMemberId: bigint; detail: string },
  ): Promise<void>;
}

const TRAIT_WORDS: Record<string, string> = {
  SHARED_PAYEE_NAME: 'payee name',
  SHARED_ADDRESS: 'address',
  SHARED_DEVICE: 'device',
};

/** The shared-trait rules the promotion's terms count (ADR 077): all three unless the operator chose. */
function refusingRules(promotion: store.PromotionRow): Set<string> {
  return new Set((promotion.terms.refusingTraits ?? SHARED_TRAITS).map((trait) => `SHARED_${trait}`));
}

/**
 * Whether the promotion's rule refuses a member sharing traits: operator-set, else on for NEW_PLAYER
 * promotions. A first-deposit trigger of another type needs the operator's word (ADR 066: the seeded
 * DEPOSIT one would otherwise refuse everyone behind one address and browser, the browser tests too).
 */
export function refusesSharedAccounts(promotion: store.PromotionRow): boolean {
  return promotion.terms.refuseSharedAccounts ?? promotion.type === 'NEW_PLAYER';
}

/**
 * Whether the member shares a trait the promotion counts (a payee name, an address, a device) with
 * an account that already had a new-player bonus; if so each such account is flagged with what they
 * share, inside `tx`.
 */
export async function sharesWithNewPlayer(
  tx: Executor,
  accounts: SharedAccounts,
  promotion: store.PromotionRow,
  memberId: bigint,
): Promise<boolean> {
  const counted = refusingRules(promotion);
  const sharing = (await accounts.sharingWith(tx, memberId)).filter((row) => counted.has(row.rule));
  if (sharing.length === 0) return false;
  const had = await store.hadNewPlayerBonus(tx, [...new Set(sharing.map((row) => row.memberId))]);
  if (had.size === 0) return false;
  for (const relatedMemberId of had) {
    const traits = sharing
      .filter((row) => row.memberId === relatedMemberId)
      .map((row) => `${TRAIT_WORDS[row.rule] ?? row.rule} ${row.detail}`);
    await accounts.flagRefusal(tx, {
      memberId,
      relatedMemberId,
      detail: `${promotion.code} refused: shares ${traits.join('; ')} with an account that had a new-player bonus`,
    });
  }
  return true;
}
