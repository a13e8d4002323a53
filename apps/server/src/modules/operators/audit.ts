import type { Executor } from '../../platform/db/database.ts';
import { insertAuditEntry } from './operators.store.ts';

/**
 * Entries that record access rather than a change: operator logins and every call made with the
 * OPS_TOKEN break-glass secret. Counting the changes an action made leaves these out.
 */
export const ACCESS_AUDIT_ACTIONS = ['operator.login', 'ops-token.call'];

export interface AuditEntryInput {
  /** operatorOf(request).actor: 'operator:3' or 'ops-token'. */
  actor: string;
  /** What was done, 'withdrawal.approve', 'operator.create'. */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit entry. Pass the transaction of the action itself: the action and its trail
 * are committed together or not at all.
 */
export async function recordAudit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  await insertAuditEntry(tx, {
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: jsonSafe(entry.details ?? {}),
  });
}

// Ids and amounts are bigints in the code; JSON has no bigint, so they are kept as decimal strings.
function jsonSafe(details: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(details, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}
