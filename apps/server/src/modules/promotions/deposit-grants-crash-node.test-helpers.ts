/**
 * A node for deposit-grants.nodes.test.ts, run as its own process: an operator on it approves the
 * bank transfer CRASH_ORDER_NO; the credit commits, and the node's evaluation of the deposit's
 * promotions stops inside its transaction (the order marked, the grant written, nothing committed)
 * and says so on stdout, waiting there for the SIGKILL the test sends.
 */

import { createAfterAnswer } from '../../platform/after-answer.ts';
import { crashSetting, openCrashingNode, stopInside } from '../../test/crashing-node.ts';
import { createDepositService } from '../deposit/deposit.service.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { testPromotions } from './promotions.test-helpers.ts';

const { database } = await openCrashingNode();
const { ledger, promotions } = testPromotions(database.db);
const log = { info() {}, warn() {}, error() {} } as never;
const orderNo = crashSetting('ORDER_NO');
const deposits = createDepositService({
  db: database.db,
  ledger,
  gateway: null,
  currency: () => 'PHP',
  publicUrl: 'http://127.0.0.1',
  log,
  afterAnswer: createAfterAnswer(log),
  async grantsOnCredit(tx, deposit) {
    const { grants } = await promotions.grantsOnDeposit(tx, deposit);
    return stopInside(`${deposit.orderNo} ${grants.length}`);
  },
});
const operator = { operatorId: null, actor: 'ops-token', role: 'ADMIN' } as OperatorCaller;
await deposits.approve(orderNo, operator, 'seen on the statement');
process.stdout.write('CREDITED\n');
