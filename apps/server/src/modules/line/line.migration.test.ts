import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/migrate.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { closureFromUplines, closureOf, uplinesInDatabase } from './line.test-helpers.ts';

/** The back-fill statement of the line migration, found through drizzle's journal as the migrator finds it. */
function backfillStatement(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entry = journal.entries.find((each) => each.tag.endsWith('_line_closure'));
  if (!entry) throw new Error('the line migration is not in the journal');
  const statement = readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .find((each) => each.includes('-- Existing members'));
  if (!statement) throw new Error('the back-fill statement is not in the line migration');
  return statement;
}

describeEachDatabase('migration: the line back-filled from members.upline_id', (database) => {
  it('when members had uplines before the line existed, then the back-fill gives each all its uplines at their distance', async () => {
    const db = database().db;
    const top = (await createMember(db, { type: AGENT_MEMBER_TYPES[0] })).id;
    const sub = (await createMember(db, { type: AGENT_MEMBER_TYPES[1], uplineId: top })).id;
    const player = (await createMember(db, { uplineId: sub })).id;
    const loner = (await createMember(db)).id;
    const ids = [top, sub, player, loner];
    // As before the migration: members with uplines and no line at all.
    await db.execute(sql`delete from line_closure`);
    await db.execute(sql.raw(backfillStatement()));
    expect(await closureOf(db, ids)).toEqual(closureFromUplines(await uplinesInDatabase(db, ids), ids));
    expect(await closureOf(db, [player])).toEqual(
      [`${player}>${player}@0`, `${sub}>${player}@1`, `${top}>${player}@2`].sort(),
    );
  });
});
