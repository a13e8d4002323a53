import type { DrawVoid } from '@fortuna/contracts/ops-lottery';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import type { LotteryOperatorSource } from './house-lottery-operator.ts';

/**
 * An operator's void of a lottery draw (ADR 076). The platform keeps no copy of the draws (ADR
 * 069): the request is recorded by its audit row, written first in the transaction that relays it
 * and committed only once the lottery has voided the draw (or answered its first void again). A
 * refusal or a lottery that does not answer rolls the row back: no trail of a void never made.
 */
export async function voidLotteryDraw(
  db: Database,
  lottery: LotteryOperatorSource,
  request: { drawCode: string; operator: OperatorCaller; reason: string },
): Promise<DrawVoid> {
  return inTransaction(db, async (tx) => {
    // The trail first: a database that cannot write it never lets the lottery void.
    await recordAudit(tx, {
      actor: request.operator.actor,
      action: 'lottery.draw.void',
      targetType: 'lottery-draw',
      targetId: request.drawCode,
      details: { reason: request.reason },
    });
    const voided = await lottery.voidDraw(request.drawCode, {
      operator: request.operator.actor,
      reason: request.reason,
    });
    if (!voided)
      throw new AppError('LOTTERY_DRAW_NOT_FOUND', {
        issues: [{ field: 'params.drawCode', message: 'the lottery has no such draw' }],
      });
    return voided;
  });
}
