import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { newTxnId, playerAt, protocolRowCounts, testVendor, vendorCall } from './vendors.test-helpers.ts';

/**
 * ADR 079: every bet moves the vendor's account, whose row a debit holds locked from its posting
 * to its COMMIT, so debits queue on it. A debit completes its vendor transaction (ledger id,
 * stored answer) in the posting's own statement, which is then its last before COMMIT. A test
 * trigger records the statement that completes each vendor transaction (current_query()).
 */
describeEachDatabase('a debit: the posting and the completion of its id in one statement', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
    const db = database().db;
    await db.execute(sql`create table test_completions (transaction_id text, statement text)`);
    await db.execute(
      sql.raw(`create function test_record_completion() returns trigger language plpgsql as $$
        begin
          insert into test_completions values (new.transaction_id, current_query());
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_record_completion after update of answer on vendor_transactions
        for each row when (new.answer is not null) execute function test_record_completion()`),
    );
  });
  afterAll(async () => {
    const db = database().db;
    await db.execute(sql`drop trigger test_record_completion on vendor_transactions`);
    await db.execute(sql`drop function test_record_completion()`);
    await db.execute(sql`drop table test_completions`);
    expect(await reconcile(db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  async function setting(fundedMinor: bigint) {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, fundedMinor);
    const playerId = await playerAt(db, vendor.code, member.id);
    const debit = (amountMinor: string) => ({
      playerId,
      transactionId: newTxnId(),
      roundId: newTxnId('r'),
      gameCode: 'slot-1',
      amountMinor,
    });
    return { db, vendor, member, debit };
  }

  const completionsOf = async (transactionId: string) =>
    (
      (await database().db.execute(
        sql`select statement from test_completions where transaction_id = ${transactionId}`,
      )) as unknown as { rows: { statement: string }[] }
    ).rows.map((row) => row.statement);

  it('when a debit is applied, then its id is completed by the statement that posts it, with the answer it was given', async () => {
    const { db, vendor, debit } = await setting(100_000n);
    const body = debit('2500');
    const answer = await vendorCall(app, vendor.code, 'debit', body);
    expect(answer.status).toBe(200);
    expect(answer.body.value.balanceMinor).toBe('97500');

    const statements = await completionsOf(body.transactionId);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('insert into ledger_transactions');
    const [stored] = (
      (await db.execute(
        sql`select v.answer, v.amount_minor::text as amount, v.ledger_transaction_id = l.id as linked
              from vendor_transactions v join ledger_transactions l on l.idempotency_key = ${`vendor:${vendor.code}:${body.transactionId}`}
             where v.vendor_code = ${vendor.code} and v.transaction_id = ${body.transactionId}`,
      )) as unknown as { rows: { answer: unknown; amount: string; linked: boolean }[] }
    ).rows;
    expect(stored).toEqual({ answer: answer.body.value, amount: '2500', linked: true });

    const replayed = await vendorCall(app, vendor.code, 'debit', body);
    expect(replayed.body.value).toEqual(answer.body.value);
  });

  it('when a debit is more than the balance, then it is refused and neither a posting nor a completion is left', async () => {
    const { db, vendor, debit } = await setting(1_000n);
    const before = await protocolRowCounts(db, vendor.code);
    const body = debit('1001');
    const answer = await vendorCall(app, vendor.code, 'debit', body);
    expect([answer.status, answer.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await completionsOf(body.transactionId)).toEqual([]);
    expect(await protocolRowCounts(db, vendor.code)).toEqual(before);

    const exact = debit('1000');
    expect((await vendorCall(app, vendor.code, 'debit', exact)).body.value.balanceMinor).toBe('0');
  });
});
