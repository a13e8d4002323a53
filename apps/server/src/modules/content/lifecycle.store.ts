import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { announcements, banners, notices } from './content.schema.ts';

/** The tables that share the DRAFT → PUBLISHED → WITHDRAWN lifecycle. */
export const lifecycleTables = { announcement: announcements, notice: notices, banner: banners } as const;
export type ContentKind = keyof typeof lifecycleTables;

export interface LifecycleState {
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Locks the item's row for the rest of the transaction; undefined when there is none. */
export async function lockLifecycle(tx: Executor, kind: ContentKind, id: bigint) {
  const table = lifecycleTables[kind] as typeof announcements;
  const [row] = await tx
    .select({ status: table.status, startsAt: table.startsAt, endsAt: table.endsAt })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row as LifecycleState | undefined;
}

export async function updateLifecycle(
  tx: Executor,
  kind: ContentKind,
  id: bigint,
  change: Partial<{ status: string; publishedAt: Date; startsAt: Date | null; endsAt: Date | null }>,
): Promise<void> {
  const table = lifecycleTables[kind] as typeof announcements;
  await tx
    .update(table)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(table.id, id));
}
