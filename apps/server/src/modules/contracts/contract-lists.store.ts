import type { ContractStatus } from '@fortuna/contracts/agent-contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { agentContracts } from './contracts.schema.ts';
import type { ContractRow } from './contracts.store.ts';

export interface ContractListFilter {
  /** The agent who gave them; null: the platform's contracts with top-level agents. */
  uplineId: bigint | null;
  memberId?: bigint;
  type?: string;
  status?: ContractStatus;
  now: Date;
}

/** The status as shown (contract-views.ts statusOf), as a condition: EXPIRED and INVALID are partly read from the end. */
function statusCondition(status: ContractStatus, now: Date): SQL {
  const ended = sql`(${agentContracts.endsAt} is not null and (${agentContracts.endsAt} <= ${now.toISOString()}::timestamptz or ${agentContracts.endsAt} <= ${agentContracts.startsAt}))`;
  const active = sql`${agentContracts.status} = 'ACTIVE'`;
  const invalidated = sql`${agentContracts.endReason} = 'INVALIDATED'`;
  switch (status) {
    case 'ACTIVE':
      return sql`(${active} and not ${ended})`;
    case 'EXPIRED':
      return sql`(${active} and ${ended} and not ${invalidated})`;
    case 'INVALID':
      return sql`(${agentContracts.status} = 'INVALID' or (${active} and ${ended} and ${invalidated}))`;
    default:
      return eq(agentContracts.status, status);
  }
}

/**
 * One page of the contracts an agent (or the platform) gave, newest first, each with its holder's
 * username: a read model over identity's members (ADR 026), so the list names people in one query.
 */
export async function findGivenPage(
  db: Executor,
  filter: ContractListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: (ContractRow & { memberUsername: string })[]; total: number }> {
  const where = and(
    filter.uplineId === null ? isNull(agentContracts.uplineId) : eq(agentContracts.uplineId, filter.uplineId),
    filter.memberId === undefined ? undefined : eq(agentContracts.memberId, filter.memberId),
    filter.type === undefined ? undefined : eq(agentContracts.type, filter.type),
    filter.status === undefined ? undefined : statusCondition(filter.status, filter.now),
  );
  const rows = await db
    .select({ contract: agentContracts, memberUsername: members.username })
    .from(agentContracts)
    .innerJoin(members, eq(members.id, agentContracts.memberId))
    .where(where)
    .orderBy(desc(agentContracts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(agentContracts).where(where);
  return {
    rows: rows.map((row) => ({ ...row.contract, memberUsername: row.memberUsername })),
    total: Number(counted?.total ?? 0),
  };
}
