import type { CreateRaffleFields } from '@fortuna/contracts/raffles';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { createRafflesService } from './raffles.service.ts';

let serial = 0;
const MINUTE = 60_000;

/** A raffle's fields as an operator sends them: open since a minute ago, drawn in an hour. */
export function raffleFields(overrides: Partial<CreateRaffleFields> = {}): CreateRaffleFields {
  serial += 1;
  return {
    code: `RAFFLE_${Date.now().toString(36).toUpperCase()}_${serial}`,
    titles: { EN: 'Weekend raffle', TY: 'ราฟเฟิลสุดสัปดาห์' },
    opensAt: new Date(Date.now() - MINUTE).toISOString(),
    drawAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    ticketRule: { validBetsPerTicketMinor: '10000', depositMinMinor: '50000', maxTicketsPerMember: 10 },
    prizes: [
      { winners: 1, amountMinor: '100000' },
      { winners: 2, amountMinor: '20000' },
    ],
    budgetMinor: '140000',
    ...overrides,
  };
}

/** The raffles service on `db`, its clock given by `clock.now` (tests move it past the draw). */
export function testRaffles(db: Database, clock: { now: Date } = { now: new Date() }) {
  const ledger = testLedger(db);
  return { ledger, clock, raffles: createRafflesService({ db, ledger, now: () => clock.now }) };
}

/** A deposit credited as the deposit module leaves one: a ledger transaction and the order pointing at it. */
export async function creditedDeposit(
  db: Database,
  deposit: { memberId: bigint; amountMinor: bigint; at?: Date },
): Promise<string> {
  serial += 1;
  await seedDepositChannels(db);
  const orderNo = `DRAFFLE-${Date.now().toString(36)}-${serial}`;
  const ledger = testLedger(db);
  const clearing = await ledger.systemAccount('PAYMENT_CLEARING');
  const main = await ledger.mainAccountOf(deposit.memberId);
  const posted = await ledger.post(
    posting(move(clearing.id, main.id, deposit.amountMinor), {
      type: 'DEPOSIT',
      reference: `deposit ${orderNo}`,
    }),
  );
  const at = (deposit.at ?? new Date()).toISOString();
  await db.execute(sql`
    insert into deposit_orders (order_no, member_id, channel_code, amount_minor, fee_minor, status,
                                ledger_transaction_id, settled_at)
    values (${orderNo}, ${deposit.memberId}, 'FORTUNA_PAY', ${deposit.amountMinor}, 0, 'APPROVED',
            ${posted.id}, ${at}::timestamptz)`);
  return orderNo;
}

/** What the raffle's prizes paid the member (BONUS postings under the raffle's prize keys). */
export async function rafflePrizesOf(db: Database, memberId: bigint): Promise<bigint> {
  const result = (await db.execute(sql`
    select coalesce(sum(e.amount_minor), 0)::text as paid
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
     where t.idempotency_key like 'raffle:prize:%' and a.member_id = ${memberId}`)) as unknown as {
    rows: { paid: string }[];
  };
  return BigInt(result.rows[0]?.paid ?? '0');
}
