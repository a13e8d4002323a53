import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { closureFromUplines, closureOf, uplinesInDatabase } from './line.test-helpers.ts';

const AGENT = AGENT_MEMBER_TYPES[0];

// A member joining under a branch while the branch moves: whichever commits first, the new member
// ends up with the uplines its upline has after both (ADR 029: the move locks the branch's rows,
// which the join's foreign key check locks too).
describeOnPostgres('the line under concurrent joins and moves', (database) => {
  let mover: pg.Client;
  let joiner: pg.Client;
  beforeAll(async () => {
    const url = (database().connection as { connectionString: string }).connectionString;
    mover = new pg.Client({ connectionString: url });
    joiner = new pg.Client({ connectionString: url });
    await Promise.all([mover.connect(), joiner.connect()]);
  });
  afterAll(async () => {
    await Promise.all([mover.end(), joiner.end()]);
  });

  async function branch() {
    const db = database().db;
    const from = (await createMember(db, { type: AGENT })).id;
    const to = (await createMember(db, { type: AGENT })).id;
    const mid = (await createMember(db, { type: AGENT, uplineId: from })).id;
    const leaf = (await createMember(db, { type: AGENT, uplineId: mid })).id;
    return { from, to, mid, leaf };
  }

  const join = (client: pg.Client, uplineId: bigint) =>
    client.query<{ id: string }>(
      `insert into members (username, nickname, upline_id) values ($1, $1, $2) returning id::text`,
      [`join${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, uplineId.toString()],
    );

  /** Resolves once the client's backend waits for a lock (asked on a third connection). */
  async function blockedOnLock(client: pg.Client): Promise<void> {
    const pid = (client as unknown as { processID: number }).processID;
    const observer = database().db;
    for (;;) {
      const result = (await observer.execute(
        sql`select 1 from pg_stat_activity where pid = ${pid} and wait_event_type = 'Lock'`,
      )) as unknown as { rows: unknown[] };
      if (result.rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function expectClosureExact(ids: bigint[]) {
    const db = database().db;
    expect(await closureOf(db, ids)).toEqual(closureFromUplines(await uplinesInDatabase(db, ids), ids));
  }

  it('when the move starts first, then the member joining under its branch moves with it', async () => {
    const { from, to, mid, leaf } = await branch();
    await mover.query('begin');
    await mover.query('update members set upline_id = $1 where id = $2', [to.toString(), mid.toString()]);
    await joiner.query('begin');
    const joined = join(joiner, leaf);
    // The join has run or waits for a lock before the move commits: the order this case is about.
    await Promise.race([joined, blockedOnLock(joiner)]);
    await mover.query('commit');
    const id = BigInt((await joined).rows[0]?.id as string);
    await joiner.query('commit');
    await expectClosureExact([from, to, mid, leaf, id]);
  });

  it('when the join starts first, then the move waits for it and takes the new member along', async () => {
    const { from, to, mid, leaf } = await branch();
    await joiner.query('begin');
    const id = BigInt((await join(joiner, leaf)).rows[0]?.id as string);
    await mover.query('begin');
    const moved = mover.query('update members set upline_id = $1 where id = $2', [
      to.toString(),
      mid.toString(),
    ]);
    await Promise.race([moved, blockedOnLock(mover)]);
    await joiner.query('commit');
    await moved;
    await mover.query('commit');
    await expectClosureExact([from, to, mid, leaf, id]);
  });
});
