import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { agentContractTemplates } from './contracts.schema.ts';

export type TemplateRow = typeof agentContractTemplates.$inferSelect;

export async function insertTemplate(
  tx: Executor,
  row: Pick<TemplateRow, 'type' | 'name' | 'tiers' | 'createdBy'>,
): Promise<TemplateRow> {
  const [inserted] = await tx.insert(agentContractTemplates).values(row).returning();
  return inserted as TemplateRow;
}

/** The templates still offered, of one type or all, oldest first. */
export function findActiveTemplates(db: Executor, type?: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(agentContractTemplates)
    .where(
      and(
        eq(agentContractTemplates.status, 'ACTIVE'),
        type === undefined ? undefined : eq(agentContractTemplates.type, type),
      ),
    )
    .orderBy(asc(agentContractTemplates.id));
}

/** Archives an active template; undefined when there is none with this id. */
export async function archiveTemplate(tx: Executor, id: bigint): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .update(agentContractTemplates)
    .set({ status: 'ARCHIVED' })
    .where(and(eq(agentContractTemplates.id, id), eq(agentContractTemplates.status, 'ACTIVE')))
    .returning();
  return row;
}
