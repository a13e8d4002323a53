import { inArray } from 'drizzle-orm';
import { members } from '../modules/identity/identity.schema.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import type { Database } from '../platform/db/database.ts';
import { demoMembers } from './demo-members.ts';
import { demoOperators } from './demo-operators.ts';

/**
 * The demo members and operators (published passwords) still in the database, as
 * "member demo01", "operator admin01": a production start refuses while any is there.
 */
export async function demoAccountsIn(db: Database): Promise<string[]> {
  const memberRows = await db
    .select({ username: members.username })
    .from(members)
    .where(
      inArray(
        members.username,
        demoMembers.map((demo) => demo.username),
      ),
    );
  const operatorRows = await db
    .select({ username: operators.username })
    .from(operators)
    .where(
      inArray(
        operators.username,
        demoOperators.map((demo) => demo.username),
      ),
    );
  return [
    ...memberRows.map((row) => `member ${row.username}`),
    ...operatorRows.map((row) => `operator ${row.username}`),
  ];
}
