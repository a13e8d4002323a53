import { sql } from 'drizzle-orm';
import { type AfterAnswer, createAfterAnswer } from '../../platform/after-answer.ts';
import type { Database } from '../../platform/db/database.ts';
import { createDepositService } from '../deposit/deposit.service.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { testPromotions } from './promotions.test-helpers.ts';

const OPERATOR = { operatorId: null, actor: 'ops-token', role: 'ADMIN' } as OperatorCaller;
const quiet = { info() {}, warn() {}, error() {} } as never;
let serial = 0;

/**
 * The real deposit path (bank transfers an operator approves), its promotions evaluated after
 * each credit commits, as app.ts wires it (ADR 078). `approve` waits for that evaluation unless
 * the test holds it (an `afterAnswer` of its own, test/held-after-answer.ts). The grants of an
 * order in `failing` throw.
 */
export function depositsWithPromotions(
  db: Database,
  held?: AfterAnswer,
  failing: ReadonlySet<string> = new Set(),
) {
  const { ledger, promotions } = testPromotions(db);
  const afterAnswer = held ?? createAfterAnswer(quiet);
  const deposits = createDepositService({
    db,
    ledger,
    gateway: null,
    currency: () => 'PHP',
    publicUrl: 'http://127.0.0.1',
    log: quiet,
    grantsOnCredit: async (tx, deposit) => {
      // A deposit whose grants cannot be written (a test's stand-in for a broken promotion).
      if (failing.has(deposit.orderNo)) throw new Error(`grants of ${deposit.orderNo} failed`);
      return (await promotions.grantsOnDeposit(tx, deposit)).postings;
    },
    afterAnswer,
  });
  const evaluations = deposits.promotions;
  if (!evaluations) throw new Error('no promotions on the deposits');
  return {
    ledger,
    promotions,
    evaluations,
    /** A pending bank transfer of 1,000.00. */
    async order(memberId: bigint): Promise<string> {
      serial += 1;
      const order = await deposits.createOrder(memberId, {
        channelCode: 'BANK_TRANSFER',
        amountMinor: '100000',
        requestId: `dp-${Date.now().toString(36)}-${serial}`,
        payerReference: 'BDO-1',
      });
      return order.orderNo;
    },
    async approve(orderNo: string) {
      const order = await deposits.approve(orderNo, OPERATOR, 'seen on the statement');
      if (!held) await afterAnswer.settle();
      return order;
    },
    reject: (orderNo: string) => deposits.reject(orderNo, OPERATOR, 'not on the statement'),
  };
}

/** The grants of a promotion, oldest first: who and for which deposit. */
export async function grantsOf(
  db: Database,
  promotionId: bigint,
): Promise<{ member: string; source: string }[]> {
  const result = (await db.execute(sql`
    select member_id::text as member, source from bonus_grants where promotion_id = ${promotionId}
     order by id`)) as unknown as { rows: { member: string; source: string }[] };
  return result.rows;
}
