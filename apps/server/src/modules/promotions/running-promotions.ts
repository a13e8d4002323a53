import type { Executor } from '../../platform/db/database.ts';
import * as store from './promotions.store.ts';

/**
 * The node's copy of the promotions that may still grant (ACTIVE, not yet ended), so that a
 * deposit no promotion can apply to costs the database nothing (ADR 052). It is a hint, never
 * the authority: a grant takes its budget only while the row still has the version, status and
 * schedule this copy saw (promotions.store.ts grantIfCurrent), so a copy left stale by a lost
 * event can miss a new promotion for a while but never grants a paused, ended or changed one.
 */
export function createRunningPromotions(db: Executor) {
  let loaded: Promise<store.PromotionRow[]> | undefined;

  /** Reads the copy again, through `tx` when called inside one (PGlite has a single connection). */
  function reload(tx: Executor = db): Promise<store.PromotionRow[]> {
    const next = store.mayStillGrant(tx, new Date());
    // A failed load is not kept: the next deposit tries again.
    next.catch(() => {
      if (loaded === next) loaded = undefined;
    });
    loaded = next;
    return next;
  }

  return {
    /** Read again now: an operator changed a promotion here or on another node. */
    reload,

    /**
     * Automatic promotions a deposit's credit triggers at `at`, given how many of the member's
     * deposits were credited before it (exactly, ADR 078): every deposit triggers DEPOSIT, the
     * first FIRST_DEPOSIT too, and the Nth an NTH_DEPOSIT of that ordinal.
     */
    async automaticFor(tx: Executor, creditedBefore: number, at: Date): Promise<store.PromotionRow[]> {
      const rows = await (loaded ?? reload(tx));
      const ordinal = creditedBefore + 1;
      return rows.filter(
        (row) =>
          row.automatic &&
          (row.trigger === 'DEPOSIT' ||
            (ordinal === 1 && row.trigger === 'FIRST_DEPOSIT') ||
            (row.trigger === 'NTH_DEPOSIT' && row.depositOrdinal === ordinal)) &&
          row.startsAt <= at &&
          (row.endsAt === null || row.endsAt > at),
      );
    },
  };
}
export type RunningPromotions = ReturnType<typeof createRunningPromotions>;
