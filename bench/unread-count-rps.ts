// Budget of issue 6: an authenticated GET /wps/relay/CSP_unreadCount reaches at least 60% of the
// requests per second of a bare Fastify route reading one member row by primary key through `pg`,
// from the same PostgreSQL, side by side in one run (bench/support/authenticated-read-vs-bare.ts).
// demo01's inbox is not empty: 40 messages of its own (half read, a few deleted), 20 broadcasts
// (some read or deleted by demo01, which leaves state rows) and 2,000 other members' messages in
// the same tables, so the count's one prepared statement does its real work.
// Run: npx tsx bench/unread-count-rps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import { MessagePaths } from '@fortuna/contracts/messages';
import type pg from 'pg';
import { compareAuthenticatedRead } from './support/authenticated-read-vs-bare.ts';

async function seedInbox(pool: pg.Pool, memberId: string): Promise<void> {
  const message = async (audience: string, title: string) => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into messages (audience, title, body, sent_by, sent_at)
       values ($1, $2, 'bench', 'bench', now() + interval '1 second') returning id`,
      [audience, title],
    );
    return rows[0]?.id as string;
  };
  const others = await pool.query<{ id: string }>("select id from members where username <> 'demo01'");
  for (let n = 0; n < 40; n += 1) {
    const id = await message('MEMBER', `own ${n}`);
    await pool.query(
      `insert into message_recipients (member_id, message_id, read_at, deleted_at)
       values ($1, $2, case when $3 then now() end, case when $4 then now() end)`,
      [memberId, id, n % 2 === 0, n % 10 === 0],
    );
  }
  for (let n = 0; n < 2000; n += 1) {
    const id = await message('MEMBER', `other ${n}`);
    const other = others.rows[n % Math.max(others.rows.length, 1)]?.id;
    if (other)
      await pool.query('insert into message_recipients (member_id, message_id) values ($1, $2)', [other, id]);
  }
  for (let n = 0; n < 20; n += 1) {
    const id = await message('ALL', `broadcast ${n}`);
    if (n % 4 === 0) {
      await pool.query(
        'insert into message_recipients (member_id, message_id, read_at) values ($1, $2, now())',
        [memberId, id],
      );
    }
  }
  await pool.query('analyze messages; analyze message_recipients');
}

await compareAuthenticatedRead({
  path: MessagePaths.unreadCount,
  label: 'unread count',
  budgetRatio: 0.6,
  pgRowPort: 18186,
  fortunaPort: 18187,
  seed: seedInbox,
});
