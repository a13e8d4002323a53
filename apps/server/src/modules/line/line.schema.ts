import { bigint, index, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * The line as a closure table (ADR 029): one row for every member and each of its uplines at any
 * distance, and one for the member itself at depth 0. "All of X's line" and "X's direct downlines"
 * are then ranges of one index, at any depth. Derived from `members.upline_id` by the database
 * (the triggers of migration 0017), so every way a member gets or changes an upline keeps it exact.
 */
export const lineClosure = pgTable(
  'line_closure',
  {
    // No foreign keys: only the triggers write these rows, from members that exist, and a key
    // check per row would double the cost of a bulk load of a network (ADR 029).
    ancestorId: bigint('ancestor_id', { mode: 'bigint' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** 0 for the member itself, 1 for a direct downline, 2 for a downline's downline, … */
    depth: smallint('depth').notNull(),
  },
  (table) => [
    // "X's line", "X's level n", "X's direct downlines": ranges of this index.
    primaryKey({ name: 'line_closure_pkey', columns: [table.ancestorId, table.depth, table.memberId] }),
    // "Is M in X's line, at what level", and M's uplines.
    index('line_closure_member_idx').on(table.memberId, table.ancestorId, table.depth),
  ],
);
