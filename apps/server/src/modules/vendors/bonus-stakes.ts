import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PostingEntry } from '../ledger/posting.ts';

/**
 * Where bonus-funded money coming back to a member goes now (ADR 059), as the promotions decide
 * it: BONUS while the member has an active grant; once the last one closed, MAIN if it was
 * released (the bonus became the member's), HOUSE if it was forfeited (the house's promotion
 * expense takes it back).
 */
export type BonusFate = 'BONUS' | 'MAIN' | 'HOUSE';
export type BonusFateLookup = (tx: Executor, memberId: bigint) => Promise<BonusFate>;

/** A stake drawn real money first, then bonus; undefined when the two together cannot pay it. */
export function splitStake(
  amountMinor: bigint,
  mainMinor: bigint,
  bonusMinor: bigint,
): { realMinor: bigint; bonusMinor: bigint } | undefined {
  const realMinor = amountMinor < mainMinor ? amountMinor : mainMinor < 0n ? 0n : mainMinor;
  const fromBonus = amountMinor - realMinor;
  if (fromBonus > bonusMinor) return undefined;
  return { realMinor, bonusMinor: fromBonus };
}

/**
 * The bonus share of money returning to a round (a win, a refund): in proportion to the bonus
 * part of its stake, rounded down, so the member's real share is never short by a rounding.
 */
export function bonusShareOf(amountMinor: bigint, stakeMinor: bigint, bonusStakeMinor: bigint): bigint {
  if (bonusStakeMinor <= 0n || stakeMinor <= 0n || amountMinor <= 0n) return 0n;
  if (bonusStakeMinor >= stakeMinor) return amountMinor;
  return (amountMinor * bonusStakeMinor) / stakeMinor;
}

/** Adds a leg, merging it into an earlier one of the same account; zero legs are left out. */
function addLeg(entries: PostingEntry[], accountId: bigint, amountMinor: bigint): void {
  if (amountMinor === 0n) return;
  const earlier = entries.find((entry) => entry.accountId === accountId);
  if (earlier) earlier.amountMinor += amountMinor;
  else entries.push({ accountId, amountMinor });
}

/**
 * The bonus money of a member as the vendor path moves it (ADR 059). Every call that touches a
 * bonus balance locks the member's main and bonus accounts and the vendor's, lowest id first
 * (the order postings lock in), before reading where the money goes, so a release or forfeit
 * running at the same time either happened before (and the money follows its fate) or waits.
 */
export function createBonusStakes(deps: { ledger: LedgerService; fateOf: BonusFateLookup }) {
  const { ledger } = deps;

  /** Where the bonus share goes now, as an account id. */
  async function destinationOf(
    tx: Executor,
    memberId: bigint,
    accounts: { mainId: bigint; bonusId: bigint },
  ) {
    const fate = await deps.fateOf(tx, memberId);
    if (fate === 'BONUS') return accounts.bonusId;
    if (fate === 'MAIN') return accounts.mainId;
    return (await ledger.systemAccount('BONUS', tx)).id;
  }

  return {
    /**
     * The legs of a stake of a member who holds bonus money: real money first, then bonus.
     * Refused (INSUFFICIENT_FUNDS) when the two together cannot pay it.
     */
    async stakeLegs(
      tx: Executor,
      memberId: bigint,
      accounts: { mainId: bigint; vendorId: bigint },
      amountMinor: bigint,
    ): Promise<{ entries: PostingEntry[]; bonusMinor: bigint; balanceAfterMinor: bigint }> {
      const bonusId = (await ledger.bonusAccountOf(memberId, tx)).id;
      const balances = await ledger.lockedBalancesOf([accounts.mainId, bonusId, accounts.vendorId], tx);
      const main = balances.get(accounts.mainId) ?? 0n;
      const bonus = balances.get(bonusId) ?? 0n;
      const split = splitStake(amountMinor, main, bonus);
      if (!split) throw new AppError('INSUFFICIENT_FUNDS');
      const entries: PostingEntry[] = [];
      addLeg(entries, accounts.mainId, -split.realMinor);
      addLeg(entries, bonusId, -split.bonusMinor);
      addLeg(entries, accounts.vendorId, amountMinor);
      return { entries, bonusMinor: split.bonusMinor, balanceAfterMinor: main + bonus - amountMinor };
    },

    /**
     * The legs of money a round pays back to a member (`payerId` pays `amountMinor`), of which
     * `bonusShareMinor` returns where the member's bonus money goes now.
     */
    async returnLegs(
      tx: Executor,
      memberId: bigint,
      accounts: { mainId: bigint; payerId: bigint },
      amountMinor: bigint,
      bonusShareMinor: bigint,
    ): Promise<PostingEntry[]> {
      const bonusId = (await ledger.bonusAccountOf(memberId, tx)).id;
      await ledger.lockedBalancesOf([accounts.mainId, bonusId, accounts.payerId], tx);
      const entries: PostingEntry[] = [];
      addLeg(entries, accounts.payerId, -amountMinor);
      addLeg(entries, accounts.mainId, amountMinor - bonusShareMinor);
      addLeg(
        entries,
        await destinationOf(tx, memberId, { mainId: accounts.mainId, bonusId }),
        bonusShareMinor,
      );
      return entries;
    },

    /**
     * After a stake's reversal put `bonusMinor` back into the bonus balance: if no grant holds
     * bonus money any more, it follows the last grant's fate at once (main wallet or house),
     * under its own key so a replay moves it once.
     */
    async settleReturnedBonus(
      tx: Executor,
      memberId: bigint,
      mainId: bigint,
      bonusMinor: bigint,
      posting: { idempotencyKey: string; reference: string; actor: string },
    ): Promise<void> {
      if (bonusMinor <= 0n) return;
      const bonusId = (await ledger.bonusAccountOf(memberId, tx)).id;
      await ledger.lockedBalancesOf([mainId, bonusId], tx);
      const destination = await destinationOf(tx, memberId, { mainId, bonusId });
      if (destination === bonusId) return;
      await ledger.postAllOrNothing(
        {
          type: destination === mainId ? 'BONUS' : 'BONUS_FORFEIT',
          reference: posting.reference,
          actor: posting.actor,
          idempotencyKey: posting.idempotencyKey,
          entries: [
            { accountId: bonusId, amountMinor: -bonusMinor },
            { accountId: destination, amountMinor: bonusMinor },
          ],
        },
        tx,
      );
    },
  };
}
export type BonusStakes = ReturnType<typeof createBonusStakes>;
