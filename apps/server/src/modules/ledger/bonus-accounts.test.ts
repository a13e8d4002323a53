import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Executor } from '../../platform/db/database.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { testLedger } from './ledger.test-helpers.ts';

/** Runs the ledger's bonus-account CTEs under `when`, as a grant statement does (ADR 075). */
async function answered(
  db: Executor,
  ledger: ReturnType<typeof testLedger>,
  memberId: bigint,
  when: boolean,
) {
  const result = (await db.execute(sql`
    with ${ledger.bonusAccountsCtes(memberId, when ? sql`true` : sql`false`)}
    select member_account_id::text as member, expense_account_id::text as expense from bonus_accounts`)) as unknown as {
    rows: { member: string | null; expense: string | null }[];
  };
  return result.rows[0];
}

describeEachDatabase('the bonus accounts a grant statement opens', (database) => {
  const db = () => database().db;

  it('when the grant is not written, then no bonus balance is opened; when it is, the one opened is answered, and the same one from then on, with the house’s promotion expense', async () => {
    const ledger = testLedger(db());
    const expense = await ledger.systemAccount('BONUS');
    const member = await createMember(db());

    expect(await answered(db(), ledger, member.id, false)).toEqual({
      member: null,
      expense: expense.id.toString(),
    });
    const opened = await answered(db(), ledger, member.id, true);
    expect(opened?.member).not.toBeNull();
    expect(opened?.member).toBe((await ledger.bonusAccountOf(member.id)).id.toString());
    expect(opened?.expense).toBe(expense.id.toString());
    // An open balance is answered whatever `when` says, and never opened twice.
    expect(await answered(db(), ledger, member.id, false)).toEqual(opened);
    expect(await answered(db(), ledger, member.id, true)).toEqual(opened);
    const count = (await db().execute(
      sql`select count(*)::int as n from ledger_accounts where kind = 'MEMBER_BONUS' and member_id = ${member.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]?.n).toBe(1);
  });
});
