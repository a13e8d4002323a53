import type { ApprovalThreshold } from '@fortuna/contracts/contract-bill-ops';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../../platform/db/database.ts';
import { recordAudit } from '../../operators/audit.ts';
import type { OperatorCaller } from '../../operators/operator-guards.ts';
import { contractSettings } from './settlement.schema.ts';

const SETTINGS_ROW = 1;

/**
 * The approval threshold of contract bills (ADR 048): what an operator set, or else the server's
 * configuration. Settlement runs read it in their own transaction, so a run applies the threshold
 * in force when it settles — a change never reaches a bill already written.
 */
export function createApprovalThreshold(deps: { db: Database; configuredAboveMinor: bigint | null }) {
  const { db, configuredAboveMinor } = deps;

  async function current(executor: Executor): Promise<ApprovalThreshold> {
    const [row] = await executor.select().from(contractSettings).where(eq(contractSettings.id, SETTINGS_ROW));
    if (!row)
      return {
        aboveMinor: configuredAboveMinor === null ? null : String(configuredAboveMinor),
        source: 'CONFIGURATION',
        updatedBy: null,
        updatedAt: null,
      };
    return {
      aboveMinor: row.approvalAboveMinor === null ? null : String(row.approvalAboveMinor),
      source: 'OPERATOR',
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    read: () => current(db),

    /** The threshold a settlement run applies: bills of more wait for approval; null: none. */
    async aboveMinorOf(tx: Executor): Promise<bigint | null> {
      const { aboveMinor } = await current(tx);
      return aboveMinor === null ? null : BigInt(aboveMinor);
    },

    /** An operator sets it (null: no threshold), audited with what it was, in one transaction. */
    set: (operator: OperatorCaller, aboveMinor: bigint | null) =>
      inTransaction(db, async (tx) => {
        const before = await current(tx);
        const values = { approvalAboveMinor: aboveMinor, updatedBy: operator.actor, updatedAt: new Date() };
        await tx
          .insert(contractSettings)
          .values({ id: SETTINGS_ROW, ...values })
          .onConflictDoUpdate({ target: contractSettings.id, set: values });
        const after = await current(tx);
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'contract-bill.approval-threshold',
          targetType: 'contract-settings',
          targetId: String(SETTINGS_ROW),
          details: { from: before.aboveMinor, fromSource: before.source, to: after.aboveMinor },
        });
        return after;
      }),

    /**
     * An operator goes back to the configuration's threshold: the operators' row is removed, audited
     * with what it was, in one transaction. Already the configuration's: nothing written, no audit.
     */
    reset: (operator: OperatorCaller) =>
      inTransaction(db, async (tx) => {
        const removed = await tx
          .delete(contractSettings)
          .where(eq(contractSettings.id, SETTINGS_ROW))
          .returning({ aboveMinor: contractSettings.approvalAboveMinor });
        const after = await current(tx);
        const [before] = removed;
        if (!before) return after;
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'contract-bill.approval-threshold.reset',
          targetType: 'contract-settings',
          targetId: String(SETTINGS_ROW),
          details: {
            from: before.aboveMinor === null ? null : String(before.aboveMinor),
            fromSource: 'OPERATOR',
            to: after.aboveMinor,
            toSource: after.source,
          },
        });
        return after;
      }),
  };
}
export type ApprovalThresholdSetting = ReturnType<typeof createApprovalThreshold>;
