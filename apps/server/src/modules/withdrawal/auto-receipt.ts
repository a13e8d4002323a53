import type { Database } from '../../platform/db/database.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import { recordAudit } from '../operators/audit.ts';
import * as store from './withdrawal.store.ts';

// A run's work stays small; the next minute picks up the rest.
const BATCH = 500;

/**
 * Spec 4.10: a paid withdrawal the member has not confirmed by confirm_by counts as received, a
 * forced receipt that cannot be reversed. Each move is a conditional update from PAID, so several
 * nodes running this at once, or a member confirming at the last moment, move each one once.
 * Answers how many it moved.
 */
export async function autoReceiveOverdue(db: Database, now: Date = new Date()): Promise<number> {
  let moved = 0;
  for (const orderNo of await store.findOverdueConfirmations(db, now, BATCH)) {
    const done = await db.transaction(async (tx) => {
      const changed = await store.transition(
        tx,
        { orderNo, from: ['PAID'], confirmByUpTo: now },
        { status: 'AUTO_RECEIVED', forcedReceipt: true, confirmedAt: now },
      );
      if (!changed) return false;
      await recordAudit(tx, {
        actor: 'system',
        action: 'withdrawal.auto-receipt',
        targetType: 'withdrawal',
        targetId: orderNo,
        details: { confirmBy: changed.confirmBy?.toISOString() ?? null },
      });
      return true;
    });
    if (done) moved += 1;
  }
  return moved;
}

/** Every minute, on the job queue (app.ts). */
export const autoReceiptJob = (db: Database, gmtOffset: () => string) =>
  sweepJob({
    kind: 'withdrawal.auto-receipt',
    everyMinutes: 1,
    db,
    gmtOffset,
    sweep: () => autoReceiveOverdue(db),
  });
