import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';

let serial = 0;
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Members written in ONE statement, as a bulk load writes them: `uplines[i]` is the index (in this
 * batch) of member i's upline, or a member id already in the database, or null. Ids come from the
 * members sequence first so that a row can name an upline inserted beside it.
 */
export async function insertMembersInOneStatement(
  db: Database,
  uplines: ({ index: number } | { id: bigint } | null)[],
  type = 0,
): Promise<bigint[]> {
  const ids = (
    await rowsOf<{ id: string }>(
      db,
      sql`select nextval(pg_get_serial_sequence('members', 'id'))::text as id from generate_series(1, ${uplines.length}::int)`,
    )
  ).map((row) => BigInt(row.id));
  serial += 1;
  const prefix = `ln${Date.now().toString(36)}${serial}`;
  const values = uplines.map((upline, n) => {
    const uplineId = upline === null ? null : 'index' in upline ? (ids[upline.index] as bigint) : upline.id;
    return sql`(${ids[n]}::bigint, ${`${prefix}x${n}`}, ${`${prefix}x${n}`}, ${type}::smallint, ${uplineId}::bigint)`;
  });
  await db.execute(
    sql`insert into members (id, username, nickname, type, upline_id) overriding system value values ${sql.join(values, sql`, `)}`,
  );
  return ids;
}

/** Every closure row that names one of these members, as "ancestor>member@depth" strings, sorted. */
export async function closureOf(db: Executor, memberIds: bigint[]): Promise<string[]> {
  const rows = await rowsOf<{ ancestor_id: string; member_id: string; depth: number }>(
    db,
    sql`select ancestor_id::text, member_id::text, depth from line_closure
         where member_id = any(${`{${memberIds.join(',')}}`}::bigint[])`,
  );
  return rows.map((row) => `${row.ancestor_id}>${row.member_id}@${row.depth}`).sort();
}

/** The closure a member → upline map implies: what line_closure must hold for these members. */
export function closureFromUplines(uplineOf: Map<bigint, bigint | null>, memberIds: bigint[]): string[] {
  const rows: string[] = [];
  for (const memberId of memberIds) {
    let depth = 0;
    for (let at: bigint | null | undefined = memberId; at != null; at = uplineOf.get(at)) {
      rows.push(`${at}>${memberId}@${depth}`);
      depth += 1;
      if (!uplineOf.has(at)) break;
    }
  }
  return rows.sort();
}

/** member → upline of these members, as members.upline_id holds it now. */
export async function uplinesInDatabase(
  db: Executor,
  memberIds: bigint[],
): Promise<Map<bigint, bigint | null>> {
  const rows = await rowsOf<{ id: string; upline_id: string | null }>(
    db,
    sql`select id::text, upline_id::text from members where id = any(${`{${memberIds.join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map((row) => [BigInt(row.id), row.upline_id === null ? null : BigInt(row.upline_id)]));
}
